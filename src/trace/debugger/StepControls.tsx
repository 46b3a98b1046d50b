/**
 * The debugger's commands: Step back / into / over / out (their keys in the titles) and a slider
 * over every step of the frame, with "step K of N" as its value text.
 */
import { useId } from "react";
import { Button, groupedNumber } from "../../ui";
import { STEP_COMMANDS, stillReason, type StepKind } from "./keys";

export function StepControls({
  step,
  size,
  disabled = false,
  onStep,
  onJump,
  targets,
}: {
  step: number;
  size: number;
  /** Nothing to step through yet. */
  disabled?: boolean;
  onStep: (kind: StepKind) => void;
  onJump: (k: number) => void;
  /** Where each command leads from this step (a command that stays put is disabled). */
  targets: Readonly<Record<StepKind, number>>;
}) {
  const hintId = useId();
  const why = (kind: StepKind) => stillReason(kind, step, size, targets[kind], disabled);
  // A disabled button says why (its title), and the commonest case — a failed frame opened at
  // its last step — is said beside the buttons too, where it is seen without a hover.
  const forward = why("into") ?? why("over");
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div role="group" aria-label="Step" className="flex flex-wrap items-center gap-1">
        {STEP_COMMANDS.map((c) => {
          const reason = why(c.kind);
          return (
            <Button
              key={c.kind}
              title={`${c.label} (${c.keys})${reason ? ` — unavailable: ${reason}` : ""}`}
              aria-keyshortcuts={c.keys.replace(" or ", " ")}
              aria-describedby={reason && reason === forward ? hintId : undefined}
              disabled={reason !== null}
              onClick={() => onStep(c.kind)}
            >
              {c.label}
            </Button>
          );
        })}
        {forward ? (
          <span id={hintId} className="text-xs text-slate-700 dark:text-slate-300">
            {forward.charAt(0).toUpperCase() + forward.slice(1)}.
          </span>
        ) : null}
      </div>
      <label className="flex min-w-48 flex-1 items-center gap-2 text-sm">
        <span>Go to step</span>
        <input
          type="range"
          min={0}
          max={Math.max(0, size - 1)}
          value={step}
          disabled={disabled}
          aria-valuetext={`step ${groupedNumber(step + 1)} of ${groupedNumber(size)}`}
          onChange={(e) => onJump(Number(e.currentTarget.value))}
          className="flex-1 accent-indigo-700 dark:accent-indigo-300"
        />
      </label>
    </div>
  );
}
