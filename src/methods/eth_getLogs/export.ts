/**
 * CSV and JSON exports of the current result with the decoded columns. CSV cells are quoted when
 * needed, and a cell that a spreadsheet would run as a formula (= + - @, tab, CR) gets a leading '.
 */
import { argsText, type Decode } from "./model";
import type { LogRow } from "./result";

export function csvCell(value: string): string {
  let v = value;
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export const CSV_COLUMNS = [
  "blockNumber",
  "blockTimestamp",
  "transactionIndex",
  "logIndex",
  "transactionHash",
  "address",
  "event",
  "signature",
  "args",
  "topic0",
  "topic1",
  "topic2",
  "topic3",
  "data",
  "removed",
  "blockHash",
] as const;

const str = (n: number | null) => (n === null ? "" : String(n));

export function toCsv(rows: readonly LogRow[], decode: Decode): string {
  const lines: string[] = [CSV_COLUMNS.join(",")];
  for (const r of rows) {
    const ev = (decode.fresh ?? decode)(r);
    const cells = [
      r.pending ? "pending" : str(r.blockNumber),
      str(r.blockTimestamp),
      str(r.transactionIndex),
      str(r.logIndex),
      r.transactionHash ?? "",
      r.address,
      ev?.name ?? "",
      ev?.signature ?? "",
      ev ? argsText(ev) : "",
      r.topics[0] ?? "",
      r.topics[1] ?? "",
      r.topics[2] ?? "",
      r.topics[3] ?? "",
      r.data,
      r.removed ? "true" : "false",
      r.blockHash ?? "",
    ];
    lines.push(cells.map(csvCell).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** The logs as the node sent them (camelCase, unknown fields kept) plus the decoded event. */
export function toJson(rows: readonly LogRow[], decode: Decode): string {
  const out = rows.map((r) => {
    const ev = (decode.fresh ?? decode)(r);
    return {
      ...r.raw,
      decoded: ev
        ? {
            event: ev.name,
            signature: ev.signature,
            args: ev.args.map((a) => ({
              name: a.name,
              type: a.type,
              indexed: a.indexed,
              value: a.value,
            })),
          }
        : null,
    };
  });
  return JSON.stringify(out, null, 2);
}
