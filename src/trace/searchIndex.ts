/**
 * A trace's search index: one string per frame (its decoded call, addresses, values), built once
 * per trace and decoder version, and the last search over it. The strings are built ahead of the
 * first search in idle slices (platform's idleSlices), once the first rows are on screen, so the
 * first search is quick and a 100,000-frame trace's strings are no 100 ms task. After them, the
 * decoded values (arguments, return values, event arguments) are built the same way, in smaller
 * pieces since each decodes; a search before they are done looks for a hex query in raw data.
 */
import { useEffect, useState } from "react";
import { idleSlices, type IdleSlice } from "../platform/schedule";
import type { FrameDecodeCache, TraceDecoder } from "./decode";
import type { TraceModel } from "./model";
import {
  buildDecodedTexts,
  buildSearchTexts,
  searchFrames,
  type DecodedSearch,
  type DecodedValues,
} from "./search";
import type { Structure } from "./tree";

const textCache = new WeakMap<
  TraceModel,
  { version: number; texts: string[]; /** Frames [0, built) have their string. */ built: number }
>();

/** Frames per piece inside a slice: small enough not to run past its end. */
const TEXT_PIECE = 250;
/** Frames per piece of decoded values (each decodes its calldata and logs with viem). */
const DECODED_PIECE = 25;

const decodedCache = new WeakMap<
  TraceModel,
  {
    version: number;
    texts: string[];
    covered: Uint8Array;
    /** Frames [0, built) have their text. */ built: number;
  }
>();

/** The decoder's values, uncached: the search keeps only its text, not the decodings. */
function decodedValues(decoder: TraceDecoder): DecodedValues {
  return {
    call: (f) => {
      const d = decoder.decodeCall(f.input, f.output, true, typeof f.to === "string" ? f.to : null);
      if (!d) return null;
      return { values: [...d.args, ...(d.returns ?? [])], outputRead: d.returns !== null };
    },
    log: (l) => decoder.decodeLog(l)?.args ?? null,
  };
}

/** The decoded-value texts built so far (none before the names are all built). */
export function decodedSearch(model: TraceModel, decode: FrameDecodeCache): DecodedSearch {
  const hit = decodedCache.get(model);
  const ok = hit && hit.version === decode.version;
  return ok
    ? { frames: model.frames, texts: hit.texts, covered: hit.covered, built: hit.built }
    : { frames: model.frames, texts: [], covered: new Uint8Array(0), built: 0 };
}

/** Builds decoded-value texts in pieces while `slice` has time; true while some remain. */
export function buildDecodedSlice(
  model: TraceModel,
  decode: FrameDecodeCache,
  slice: IdleSlice,
): boolean {
  let hit = decodedCache.get(model);
  if (!hit || hit.version !== decode.version) {
    hit = {
      version: decode.version,
      texts: new Array<string>(model.size),
      covered: new Uint8Array(model.size),
      built: 0,
    };
    decodedCache.set(model, hit);
  }
  if (hit.built >= model.size) return false;
  const values = decodedValues(decode.decoder);
  do {
    const to = Math.min(model.size, hit.built + DECODED_PIECE);
    buildDecodedTexts(model, values, {
      from: hit.built,
      to,
      texts: hit.texts,
      covered: hit.covered,
    });
    hit.built = to;
  } while (hit.built < model.size && slice.more());
  return hit.built < model.size;
}
/** The idle build waits this long after the last scroll. */
const SCROLL_QUIET_MS = 400;
/** An idle period is asked for with this timeout, so a busy page still gets its strings. */
const IDLE_TIMEOUT_MS = 2000;

/** The search strings of every frame; whatever the idle build has not made yet is made now. */
export function searchTexts(model: TraceModel, decode: FrameDecodeCache): string[] {
  const hit = textCache.get(model);
  if (hit && hit.version === decode.version && hit.built >= model.size) return hit.texts;
  const from = hit && hit.version === decode.version ? hit.built : 0;
  const texts = from > 0 && hit ? hit.texts : new Array<string>(model.size);
  buildSearchTexts(model, decode.decoder, { from, to: model.size, texts });
  textCache.set(model, { version: decode.version, texts, built: model.size });
  return texts;
}

/** Builds search strings in pieces while `slice` has time; true while some remain. */
export function buildTextSlice(
  model: TraceModel,
  decode: FrameDecodeCache,
  slice: IdleSlice,
): boolean {
  let hit = textCache.get(model);
  if (!hit || hit.version !== decode.version) {
    hit = { version: decode.version, texts: new Array<string>(model.size), built: 0 };
    textCache.set(model, hit);
  }
  if (hit.built >= model.size) return false;
  do {
    const to = Math.min(model.size, hit.built + TEXT_PIECE);
    buildSearchTexts(model, decode.decoder, { from: hit.built, to, texts: hit.texts });
    hit.built = to;
  } while (hit.built < model.size && slice.more());
  return hit.built < model.size;
}

/** The last search per trace's strings (weakly: a trace let go takes its strings with it). */
const lastSearch = new WeakMap<
  string[],
  { query: string; structure: Structure; built: number; result: Int32Array }
>();

/** The frames matching `query` among those `structure` shows, the last answer kept. */
export function cachedSearch(
  texts: string[],
  query: string,
  structure: Structure,
  decoded?: DecodedSearch,
): Int32Array {
  const last = lastSearch.get(texts);
  const built = decoded?.built ?? -1;
  if (last && last.query === query && last.structure === structure && last.built === built)
    return last.result;
  const result = searchFrames(texts, query, structure, decoded);
  lastSearch.set(texts, { query, structure, built, result });
  return result;
}

/**
 * Builds the search strings, then the decoded values, in idle slices once every frame is here
 * (`complete`); not while the user scrolls, which would share their frames. Returns a number that
 * changes each time every frame has its decoded values (a search shown then runs again).
 */
export function useSearchIndexBuild(
  model: TraceModel,
  decode: FrameDecodeCache,
  complete: boolean,
): number {
  const [done, setDone] = useState(0);
  useEffect(() => {
    if (!complete) return;
    return idleSlices(
      (slice) => {
        if (buildTextSlice(model, decode, slice)) return true;
        if (!slice.more()) return true;
        const more = buildDecodedSlice(model, decode, slice);
        // A count of builds finished, not the frames built: a new decoder's build of the same
        // trace ends at the same size and must still run the search again.
        if (!more) setDone((n) => n + 1);
        return more;
      },
      { timeoutMs: IDLE_TIMEOUT_MS, quiet: { ms: SCROLL_QUIET_MS, of: "scroll" } },
    );
  }, [model, decode, complete]);
  return done;
}
