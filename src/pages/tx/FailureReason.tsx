/**
 * Why a failed transaction failed, without a paid trace: its call replayed with eth_call at the
 * parent block, the revert read as the estimate page reads it (src/decoding/revertReason.ts). A
 * replay runs on the state before the block, not after the transactions before it in the block:
 * said plainly, with the trace offered for certainty.
 */
import { useId } from "react";
import { formatDecimal, type AbiRegistry } from "../../chain";
import { ExecutionRevertedError } from "../../rpc";
import { href } from "../../routing/links";
import { readRevert } from "../../decoding/revertReason";
import { RpcErrorPanel } from "../../advice/RpcErrorPanel";
import type { ReplayOutcome } from "./receiptQuery";

/** How nodes say a past block's state is gone (geth, erigon, nethermind, besu, reth wordings). */
const STATE_GONE =
  /missing trie node|historical state|state.*(not available|pruned)|header not found|unknown block|state at block .* is pruned/i;

export interface FailureReasonProps {
  hash: string;
  /** The parent block the call was replayed at (decimal). */
  parent: bigint;
  outcome: ReplayOutcome | undefined;
  /** A transport failure of the replay (the node gave no verdict). */
  error: unknown;
  onRetry: () => void;
  registry: AbiRegistry;
  to: string | null;
  /** The transaction used all its gas: an out-of-gas failure leaves no revert data. */
  usedAllGas: boolean;
}

export function FailureReason({
  hash,
  parent,
  outcome,
  error,
  onRetry,
  registry,
  to,
  usedAllGas,
}: FailureReasonProps) {
  const headingId = useId();
  const at = `block ${formatDecimal(parent)}`;
  let reason: string | null = null;
  let detail: string | null = null;
  if (outcome?.kind === "error") {
    const e = outcome.error;
    if (e instanceof ExecutionRevertedError) {
      const r = readRevert(e, e.rpcMessage, registry, to);
      reason = r.phrase;
      if (r.data && r.data !== "0x") detail = `revert data ${r.data}`;
    } else if (STATE_GONE.test(e.rpcMessage))
      reason = `the node no longer has the state of ${at} to replay on (not an archive node: ${e.rpcMessage})`;
    else reason = e.rpcMessage;
  } else if (outcome?.kind === "returned") {
    reason = usedAllGas
      ? "it ran out of gas (it used its whole gas limit; the replay, with the same limit, did not fail)"
      : null;
  }
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-1 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-slate-900 dark:border-red-900 dark:bg-red-950 dark:text-slate-100"
    >
      <h3 id={headingId} className="font-semibold">
        Why it failed
      </h3>
      {error ? (
        <RpcErrorPanel
          error={error}
          title={`The replay (eth_call at ${at}) failed`}
          onRetry={onRetry}
        />
      ) : !outcome ? (
        <p role="status">Replaying its call at {at}…</p>
      ) : reason ? (
        <p data-failure-reason="">
          Reason: <span className="break-all font-mono">{reason}</span>
        </p>
      ) : (
        <p data-failure-reason="">
          The replay did not fail: the failure depended on what earlier transactions of its block
          changed. The trace shows what happened.
        </p>
      )}
      {detail ? <p className="break-all font-mono text-xs">{detail}</p> : null}
      {usedAllGas && outcome?.kind === "error" ? (
        <p className="text-xs">It used its whole gas limit: it may have run out of gas.</p>
      ) : null}
      <p className="text-xs text-slate-700 dark:text-slate-300">
        This is a replay: the same call (from, to, value, input, gas) run with eth_call on the state
        at {at}, before its own block. It can differ from what happened when earlier transactions of
        the same block mattered.{" "}
        <a
          className="text-indigo-800 underline dark:text-indigo-200"
          href={href("trace", { hash })}
        >
          Trace the transaction for certainty
        </a>
      </p>
    </section>
  );
}
