/**
 * Search over the trace (no React): one lower-case text per frame, built once per model and
 * names source (in slices between frames of the page), then a plain substring pass.
 */
import { includer } from "../platform/text";
import type { CallFrame } from "./result";
import { frameError, frameType, nodeRevertReason, type TraceModel } from "./model";
import type { Structure } from "./tree";

/** What search needs to know beyond the raw frame: names the decoder can give cheaply. */
export interface SearchNames {
  /** `address`: the called contract (or the emitting one), whose verified ABI names come first. */
  functionName: (selector: string, address?: string) => string | undefined;
  eventName: (topic0: string, address?: string) => string | undefined;
  /** The decoded revert reason of a failed frame's output. */
  revertText: (output: string) => string | undefined;
}

/** Lower-case searchable text per frame, built once per model and names source. */
export function buildSearchTexts(
  m: TraceModel,
  names: SearchNames,
  /** Only frames [from, to) into `texts` (built in slices between frames of the page). */
  part?: { from: number; to: number; texts: string[] },
): string[] {
  const texts = part?.texts ?? new Array<string>(m.size);
  const fnCache = new Map<string, string>();
  const evCache = new Map<string, string>();
  for (let i = part?.from ?? 0, stop = part ? Math.min(part.to, m.size) : m.size; i < stop; i++) {
    const f = m.frames[i] as CallFrame;
    const parts: string[] = [frameType(f), f.from, typeof f.to === "string" ? f.to : ""];
    const input = typeof f.input === "string" ? f.input : "";
    if (input.length >= 10) {
      const sel = input.slice(0, 10).toLowerCase();
      const to = typeof f.to === "string" ? f.to.toLowerCase() : "";
      const key = `${to}|${sel}`;
      let name = fnCache.get(key);
      if (name === undefined) {
        name = names.functionName(sel, to || undefined) ?? "";
        fnCache.set(key, name);
      }
      parts.push(sel, name);
    }
    const error = frameError(f);
    if (error) {
      parts.push(error);
      const reason = nodeRevertReason(f);
      if (reason) parts.push(reason);
      if (typeof f.output === "string" && f.output.length > 2)
        parts.push(names.revertText(f.output) ?? "");
    }
    if (Array.isArray(f.logs)) {
      for (const l of f.logs) {
        parts.push(l.address);
        const t0 = l.topics[0];
        if (t0) {
          const key = t0.toLowerCase();
          const at = `${l.address.toLowerCase()}|${key}`;
          let name = evCache.get(at);
          if (name === undefined) {
            name = names.eventName(key, l.address) ?? "";
            evCache.set(at, name);
          }
          parts.push(key, name);
        }
      }
    }
    texts[i] = parts.join("\u0001").toLowerCase();
  }
  return texts;
}

/**
 * What a frame's decoded values add to its search text: the call's arguments and return values,
 * its logs' decoded arguments (names and values: addresses, amounts, strings), lower-cased.
 * Decoding costs far more than the names above, so these are built after them, in their own idle
 * slices (searchIndex.ts); until a frame's are built, a hex query is looked for in its raw data.
 */
export interface DecodedValues {
  /** The call's arguments and return values; `outputRead`: the return data decoded too. */
  call: (f: CallFrame) => { values: { name: string; value: string }[]; outputRead: boolean } | null;
  log: (l: NonNullable<CallFrame["logs"]>[number]) => { name: string; value: string }[] | null;
}

/**
 * Decoded-value texts of frames [from, to) into `texts` ("" when a frame has none), and in
 * `covered` a 1 where everything the frame carries decoded (its call, when it has arguments, and
 * every log): its raw data then holds nothing its text does not, and a search skips it.
 */
export function buildDecodedTexts(
  m: TraceModel,
  values: DecodedValues,
  part: { from: number; to: number; texts: string[]; covered: Uint8Array },
): void {
  for (let i = part.from, stop = Math.min(part.to, m.size); i < stop; i++) {
    const f = m.frames[i] as CallFrame;
    const parts: string[] = [];
    let whole = true;
    const push = (args: { name: string; value: string }[] | null) => {
      if (args) for (const a of args) parts.push(a.name, a.value);
      else whole = false;
    };
    const input = typeof f.input === "string" ? f.input : "";
    const call = input.length >= 10 ? values.call(f) : null;
    // Calldata beyond a bare selector has arguments to read; a bare selector or none has none.
    if (input.length > 10) push(call?.values ?? null);
    if (Array.isArray(f.logs)) for (const l of f.logs) push(values.log(l));
    // Return data not decoded (no ABI for it) is looked for raw; a failed frame's revert data
    // is read into its names text (revertText) already.
    if (typeof f.output === "string" && f.output.length > 2 && !frameError(f) && !call?.outputRead)
      whole = false;
    part.texts[i] = parts.length > 0 ? parts.join("\u0001").toLowerCase() : "";
    part.covered[i] = whole ? 1 : 0;
  }
}

/** A query that reads as hex data (an address, a word, a selector): looked for in raw data too. */
const RAW_HEX_RE = /^0x([0-9a-f]{8,})$/;

/** A text to find: `(s) => s.includes(q)`, quicker on zero-heavy hex (platform/text). */
type Needle = (s: string) => boolean;

/** Whether the frame's calldata, output or logs (topics, data) hold `hex` (lower-case, no 0x). */
function rawDataHolds(f: CallFrame, has: Needle): boolean {
  // Nodes send data as lower-case hex (every client the app knows does): a plain substring test,
  // no lower-cased copy of every frame's calldata per search. No closure made per frame: this
  // runs for every frame of a 100,000-frame trace.
  const { input, output, logs } = f;
  if (typeof input === "string" && has(input)) return true;
  if (typeof output === "string" && has(output)) return true;
  if (Array.isArray(logs))
    for (const l of logs) {
      if (typeof l.data === "string" && has(l.data)) return true;
      for (const t of l.topics) if (typeof t === "string" && has(t)) return true;
    }
  return false;
}

/** The decoded-value texts of a trace, as far as they are built (frames [0, built)). */
export interface DecodedSearch {
  frames: readonly CallFrame[];
  texts: readonly string[];
  /** 1 where the frame's text holds all its data says (see buildDecodedTexts). */
  covered: Uint8Array;
  built: number;
}

/**
 * Frames (shown ones only) whose text contains the query, in tree order: their names and
 * addresses, then their decoded values where built, else (for a hex query) their raw data.
 */
export function searchFrames(
  texts: readonly string[],
  query: string,
  s: Structure,
  decoded?: DecodedSearch,
): Int32Array {
  const q = query.trim().toLowerCase();
  if (q === "") return new Int32Array(0);
  const rawHex = RAW_HEX_RE.exec(q)?.[1];
  const hex = rawHex ? includer(rawHex) : null;
  const has = includer(q);
  const out: number[] = [];
  for (let i = 0; i < texts.length; i++) {
    if (s.shown !== null && !s.shown[i]) continue;
    if (has(texts[i] as string)) out.push(i);
    else if (decoded) {
      // A hex query is looked for in the raw data of frames whose values are not all decoded
      // (not built yet, or data no ABI reads: unknown selectors, return data): it holds
      // addresses too.
      const built = i < decoded.built;
      if (built && has(decoded.texts[i] as string)) out.push(i);
      else if (
        hex !== null &&
        !(built && decoded.covered[i] === 1) &&
        rawDataHolds(decoded.frames[i] as CallFrame, hex)
      )
        out.push(i);
    }
  }
  return Int32Array.from(out);
}

/** The first entry of `sorted` after (or before) `from`, wrapping around; -1 when empty. */
export function stepIn(sorted: Int32Array, from: number, dir: 1 | -1): number {
  if (sorted.length === 0) return -1;
  if (dir === 1) {
    for (const x of sorted) if (x > from) return x;
    return sorted[0] as number;
  }
  for (let k = sorted.length - 1; k >= 0; k--)
    if ((sorted[k] as number) < from) return sorted[k] as number;
  return sorted[sorted.length - 1] as number;
}
