/**
 * The call stack at the current step: the external function first, then the internal calls it
 * made down to the one running, each naming its function and where it is (its own line for the
 * innermost, the line calling the next for the others); a press goes to that step.
 */
import { useId } from "react";

export interface CallStackItem {
  name: string;
  kind: "external" | "internal";
  place: { path: string; line: number } | null;
  /** The step it points at. */
  step: number;
}

export function CallStackList({
  items,
  current,
  onJump,
}: {
  items: readonly CallStackItem[];
  current: number;
  onJump: (k: number) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <h4 id={id} className="text-sm font-semibold">
        Call stack
      </h4>
      {items.length === 0 ? (
        <p className="text-xs">No function: this step is in the dispatcher or generated code.</p>
      ) : (
        <ol aria-labelledby={id} className="flex flex-col gap-0.5 text-xs">
          {items.map((c, i) => (
            <li key={`${i}:${c.name}`} className="flex flex-wrap items-baseline gap-x-2">
              <button
                type="button"
                onClick={() => onJump(c.step)}
                aria-current={c.step === current ? "step" : undefined}
                className="font-mono font-semibold text-indigo-800 underline dark:text-indigo-200"
                style={{ paddingLeft: i * 8 }}
              >
                {c.name}
              </button>
              <span className="text-slate-700 dark:text-slate-300">
                {c.kind === "external" ? "external" : "internal"}
              </span>
              {c.place ? (
                <span className="font-mono">
                  {c.place.path}:{c.place.line}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
