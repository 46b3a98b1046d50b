/**
 * CSV and JSON exports of what the table shows: the filtered rows in their sorted order with the
 * visible columns (each decoded argument a column of its own, exact: integers in full, addresses
 * in full), or the grouped table when grouped. CSV cells are quoted when needed, and a cell that a
 * spreadsheet would run as a formula (= + - @, tab, CR) gets a leading '. A token amount the table
 * shows in whole tokens keeps its exact integer column, with `<name>_units` beside it ("1.5 NST").
 */
import { formatUnits } from "viem";
import type { ShownColumn } from "./columns";
import type { Group, Grouping } from "./groups";
import { valueText, type KindIndex } from "./kinds";
import { argsText, type Decode } from "./model";
import type { AmountUnit } from "./query";
import type { LogRow } from "./result";

export function csvCell(value: string): string {
  let v = value;
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** The export's name(s) of each log column. */
const FIELD_NAMES: Record<string, readonly string[]> = {
  block: ["blockNumber"],
  time: ["blockTimestamp"],
  txIndex: ["transactionIndex"],
  logIndex: ["logIndex"],
  txHash: ["transactionHash"],
  address: ["address"],
  event: ["event", "signature"],
  args: ["args"],
  removed: ["removed"],
};
const TAKEN = new Set(Object.values(FIELD_NAMES).flat());

type Cell = string | number | boolean | null;

interface Table {
  header: string[];
  cells: (row: LogRow) => Cell[];
}

const numOr = (n: number | null): Cell => n;

/**
 * The argument columns that are token amounts in whole tokens for some row (their kind's
 * argument is an integer the table's `unit` reads in tokens): they get a units column.
 */
function unitColumns(
  rows: readonly LogRow[],
  columns: readonly ShownColumn[],
  index: KindIndex,
  unit: AmountUnit | undefined,
): ReadonlySet<ShownColumn> {
  const out = new Set<ShownColumn>();
  if (!unit) return out;
  const args = columns.filter((c) => c.arg !== undefined);
  for (const r of rows) {
    if (out.size === args.length) break;
    const kind = index.kindOf(r);
    if (!kind) continue;
    for (const c of args) {
      const spec = kind.args.find((a) => a.name === c.label);
      if (spec?.type === "uint" && unit(r, kind, spec) !== undefined) out.add(c);
    }
  }
  return out;
}

function logTable(
  columns: readonly ShownColumn[],
  decode: Decode,
  index: KindIndex,
  withUnits: ReadonlySet<ShownColumn> = new Set(),
  unit?: AmountUnit,
): Table {
  const header: string[] = [];
  for (const c of columns) {
    if (c.arg !== undefined) {
      const name = TAKEN.has(c.label) ? `arg.${c.label}` : c.label;
      header.push(name);
      if (withUnits.has(c)) header.push(`${name}_units`);
    } else header.push(...(FIELD_NAMES[c.key] ?? [c.key.replace(/^x:/, "")]));
  }
  const needsEvent = columns.some((c) => c.key === "event" || c.key === "args");
  const cells = (r: LogRow): Cell[] => {
    const ev = needsEvent ? (decode.fresh ?? decode)(r) : null;
    const kind = columns.some((c) => c.arg !== undefined) ? index.kindOf(r) : null;
    const out: Cell[] = [];
    for (const c of columns) {
      if (c.text) {
        out.push(c.text(r));
        continue;
      }
      if (c.arg !== undefined) {
        const name = c.key.slice(4);
        const at = kind ? kind.args.findIndex((a) => a.name === name) : -1;
        const v = kind && at >= 0 ? index.value(r, kind, at) : null;
        out.push(kind && at >= 0 ? valueText(v) : null);
        if (withUnits.has(c)) {
          const spec = kind?.args[at];
          const u = kind && spec && typeof v === "bigint" ? unit?.(r, kind, spec) : undefined;
          out.push(
            u && typeof v === "bigint"
              ? `${formatUnits(v, u.decimals)}${u.symbol ? ` ${u.symbol}` : ""}`
              : null,
          );
        }
        continue;
      }
      switch (c.key) {
        case "block":
          out.push(r.pending ? "pending" : numOr(r.blockNumber));
          break;
        case "time":
          out.push(numOr(r.blockTimestamp));
          break;
        case "txIndex":
          out.push(numOr(r.transactionIndex));
          break;
        case "logIndex":
          out.push(numOr(r.logIndex));
          break;
        case "txHash":
          out.push(r.transactionHash);
          break;
        case "address":
          out.push(r.address);
          break;
        case "event":
          out.push(ev?.name ?? null, ev?.signature ?? null);
          break;
        case "args":
          out.push(ev ? argsText(ev) : null);
          break;
        case "removed":
          out.push(r.removed);
          break;
      }
    }
    return out;
  };
  return { header, cells };
}

const text = (c: Cell) => (c === null ? "" : String(c));

function csv(header: readonly string[], lines: Iterable<Cell[]>): string {
  const out: string[] = [header.map(csvCell).join(",")];
  for (const cells of lines) out.push(cells.map((c) => csvCell(text(c))).join(","));
  return `${out.join("\r\n")}\r\n`;
}

function* mapRows(rows: readonly LogRow[], f: (r: LogRow) => Cell[]): Iterable<Cell[]> {
  for (const r of rows) yield f(r);
}

/**
 * The rows as the table shows them: one CSV line per row, one column per visible column (a token
 * amount shown in whole tokens: its exact integer, then its `_units` column).
 */
export function toCsv(
  rows: readonly LogRow[],
  columns: readonly ShownColumn[],
  decode: Decode,
  index: KindIndex,
  unit?: AmountUnit,
): string {
  const t = logTable(columns, decode, index, unitColumns(rows, columns, index, unit), unit);
  return csv(t.header, mapRows(rows, t.cells));
}

/** The same as JSON: one object per row keyed by the CSV's header. */
export function toJson(
  rows: readonly LogRow[],
  columns: readonly ShownColumn[],
  decode: Decode,
  index: KindIndex,
): string {
  const t = logTable(columns, decode, index);
  const out = rows.map((r) => {
    const cells = t.cells(r);
    return Object.fromEntries(t.header.map((h, i) => [h, cells[i] ?? null]));
  });
  return JSON.stringify(out, null, 2);
}

function groupTable(
  g: Grouping,
  keyLabel: string,
  minMax: boolean,
): Table & { row: (x: Group) => Cell[] } {
  const header = [keyLabel, "count"];
  for (const a of g.numeric) {
    header.push(`${a.name}_sum`);
    if (minMax) header.push(`${a.name}_min`, `${a.name}_max`);
  }
  const row = (x: Group): Cell[] => {
    const out: Cell[] = [x.key, x.count];
    g.numeric.forEach((_, k) => {
      out.push(String(x.sums[k] ?? 0n));
      if (minMax)
        out.push(text(x.mins[k]?.toString() ?? null), text(x.maxs[k]?.toString() ?? null));
    });
    return out;
  };
  return { header, cells: () => [], row };
}

/** The grouped table: one line per group (key, count, exact sums; min and max when shown). */
export function groupsToCsv(
  g: Grouping,
  groups: readonly Group[],
  keyLabel: string,
  minMax: boolean,
): string {
  const t = groupTable(g, keyLabel, minMax);
  return csv(t.header, groups.map(t.row));
}

export function groupsToJson(
  g: Grouping,
  groups: readonly Group[],
  keyLabel: string,
  minMax: boolean,
): string {
  const t = groupTable(g, keyLabel, minMax);
  return JSON.stringify(
    groups.map((x) => {
      const cells = t.row(x);
      return Object.fromEntries(t.header.map((h, i) => [h, cells[i] ?? null]));
    }),
    null,
    2,
  );
}
