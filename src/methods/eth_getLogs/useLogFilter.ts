import { useEffect, useMemo, useRef, useState } from "react";
import { searchText, type Decode } from "./model";
import type { LogRow } from "./result";

/** How long one slice of work may hold the main thread, and how often partial matches are shown. */
const SLICE_MS = 10;
const PUBLISH_MS = 120;
/** Idle-time preparation waits this long after the last scroll, wheel, key or pointer input. */
const QUIET_MS = 300;

export interface LogFilterState {
  /** Matching rows among the first `scanned` rows, in the order of `rows`. */
  matches: readonly LogRow[];
  scanned: number;
  /** Every row has been looked at: `matches` is final for this query. */
  done: boolean;
}

type Yield = (fn: () => void) => () => void;

/** A macrotask with no timer clamp (setTimeout nests to 4 ms), so slices follow each other closely while frames still paint in between. */
const nextTask: Yield = (fn) => {
  if (typeof MessageChannel === "undefined") {
    const t = setTimeout(fn, 0);
    return () => clearTimeout(t);
  }
  const ch = new MessageChannel();
  let live = true;
  ch.port1.onmessage = () => {
    ch.port1.close();
    if (live) fn();
  };
  ch.port2.postMessage(null);
  return () => {
    live = false;
    ch.port1.close();
  };
};

type IdleApi = {
  requestIdleCallback?: (
    cb: (d: { timeRemaining(): number }) => void,
    opts?: { timeout: number },
  ) => number;
  cancelIdleCallback?: (id: number) => void;
};

/**
 * The results filter. Each row's lower-case search text (address, event, decoded arguments,
 * hashes, topics) is made once per row and decoder and kept; texts are prepared in idle time as
 * soon as results are shown, so filtering a 100,000-log table usually finds them ready. A query
 * runs in short slices (the page stays responsive) and publishes partial matches as it goes;
 * a query that extends the previous one searches only the previous matches.
 */
export function useLogFilter(
  rows: readonly LogRow[],
  decode: Decode,
  query: string,
): LogFilterState | null {
  const texts = useMemo(() => {
    void decode; // a new decoder (new ABI) means new names and arguments to search
    return new WeakMap<LogRow, string>();
  }, [decode]);
  const [state, setState] = useState<{ key: readonly unknown[]; value: LogFilterState } | null>(
    null,
  );
  const last = useRef<{
    rows: readonly LogRow[];
    texts: WeakMap<LogRow, string>;
    query: string;
    matches: readonly LogRow[];
  } | null>(null);

  // Idle-time preparation while nobody filters. It steps aside while the user scrolls or types
  // (garbage from decoding would otherwise land in scroll frames) and resumes a moment later.
  useEffect(() => {
    if (query !== "" || rows.length === 0) return;
    const idle = globalThis as IdleApi;
    if (!idle.requestIdleCallback || !idle.cancelIdleCallback || typeof window === "undefined")
      return;
    const request = idle.requestIdleCallback.bind(globalThis);
    const cancel = idle.cancelIdleCallback.bind(globalThis);
    let i = 0;
    let id = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let lastInput = performance.now();
    const onInput = () => {
      lastInput = performance.now();
    };
    const events = ["scroll", "wheel", "pointerdown", "keydown", "touchmove"] as const;
    for (const e of events) window.addEventListener(e, onInput, { capture: true, passive: true });
    const step = (d: { timeRemaining(): number }) => {
      const quietFor = performance.now() - lastInput;
      if (quietFor < QUIET_MS) {
        timer = setTimeout(() => {
          timer = null;
          id = request(step);
        }, QUIET_MS - quietFor);
        return;
      }
      while (i < rows.length && d.timeRemaining() > 2) {
        for (let k = 0; k < 32 && i < rows.length; k++, i++) {
          const r = rows[i];
          if (r) textFor(texts, decode, r);
        }
      }
      if (i < rows.length) id = request(step);
    };
    id = request(step);
    return () => {
      cancel(id);
      if (timer) clearTimeout(timer);
      for (const e of events) window.removeEventListener(e, onInput, { capture: true });
    };
  }, [rows, decode, texts, query]);

  useEffect(() => {
    if (query === "") return;
    const key = [rows, texts, query] as const;
    const prev = last.current;
    // Typing one more character: only the previous matches can still match.
    const source =
      prev && prev.rows === rows && prev.texts === texts && query.includes(prev.query)
        ? prev.matches
        : rows;
    const matches: LogRow[] = [];
    let i = 0;
    let lastPublish = performance.now();
    let cancelTask: (() => void) | null = null;
    const publish = (done: boolean) => {
      if (done) last.current = { rows, texts, query, matches };
      const scanned = source === rows ? i : done ? rows.length : 0;
      setState({ key, value: { matches: done ? matches : matches.slice(), scanned, done } });
    };
    const step = () => {
      const until = performance.now() + SLICE_MS;
      while (i < source.length && performance.now() < until) {
        for (let k = 0; k < 256 && i < source.length; k++, i++) {
          const r = source[i];
          if (r && textFor(texts, decode, r).includes(query)) matches.push(r);
        }
      }
      if (i >= source.length) {
        cancelTask = null;
        publish(true);
        return;
      }
      const now = performance.now();
      if (now - lastPublish >= PUBLISH_MS) {
        lastPublish = now;
        publish(false);
      }
      cancelTask = nextTask(step);
    };
    step();
    return () => cancelTask?.();
  }, [rows, texts, decode, query]);

  if (query === "") return null;
  if (state && state.key[0] === rows && state.key[1] === texts && state.key[2] === query)
    return state.value;
  // A new query or new rows: the last answer stays on screen, marked unfinished, until the next one.
  return state ? { ...state.value, done: false } : { matches: [], scanned: 0, done: false };
}

function textFor(texts: WeakMap<LogRow, string>, decode: Decode, r: LogRow): string {
  let t = texts.get(r);
  if (t === undefined) {
    t = searchText(r, decode);
    texts.set(r, t);
  }
  return t;
}
