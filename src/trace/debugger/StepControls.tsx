/**
 * The debugger's commands: Step back / into / over / out (their keys in the titles) and a slider
 * over every step of the frame, with "step K of N" as its value text.
 */
import { Button } from "../../ui";
import { STEP_COMMANDS, type StepKind } from "./keys";

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
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div role="group" aria-label="Step" className="flex flex-wrap gap-1">
        {STEP_COMMANDS.map((c) => (
          <Button
            key={c.kind}
            title={`${c.label} (${c.keys})`}
            aria-keyshortcuts={c.keys.replace(" or ", " ")}
            disabled={disabled || targets[c.kind] === step}
            onClick={() => onStep(c.kind)}
          >
            {c.label}
          </Button>
        ))}
      </div>
      <label className="flex min-w-48 flex-1 items-center gap-2 text-sm">
        <span>Go to step</span>
        <input
          type="range"
          min={0}
          max={Math.max(0, size - 1)}
          value={step}
          disabled={disabled}
          aria-valuetext={`step ${(step + 1).toLocaleString("en-US")} of ${size.toLocaleString("en-US")}`}
          onChange={(e) => onJump(Number(e.currentTarget.value))}
          className="flex-1 accent-indigo-700 dark:accent-indigo-300"
        />
      </label>
    </div>
  );
}
