/**
 * A block-level or muxTracer answer (pasted, or from a node behind a custom URL) asks the user to
 * pick a transaction / a tracer: one pick per level, kept for the answer they were made on. Gives
 * the levels to pick from, what the picks lead to, and the call tree's model for it.
 */
import { useMemo, useState } from "react";
import { frameOf, resolvePicks, type TraceAnswer } from "../../trace/load";
import { flatten } from "../../trace/flatten";
import type { TraceModel } from "../../trace/model";

const NO_PICKS: number[] = [];

export function useAnswerPicks(
  answer: TraceAnswer | null,
  answerRaw: unknown,
  /** The model the query built for its answer's top frame (null for a file's). */
  directModel: TraceModel | null,
) {
  const [picks, setPicks] = useState<{ of: TraceAnswer | null; path: number[] }>({
    of: null,
    path: NO_PICKS,
  });
  const picked = picks.of === answer ? picks.path : NO_PICKS;
  const levels = useMemo(() => {
    if (!answer) return [];
    const out = [];
    for (let d = 0; d <= picked.length; d++) {
      const at = resolvePicks(answer, answerRaw, picked.slice(0, d));
      if (at.depth < d || (at.answer.kind !== "block" && at.answer.kind !== "mux")) break;
      out.push(at.answer);
    }
    return out;
  }, [answer, answerRaw, picked]);
  const resolved = useMemo(
    () => (answer ? resolvePicks(answer, answerRaw, picked) : null),
    [answer, answerRaw, picked],
  );
  const pickedFrame = frameOf(resolved?.answer ?? null);
  const builtModel = useMemo(
    () => (pickedFrame && directModel?.frames[0] !== pickedFrame ? flatten(pickedFrame) : null),
    [pickedFrame, directModel],
  );
  const model =
    directModel && (answer === null || directModel.frames[0] === pickedFrame)
      ? directModel
      : builtModel;
  const pick = (depth: number, k: number) =>
    setPicks({ of: answer, path: [...picked.slice(0, depth), k] });
  return { picked, levels, resolved, model, pick };
}
