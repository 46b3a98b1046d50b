/**
 * A callTracer answer read, parsed, checked and modelled in one place, so it can run in a Worker
 * (worker/serve.ts) and hand the main thread compact typed arrays and frames in chunks instead of
 * 39 MB of text to parse. Pure functions, no DOM: the unit tests run them in Node.
 *
 * Anything but a plain, valid result for the request (a JSON-RPC error, another id, a body that
 * is not JSON, a schema failure) is handed back as text, and the main thread's interpret step
 * names it exactly as it names every other answer.
 */
import { isRecord, readEnvelope, sameId } from "../rpc/response";
import { checkCallTreeInPlace } from "./check";
import { flatten } from "./flatten";
import type { TraceModel } from "./model";
import { baseStructure, buildRows, expandToDepth, initialExpansion, OPEN_DEPTH } from "./tree";
import { previewTrace } from "./preview";
import { isMuxAnswer } from "./load";
import { FRAME_ISSUES, isEmptyStructLog, type CallFrame, type FrameIssue } from "./result";

/**
 * The checked frame tree of a plain callTracer result answering `id`, read as the query reads it
 * (traceAnswerSchema: an object that is neither a muxTracer answer nor the empty opcode log is a
 * call tree), checked in one pass (check.ts); null for anything else, which the main thread then
 * reads as always (a block's answer, a muxTracer answer, an error, another id).
 */
export function checkedValue(value: unknown, id: number): CallFrame | null {
  const envelope = readEnvelope(value);
  if (!envelope.ok || envelope.kind !== "result" || !sameId(envelope.id, id)) return null;
  const result = envelope.result;
  if (!isRecord(result) || isMuxAnswer(result) || isEmptyStructLog(result)) return null;
  return checkCallTreeInPlace(result);
}

/** The model without its frames: typed arrays and plain values, cheap to post and transfer. */
export type PackedModel = Omit<TraceModel, "frames">;

/** Frames posted together: their indices, the frames without `calls`, and their issues. */
export interface FrameChunk {
  indices: Int32Array;
  frames: CallFrame[];
  /** [position in this chunk, issues] for frames with issues (a symbol does not survive posting). */
  issues: [number, FrameIssue[]][];
}

/** The largest first chunk: enough top frames for several screens of rows. */
export const FIRST_CHUNK_FRAMES = 2_000;
/** Frames per later chunk: each costs the main thread a few milliseconds to receive. */
export const CHUNK_FRAMES = 4_000;
/** A chunk also ends once its frames carry this much calldata/output text. */
export const CHUNK_CHARS = 2_000_000;

/**
 * The order frames are sent in: first the frames the tree shows when it opens (its initial
 * expansion), in pre-order, so rows appear at once; then the rest in pre-order.
 */
export function chunkPlan(model: TraceModel): Int32Array[] {
  const n = model.size;
  const expanded = initialExpansion(model);
  const first: number[] = [];
  const inFirst = new Uint8Array(n);
  // Walk the initially visible frames: a collapsed frame's subtree is skipped whole.
  for (let i = 0; i < n && first.length < FIRST_CHUNK_FRAMES;) {
    first.push(i);
    inFirst[i] = 1;
    i = (model.childCount[i] as number) > 0 && expanded[i] !== 1 ? (model.end[i] as number) : i + 1;
  }
  const chunks: Int32Array[] = [Int32Array.from(first)];
  let current: number[] = [];
  let chars = 0;
  for (let i = 0; i < n; i++) {
    if (inFirst[i]) continue;
    current.push(i);
    const f = model.frames[i];
    chars +=
      (typeof f?.input === "string" ? f.input.length : 0) +
      (typeof f?.output === "string" ? f.output.length : 0);
    if (current.length >= CHUNK_FRAMES || chars >= CHUNK_CHARS) {
      chunks.push(Int32Array.from(current));
      current = [];
      chars = 0;
    }
  }
  if (current.length > 0) chunks.push(Int32Array.from(current));
  return chunks;
}

/**
 * The frames at `indices`, ready to post: each frame's children are taken out (`calls` set to
 * undefined, the key kept in its place) so that posting a frame does not post its subtree; the
 * page puts them back from the model's parents (arrival.ts). Issues travel beside the frames (a
 * symbol does not survive posting).
 */
export function packChunk(frames: readonly CallFrame[], indices: Int32Array): FrameChunk {
  const out: CallFrame[] = new Array<CallFrame>(indices.length);
  const issues: [number, FrameIssue[]][] = [];
  for (let k = 0; k < indices.length; k++) {
    const f = frames[indices[k] as number] as CallFrame;
    if (f.calls !== undefined) f.calls = undefined;
    out[k] = f;
    const own = f[FRAME_ISSUES];
    if (own) issues.push([k, own]);
  }
  return { indices, frames: out, issues };
}

/** The model's arrays and values, and the buffers to transfer with them. */
export function packModel(model: TraceModel): { packed: PackedModel; transfer: ArrayBuffer[] } {
  const { frames: _frames, ...packed } = model;
  const buffers = new Set<ArrayBuffer>();
  for (const v of Object.values(packed))
    if (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer) buffers.add(v.buffer);
  return { packed, transfer: [...buffers] };
}

/**
 * What the Worker makes of a body: the model and the order its frames are posted in (packed one
 * chunk at a time, as the page asks), or null for anything the page's interpret step reads.
 */
export function modelAnswer(
  text: string,
  id: number,
  /** Told as each step ends (the Worker's timings for the benchmark). */
  mark: (step: "parsed" | "checked" | "flattened") => void = () => undefined,
): { model: TraceModel; plan: Int32Array[] } | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  mark("parsed");
  return modelValue(value, id, mark);
}

/** As `modelAnswer`, for an answer already parsed. */
export function modelValue(
  value: unknown,
  id: number,
  mark: (step: "checked" | "flattened") => void = () => undefined,
): { model: TraceModel; plan: Int32Array[] } | null {
  const root = checkedValue(value, id);
  if (!root) return null;
  mark("checked");
  const model = flatten(root);
  mark("flattened");
  return { model, plan: chunkPlan(model) };
}

/** The top of the tree from the part of the body that has arrived (preview.ts), ready to post. */
export interface PreviewPost {
  model: PackedModel;
  transfer: ArrayBuffer[];
  /** Every frame but the pending ones (open frames whose row fields have not all arrived). */
  chunk: FrameChunk;
  /** Rows the tree opens with, and how many of them show a frame (not a placeholder). */
  rows: number;
  shownRows: number;
}

/** The frames of a tree in pre-order (the order preview.ts read them in). */
function preorder(root: Record<string, unknown>): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const stack: Record<string, unknown>[] = [root];
  while (stack.length > 0) {
    const f = stack.pop() as Record<string, unknown>;
    out.push(f);
    const calls = f.calls;
    if (Array.isArray(calls))
      for (let c = calls.length - 1; c >= 0; c--) stack.push(calls[c] as Record<string, unknown>);
  }
  return out;
}

/**
 * A preview of the answer whose first characters are `text`, or null when there is nothing to
 * show yet (or the text does not start as a call tree answering `id`, or is already complete: the
 * full answer is about to be read).
 */
export function previewAnswer(text: string, id: number): PreviewPost | null {
  const tree = previewTrace(text, id);
  if (!tree || tree.complete) return null;
  const read = preorder(tree.root);
  // Pending frames are checked like any other; they only hold the tree's shape.
  read.forEach((f, i) => {
    if (tree.shown[i]) return;
    if (typeof f.type !== "string") f.type = "?";
    if (typeof f.from !== "string") f.from = "";
  });
  let model: TraceModel;
  try {
    model = flatten(checkCallTreeInPlace(tree.root));
  } catch {
    return null;
  }
  if (model.size !== read.length) return null;
  // A collapsed frame's children were counted, not read: it shows as a closed frame with them.
  tree.hiddenChildren.forEach((n, i) => {
    if (n > 0) model.childCount[i] = n;
  });
  const s = baseStructure(model);
  const rows = buildRows(model, s, expandToDepth(model, s, OPEN_DEPTH));
  let shownRows = 0;
  for (let r = 0; r < rows.length; r++)
    if (rows.log[r] === -1 && tree.shown[rows.frame[r] as number]) shownRows++;
  const indices: number[] = [];
  for (let i = 0; i < model.size; i++) if (tree.shown[i]) indices.push(i);
  const chunk = packChunk(model.frames, Int32Array.from(indices));
  const { packed, transfer } = packModel(model);
  return { model: packed, transfer, chunk, rows: rows.length, shownRows };
}

export { traceDecodingKeys } from "./decodingKeys";
