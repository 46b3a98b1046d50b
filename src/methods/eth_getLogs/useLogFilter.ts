import { useEffect, useMemo, useRef, useState } from "react";
import { idleSlices, nextTask } from "../../platform/schedule";
import type { Decode } from "./model";
import type { LogRow } from "./result";
import { matches, prepareText, rawMatch, type EventTexts, type RowText } from "./search";

/**
 * How long one slice of work may hold the main thread (the first pass, which only compares
 * strings, runs in longer slices: it is what the person typing waits for), and how often
 * partial matches are shown.
 */
const SLICE_MS = 10;
const FIRST_PASS_SLICE_MS = 30;
const PUBLISH_MS = 120;
/** Idle-time preparation waits this long after the last scroll, wheel, key or pointer input. */
const QUIET_MS = 300;

export interface LogFilterState {
  /** Matching rows found so far, in the order of `rows`. */
  matches: readonly LogRow[];
  /** Rows looked at completely (0 until the first pass over every row is through). */
  scanned: number;
  /** Every row has been looked at: `matches` is final for this query. */
  done: boolean;
}

interface Prepared {
  texts: WeakMap<LogRow, RowText>;
  events: EventTexts;
}

/**
 * The results filter (search.ts says what matches). Each row's decoded parts are made once per
 * row and decoder and kept (short: the arguments; the event's name and signature are shared),
 * prepared in idle time as soon as results are shown. A query first looks at every row's raw
 * parts and the parts already prepared — no decoding, so a hash, an address or a topic is found
 * across 100,000 rows in a few tens of milliseconds and shown at once — then decodes the rows
 * still unprepared in short slices (the page stays responsive), publishing matches as it goes.
 * A query that extends the previous one searches only the previous matches.
 */
export function useLogFilter(
  rows: readonly LogRow[],
  decode: Decode,
  query: string,
): LogFilterState | null {
  const prepared = useMemo<Prepared>(() => {
    void decode; // a new decoder (new ABI) means new names and arguments to search
    return { texts: new WeakMap(), events: new Map() };
  }, [decode]);
  // The last answer is keyed by ids, not by the rows themselves: a new result (Run again) must
  // not keep the previous 100,000 rows alive through it.
  const rowsId = idOf(rows);
  const preparedId = idOf(prepared);
  const [state, setState] = useState<{ key: readonly unknown[]; value: LogFilterState } | null>(
    null,
  );
  const last = useRef<{
    rows: readonly LogRow[];
    prepared: Prepared;
    query: string;
    matches: readonly LogRow[];
  } | null>(null);

  // Idle-time preparation while nobody filters. It steps aside while the user scrolls or types
  // (garbage from decoding would otherwise land in scroll frames) and resumes a moment later.
  useEffect(() => {
    if (query !== "" || rows.length === 0) return;
    let i = 0;
    return idleSlices(
      (slice) => {
        do {
          for (let k = 0; k < 32 && i < rows.length; k++, i++) {
            const r = rows[i];
            if (r) textFor(prepared, decode, r);
          }
        } while (i < rows.length && slice.more());
        return i < rows.length;
      },
      // Not while new rows stream in either: each batch starts the wait again.
      { quiet: { ms: QUIET_MS, of: "input" }, delayMs: QUIET_MS },
    );
  }, [rows, decode, prepared, query]);

  useEffect(() => {
    // A new result: the last one's rows are let go.
    if (last.current && last.current.rows !== rows) last.current = null;
    if (query === "") return;
    const key = [idOf(rows), idOf(prepared), query] as const;
    const prev = last.current;
    // Typing one more character: only the previous matches can still match.
    const source =
      prev && prev.rows === rows && prev.prepared === prepared && query.includes(prev.query)
        ? prev.matches
        : rows;
    const n = source.length;
    const spaced = query.includes(" ");
    // Pass 1 marks what is known without decoding; pass 2 decodes the rest.
    const hit = new Uint8Array(n);
    const unknown: number[] = [];
    let found = 0;
    let phase: 1 | 2 = 1;
    let i = 0;
    let j = 0;
    let lastPublish = performance.now();
    let cancelTask: (() => void) | null = null;
    const collect = (): LogRow[] => {
      const out: LogRow[] = [];
      if (found === 0) return out;
      for (let k = 0; k < n; k++) {
        if (hit[k] === 1) {
          const r = source[k];
          if (r) out.push(r);
        }
      }
      return out;
    };
    const publish = (done: boolean) => {
      const list = collect();
      if (done) last.current = { rows, prepared, query, matches: list };
      const scanned =
        source !== rows ? (done ? rows.length : 0) : phase === 1 ? 0 : n - unknown.length + j;
      setState({ key, value: { matches: list, scanned, done } });
    };
    const step = () => {
      const until = performance.now() + (phase === 1 ? FIRST_PASS_SLICE_MS : SLICE_MS);
      if (phase === 1) {
        while (i < n && performance.now() < until) {
          for (let k = 0; k < 512 && i < n; k++, i++) {
            const r = source[i];
            if (!r) continue;
            const t = prepared.texts.get(r);
            if (t !== undefined) {
              if (matches(r, t, query)) {
                hit[i] = 1;
                found++;
              }
            } else if (!spaced && rawMatch(r, query)) {
              hit[i] = 1;
              found++;
            } else unknown.push(i);
          }
        }
        if (i >= n) {
          phase = 2;
          lastPublish = performance.now();
          if (unknown.length === 0) {
            cancelTask = null;
            publish(true);
            return;
          }
          // What pass 1 found is shown at once; the rest follows as it is decoded.
          publish(false);
        }
      } else {
        while (j < unknown.length && performance.now() < until) {
          for (let k = 0; k < 64 && j < unknown.length; k++, j++) {
            const at = unknown[j] ?? 0;
            const r = source[at];
            if (r && matches(r, textFor(prepared, decode, r), query)) {
              hit[at] = 1;
              found++;
            }
          }
        }
        if (j >= unknown.length) {
          cancelTask = null;
          publish(true);
          return;
        }
        const now = performance.now();
        if (now - lastPublish >= PUBLISH_MS) {
          lastPublish = now;
          publish(false);
        }
      }
      cancelTask = nextTask(step);
    };
    step();
    return () => cancelTask?.();
  }, [rows, prepared, decode, query]);

  if (query === "") return null;
  if (state && state.key[0] === rowsId && state.key[1] === preparedId && state.key[2] === query)
    return state.value;
  // A new query or new rows: the last answer stays on screen, marked unfinished, until the next one.
  return state ? { ...state.value, done: false } : { matches: [], scanned: 0, done: false };
}

const ids = new WeakMap<object, number>();
let nextObjectId = 1;
/** A number for an object, kept only as long as the object lives. */
function idOf(o: object): number {
  let id = ids.get(o);
  if (id === undefined) {
    id = nextObjectId++;
    ids.set(o, id);
  }
  return id;
}

function textFor(prepared: Prepared, decode: Decode, r: LogRow): RowText {
  let t = prepared.texts.get(r);
  if (t === undefined) {
    t = prepareText(r, decode, prepared.events);
    prepared.texts.set(r, t);
  }
  return t;
}
