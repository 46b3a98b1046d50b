import { useEffect, useMemo, useRef, useState } from "react";
import { nextTask, type Cancel } from "../platform/schedule";
import { kindIndexOf } from "./kinds";
import type { Decode } from "./model";
import {
  compileQuery,
  parseQuery,
  sendsLowerCase,
  type AmountUnit,
  type ExtraFields,
  type Term,
} from "./query";
import type { LogRow } from "./result";

/**
 * How long one slice of the filter's pass may hold the main thread (what the person typing waits
 * for; a key pressed meanwhile waits at most this long), and how often partial matches are shown.
 */
const SLICE_MS = 30;
const PUBLISH_MS = 120;

export interface LogFilterState {
  /** Matching rows found so far, in the order of `rows`. */
  matches: readonly LogRow[];
  /** Rows looked at so far. */
  scanned: number;
  /** Every row has been looked at: `matches` is final for this query. */
  done: boolean;
  /**
   * Nothing of this query's answer yet: `matches` is what the table showed before it (the last
   * query's answer, or every row when there was no query), kept on screen while the pass runs.
   */
  before?: true;
}

/** Only plain words: a longer query of them can only match fewer rows. */
function narrowsByTyping(terms: readonly Term[]): boolean {
  return terms.every((t) => t.type === "text" && !t.negate);
}

/**
 * The results filter (query.ts says what matches). Every row is tested where its values sit —
 * its fields, and its decoded arguments read from topics and data by the event's kind — so no
 * row waits to be decoded and the first query after the table appears is as fast as any: one
 * pass over 100,000 rows in a few tens of milliseconds, in slices, publishing matches as it
 * goes. A query of plain words that extends the previous one searches only its matches.
 */
export function useLogFilter(
  rows: readonly LogRow[],
  decode: Decode,
  query: string,
  /** A page's own columns the filter's field terms can name. */
  extra?: ExtraFields,
  /** The unit token amounts are shown in (query.ts AmountUnit). */
  unit?: AmountUnit,
): LogFilterState | null {
  const index = kindIndexOf(decode);
  // The last answer is keyed by ids, not by the rows themselves: a new result (Run again) must
  // not keep the previous 100,000 rows alive through it.
  const rowsId = idOf(rows);
  const indexId = idOf(index);
  const unitId = unit ? idOf(unit) : 0;
  const [state, setState] = useState<{ key: readonly unknown[]; value: LogFilterState } | null>(
    null,
  );
  const lower = useMemo(() => sendsLowerCase(rows), [rows]);
  const last = useRef<{
    rows: readonly LogRow[];
    index: object;
    extra: ExtraFields | undefined;
    unit: AmountUnit | undefined;
    query: string;
    matches: readonly LogRow[];
  } | null>(null);

  useEffect(() => {
    // Another set of a page's own columns, or token units learnt: nothing found before holds.
    const kept = last.current;
    const prev = kept && kept.extra === extra && kept.unit === unit ? kept : null;
    // Rows still streaming in: the same query needs only the rows added since its last answer.
    const grown =
      prev !== null && prev.rows !== rows && prev.index === index && prev.query === query
        ? extension(prev.rows, rows)
        : null;
    if (prev && prev.rows !== rows && grown === null) last.current = null;
    const terms = parseQuery(query);
    if (terms.length === 0) return;
    const key = [idOf(rows), idOf(index), query, unit ? idOf(unit) : 0] as const;
    const test = compileQuery(terms, index, extra, unit);
    const source =
      grown !== null
        ? grown
        : prev &&
            prev.rows === rows &&
            prev.index === index &&
            query.startsWith(prev.query) &&
            narrowsByTyping(terms) &&
            narrowsByTyping(parseQuery(prev.query))
          ? prev.matches
          : rows;
    const n = source.length;
    const found: LogRow[] = grown !== null && prev ? [...prev.matches] : [];
    let i = 0;
    let lastPublish = performance.now();
    let cancel: Cancel | null = null;
    const publish = (done: boolean) => {
      if (done) last.current = { rows, index, extra, unit, query, matches: found };
      const scanned =
        grown !== null ? rows.length - n + i : source !== rows ? (done ? rows.length : 0) : i;
      setState({ key, value: { matches: done ? found : [...found], scanned, done } });
    };
    const step = () => {
      const until = performance.now() + SLICE_MS;
      while (i < n && performance.now() < until) {
        for (let k = 0; k < 1024 && i < n; k++, i++) {
          const r = source[i];
          if (r && test(r, lower)) found.push(r);
        }
      }
      if (i >= n) {
        cancel = null;
        publish(true);
        return;
      }
      const now = performance.now();
      if (now - lastPublish >= PUBLISH_MS) {
        lastPublish = now;
        publish(false);
      }
      cancel = nextTask(step);
    };
    step();
    return () => cancel?.();
  }, [rows, index, query, lower, extra, unit]);

  if (parseQuery(query).length === 0) {
    // The table shows every row again: a query typed next starts from them, not from an answer
    // that left the screen (state adjusted during render, as React allows for derived state).
    if (state !== null) setState(null);
    return null;
  }
  if (
    state &&
    state.key[0] === rowsId &&
    state.key[1] === indexId &&
    state.key[2] === query &&
    state.key[3] === unitId
  )
    return state.value;
  // New rows for the same query (a scan streaming in): its answer so far stays, unfinished.
  if (state && state.key[1] === indexId && state.key[2] === query && state.key[3] === unitId)
    return { ...state.value, done: false };
  // A new query: what is on screen stays (the last answer, or every row), marked as such, until
  // this query's first matches — the same rows, so the table's sorts, columns and layout are not
  // made again for a view that lasts one pass.
  return state
    ? { ...state.value, done: false, before: true }
    : { matches: rows, scanned: 0, done: false, before: true };
}

/**
 * The rows added to `before` to make `after` (the scan appends, in order), or null when `after`
 * is not `before` with rows after it: a row inserted earlier moves the last old row.
 */
function extension(before: readonly LogRow[], after: readonly LogRow[]): readonly LogRow[] | null {
  const k = before.length;
  if (k === 0 || after.length < k || after[0] !== before[0] || after[k - 1] !== before[k - 1])
    return null;
  return after.slice(k);
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
