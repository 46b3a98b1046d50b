/**
 * "Show internal calls" beside the call tree's controls: one run of the debug tracer for the whole
 * trace (its cost beside the button), then what it found — or why nothing — in plain words.
 */
import { Button, groupedNumber } from "../../ui";
import type { InternalCalls } from "./context";

export function InternalCallsControl({ state }: { state: InternalCalls }) {
  const { asked, busy, found, notes, error } = state;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        {found ? null : (
          <Button
            onClick={state.ask}
            disabled={busy}
            title="Another run of the transaction with Nodescope's debug tracer, read with the verified sources"
          >
            Show internal calls
          </Button>
        )}
        {!asked && state.costNote ? (
          <span className="text-slate-700 dark:text-slate-300">{state.costNote}</span>
        ) : null}
        {busy ? (
          <span role="status" className="text-slate-700 dark:text-slate-300">
            Reading internal calls…
          </span>
        ) : found ? (
          <span role="status">
            {groupedNumber(found.calls)} internal {found.calls === 1 ? "call" : "calls"} in{" "}
            {groupedNumber(found.frames)} {found.frames === 1 ? "frame" : "frames"} with verified
            source, shown under their frames.
          </span>
        ) : null}
      </div>
      {notes.length ? (
        <ul className="list-disc pl-5 text-slate-700 dark:text-slate-300">
          {notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      {error}
    </div>
  );
}
