/**
 * The results filter's matching, in parts. A row matches a query when its search text (model.ts
 * `searchText`: address, transaction hash, topics, event name and signature, `name=value`
 * arguments, removed/pending, lower case, joined by spaces) contains it. Here the same answer is
 * found without making that text for every row: a query without a space can only fall inside one
 * part, so the raw parts are searched where they are (no decoding), and the decoded parts are
 * kept per row once decoded — the event's name and signature as one text shared by every row of
 * that event, the arguments as one short text. A query with a space is matched against the whole
 * text, rebuilt from the kept parts. search.test.ts pins the equivalence with `searchText`.
 */
import type { Decode } from "./model";
import type { LogRow } from "./result";

/** A row's decoded parts, lower case: `ev` is shared by the rows of one event (null: not decoded). */
export interface RowText {
  ev: string | null;
  args: string;
  /** The raw parts are lower case as the node sent them (most nodes): searched without a copy. */
  rawLower: boolean;
}

/** Shared event texts ("transfer transfer(address indexed from, …)"), one per event signature. */
export type EventTexts = Map<string, string>;

function isLower(s: string | null): boolean {
  return s === null || s === s.toLowerCase();
}

export function prepareText(row: LogRow, decode: Decode, events: EventTexts): RowText {
  const rawLower =
    isLower(row.address) && isLower(row.transactionHash) && row.topics.every((t) => isLower(t));
  const ev = (decode.fresh ?? decode)(row);
  if (!ev) return { ev: null, args: "", rawLower };
  const key = `${ev.name}\n${ev.signature}`;
  let shared = events.get(key);
  if (shared === undefined) {
    shared = `${ev.name} ${ev.signature}`.toLowerCase();
    events.set(key, shared);
  }
  const args = ev.args.map((a) => (a.name ? `${a.name}=${a.value}` : a.value)).join(" ");
  return { ev: shared, args: args.toLowerCase(), rawLower };
}

/**
 * The raw parts (no decoding needed) hold `q`, a query without spaces; `lower`: they are known
 * to be lower case already.
 */
export function rawMatch(row: LogRow, q: string, lower = false): boolean {
  const low = lower ? (s: string) => s : (s: string) => s.toLowerCase();
  if (low(row.address).includes(q)) return true;
  if (row.transactionHash !== null && low(row.transactionHash).includes(q)) return true;
  for (const t of row.topics) if (low(t).includes(q)) return true;
  if (row.removed && "removed".includes(q)) return true;
  if (row.pending && "pending".includes(q)) return true;
  // The empty transaction hash part still sits between two spaces: only "" could match it.
  return false;
}

/** The whole search text, as model.ts `searchText` makes it, from the kept parts. */
export function fullText(row: LogRow, t: RowText): string {
  const parts = [row.address, row.transactionHash ?? "", ...row.topics];
  let text = parts.join(" ").toLowerCase();
  if (t.ev !== null) {
    text += ` ${t.ev}`;
    if (t.args !== "") text += ` ${t.args}`;
  }
  if (row.removed) text += " removed";
  if (row.pending) text += " pending";
  return text;
}

/** Whether the row's search text contains `q` (lower case, trimmed, not empty). */
export function matches(row: LogRow, t: RowText, q: string): boolean {
  if (q.includes(" ")) return fullText(row, t).includes(q);
  if (rawMatch(row, q, t.rawLower)) return true;
  return t.ev !== null && (t.ev.includes(q) || t.args.includes(q));
}
