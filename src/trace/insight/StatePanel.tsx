/**
 * The State changes view: a button that asks for the diff-mode prestate (another trace, so never
 * asked by itself), then the answer, a node that ignored diffMode, or a failure explained.
 */
import type { ReactNode } from "react";
import { Button } from "../../ui";
import type { StateDiffResult } from "./stateDiff";
import { StateChanges } from "./StateChanges";

export function StatePanel({
  asked,
  onAsk,
  busy,
  result,
  error,
  costNote,
  nativeSymbol,
  intro,
}: {
  asked: boolean;
  onAsk: () => void;
  busy: boolean;
  result: StateDiffResult | undefined;
  /** The failure, already rendered (error panel + what to try). */
  error: ReactNode;
  /** "280 compute units" on a priced endpoint, else null. */
  costNote: string | null;
  nativeSymbol?: string;
  /** What the button asks for, when it is not a mined transaction's trace (a simulation). */
  intro?: string;
}) {
  if (!asked || (!busy && !result && !error))
    return (
      <div className="flex flex-col items-start gap-2 text-sm">
        <p>
          {intro ??
            "State changes come from another trace of this transaction: the prestateTracer in diff mode, which lists every account and storage slot the transaction changed, before and after."}
          {costNote
            ? ` That run costs ${costNote} on this endpoint.`
            : " That is one more request to the node, which replays the transaction again."}{" "}
          One press asks it; a link that opens on this view (view=state) asks it by itself.
        </p>
        <Button variant="primary" onClick={onAsk}>
          {costNote ? `Show state changes (${costNote})` : "Show state changes"}
        </Button>
      </div>
    );
  if (busy)
    return (
      <p role="status" className="text-sm">
        Asking the node for the state changes (prestateTracer, diffMode)…
      </p>
    );
  if (error) return <>{error}</>;
  if (!result) return null;
  if (result.kind === "prestate")
    return (
      <p role="alert" className="text-sm">
        The node ignored <code>diffMode</code>: it sent the state of {result.accounts} accounts as
        they were before the transaction, without what changed. This node cannot show state changes;
        a geth-compatible node (or an endpoint that supports the prestateTracer&apos;s diff mode)
        can.
      </p>
    );
  if (result.kind === "unreadable")
    return (
      <p role="alert" className="text-sm">
        The node&apos;s prestateTracer answer is not a diff this view can read ({result.reason}).
        The Raw JSON of the request is in the Requests panel.
      </p>
    );
  return <StateChanges accounts={result.accounts} nativeSymbol={nativeSymbol} />;
}
