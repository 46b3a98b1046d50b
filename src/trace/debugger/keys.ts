/**
 * The debugger's step commands and their keys: a debugger's function keys (F11 into, F10 over,
 * Shift+F11 out, Shift+F10 back) and letters for keyboards and browsers that keep F10/F11
 * (i, o, u, b). No React.
 */
export type StepKind = "into" | "over" | "out" | "back";

export const STEP_COMMANDS: readonly {
  kind: StepKind;
  label: string;
  /** As shown in the button's title. */
  keys: string;
}[] = [
  { kind: "back", label: "Step back", keys: "Shift+F10 or b" },
  { kind: "into", label: "Step into", keys: "F11 or i" },
  { kind: "over", label: "Step over", keys: "F10 or o" },
  { kind: "out", label: "Step out", keys: "Shift+F11 or u" },
];

export interface KeyLike {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** The step a key press asks for, or null (another key, or with Ctrl/Alt/Meta: the browser's). */
export function stepOfKey(e: KeyLike): StepKind | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  switch (e.key) {
    case "F11":
      return e.shiftKey ? "out" : "into";
    case "F10":
      return e.shiftKey ? "back" : "over";
    case "i":
      return e.shiftKey ? null : "into";
    case "o":
      return e.shiftKey ? null : "over";
    case "u":
      return e.shiftKey ? null : "out";
    case "b":
      return e.shiftKey ? null : "back";
    default:
      return null;
  }
}

/** Whether a key press belongs to a field being typed in (then it is not a step). */
export function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && target.type !== "range";
}

/**
 * Why a step command cannot move from `step` (its target is where it stands), in a sentence the
 * button's title and the hint beside the buttons say; null when it can move. `waiting`: the steps
 * are not here yet.
 */
export function stillReason(
  kind: StepKind,
  step: number,
  size: number,
  target: number,
  waiting: boolean,
): string | null {
  if (waiting) return "the steps are still loading";
  if (target !== step) return null;
  if (kind === "back") return "this is the frame's first step: nothing comes before it";
  if (step >= size - 1)
    return "this is the frame's last step (where it stopped): nothing comes after it";
  if (kind === "out") return "no later step of this frame is outside the current function";
  return "no later step of this frame is placed in the source";
}
