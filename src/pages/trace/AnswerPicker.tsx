/**
 * The choice a block-level or muxTracer answer asks for: which transaction of the block, or which
 * tracer's part, to show. A radio list (a labelled group; arrow keys move the choice), one line
 * per transaction with its hash or index, top call and frame count.
 */
import { useId } from "react";
import { groupedNumber, shortAddress, shortHex } from "../../ui";
import type { TraceAnswer } from "../../trace/load";

export function AnswerPicker({
  answer,
  picked,
  onPick,
}: {
  answer: TraceAnswer;
  /** The picked entry or part, or null. */
  picked: number | null;
  onPick: (index: number) => void;
}) {
  const id = useId();
  if (answer.kind === "block") {
    if (answer.entries.length === 0)
      return (
        <p role="status" className="text-sm">
          A block-level answer with no transactions (the node sent an empty list): nothing to show.
        </p>
      );
    return (
      <fieldset className="flex flex-col gap-1 text-sm">
        <legend className="font-medium">
          Transaction in this block ({groupedNumber(answer.entries.length)}): pick one to see its
          call tree
        </legend>
        <div className="flex max-h-64 flex-col overflow-auto rounded border border-slate-200 dark:border-slate-700">
          {answer.entries.map((e) => (
            <label
              key={e.position}
              className="flex cursor-pointer items-center gap-2 px-2 py-1 font-mono text-xs hover:bg-slate-50 dark:hover:bg-slate-900"
            >
              <input
                type="radio"
                name={`${id}-tx`}
                checked={picked === e.position}
                onChange={() => onPick(e.position)}
              />
              <span>#{e.position}</span>
              <span title={e.txHash ?? undefined}>
                {e.txHash ? shortHex(e.txHash) : "(no txHash)"}
              </span>
              {e.error !== null ? (
                <span className="text-red-800 dark:text-red-300">error: {e.error}</span>
              ) : e.topType ? (
                <span>
                  {e.topType} → {shortAddress(e.topTo)} · {groupedNumber(e.frames)} frame
                  {e.frames === 1 ? "" : "s"}
                </span>
              ) : (
                <span>not a call tree</span>
              )}
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  if (answer.kind === "mux")
    return (
      <fieldset className="flex flex-wrap items-center gap-3 text-sm">
        <legend className="font-medium">
          Tracer (a muxTracer answer holds several): pick one to show
        </legend>
        {answer.parts.map((p, k) => (
          <label key={p.name} className="flex items-center gap-1 font-mono text-xs">
            <input
              type="radio"
              name={`${id}-tracer`}
              checked={picked === k}
              onChange={() => onPick(k)}
            />
            {p.name}
          </label>
        ))}
      </fieldset>
    );
  return null;
}
