/**
 * The logs table's columns (what can be shown or hidden, and how wide, a decoded argument's among
 * them); the sort orders are sort.ts's.
 */
import type { LogRow } from "./result";
import type { EventKind } from "./kinds";

export type ColumnId =
  "block" | "time" | "txIndex" | "logIndex" | "txHash" | "address" | "event" | "args" | "removed";

export interface Column {
  id: ColumnId;
  label: string;
  /** A CSS grid track. */
  width: string;
}

/**
 * Sized so that a token's Transfer (from, to, value after Event) fits a 1,228 px box whole:
 * hashes and addresses are shown short (0xabcd…1234, the full value in the tooltip and in the
 * row's details), and the all-arguments column takes what is left. Wider than the box, the table
 * scrolls sideways with its header row and its first columns pinned.
 */
export const COLUMNS: readonly Column[] = [
  { id: "block", label: "Block", width: "5.5rem" },
  { id: "time", label: "Time", width: "11.5rem" },
  { id: "txIndex", label: "Tx index", width: "3.75rem" },
  { id: "logIndex", label: "Log index", width: "3.75rem" },
  { id: "txHash", label: "Transaction hash", width: "7.5rem" },
  { id: "address", label: "Address", width: "7.5rem" },
  { id: "event", label: "Event", width: "7rem" },
  { id: "args", label: "Arguments", width: "minmax(16rem, 1fr)" },
  { id: "removed", label: "Removed", width: "5.5rem" },
];

/** A collapsed row's height (px): every row of the table but an open one. */
export const ROW_HEIGHT = 36;

/** The first track: the row's Details button. */
export const DETAILS_WIDTH = "2.25rem";

/** The least width (rem) of grid tracks written in rem, a `minmax(a, b)` by its `a`. */
export function minWidthRem(tracks: readonly string[]): number {
  let sum = 0;
  for (const t of tracks) {
    const m = /^(?:minmax\()?\s*([\d.]+)rem/.exec(t);
    if (m && m[1] !== undefined) sum += Number(m[1]);
  }
  return sum;
}

/**
 * A column of the table: a field of the log, a decoded argument (`arg:<name>`), or a column the
 * page adds (`x:<name>`, e.g. an address's transfer direction).
 */
export type ColumnKey = ColumnId | `arg:${string}` | `x:${string}`;

export interface ShownColumn {
  key: ColumnKey;
  label: string;
  width: string;
  /** For an argument column: its place in the event's arguments. */
  arg?: number;
  /** For a page's own column (`x:<name>`): the row's text in it. */
  text?: (row: LogRow) => string;
}

/**
 * A column a page adds before the log's own (`x:<name>`): shown as text, exported, and matched by
 * the filter's field term `<name>:…` / `<name>=…`.
 */
export interface ExtraColumn {
  key: `x:${string}`;
  label: string;
  width: string;
  text: (row: LogRow) => string;
}

/** The argument columns of one event: after Event, named by the ABI. */
export function argColumns(kind: EventKind | null): ShownColumn[] {
  return (kind?.args ?? []).flatMap((a, i) =>
    a.name
      ? [
          {
            key: `arg:${a.name}` as const,
            label: a.name,
            width:
              a.type === "address"
                ? "7.5rem"
                : a.type === "uint" || a.type === "int"
                  ? "11rem"
                  : "8rem",
            arg: i,
          },
        ]
      : [],
  );
}

/** The columns shown: the log's fields (Time only when known) with the event's arguments after Event. */
export function shownColumns(
  kind: EventKind | null,
  hidden: ReadonlySet<string>,
  hasTime: boolean,
): ShownColumn[] {
  const out: ShownColumn[] = [];
  for (const c of COLUMNS) {
    if (c.id === "time" && !hasTime) continue;
    if (!hidden.has(c.id)) out.push({ key: c.id, label: c.label, width: c.width });
    if (c.id === "event") for (const a of argColumns(kind)) if (!hidden.has(a.key)) out.push(a);
  }
  return out;
}
