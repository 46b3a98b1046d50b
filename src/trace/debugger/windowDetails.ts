/**
 * Pass 2's answers read once each: a window's steps in detail, by step, kept per answer object
 * (react-query keeps the object as long as the answer), so a window read when it arrived ahead
 * of the step costs nothing when the step reaches it. No React.
 */
import { parseDebugTrace, type StepDetail } from "../steps";

export type WindowDetails =
  | { kind: "details"; steps: ReadonlyMap<number, StepDetail> }
  | { kind: "unreadable"; reason: string };

const read = new WeakMap<object, WindowDetails>();

/** The steps of the window an answer describes (its frame's), or why it cannot be read. */
export function windowDetails(answer: unknown): WindowDetails {
  const cached = typeof answer === "object" && answer !== null ? read.get(answer) : undefined;
  if (cached) return cached;
  // Pass 1 lined the frames up with the call tree already: no model here.
  const parsed = parseDebugTrace(answer, null);
  let out: WindowDetails;
  if (parsed.kind === "unreadable") out = parsed;
  else {
    const frame = parsed.trace.window?.frame;
    const data = frame === undefined ? undefined : parsed.trace.frames[frame];
    out = data
      ? { kind: "details", steps: data.details }
      : { kind: "unreadable", reason: "the answer describes no window of steps" };
  }
  if (typeof answer === "object" && answer !== null) read.set(answer, out);
  return out;
}
