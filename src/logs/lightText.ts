/**
 * What a light row of the logs table shows (LogRow's `light`, and the first paint's rows of a logs
 * link, app/firstPaint/logs.ts): where the log is (block, time) and what (the event, by its name
 * once decoded, else its first topic short), as plain text; the other cells stay empty. React-free.
 */
import { shortHex } from "../ui/basics/shortHex";
import { groupedNumber, utcText } from "../ui/basics/numberText";
import type { ColumnKey } from "./columns";
import type { DecodedEvent } from "./model";
import type { LogRow } from "./row";

export function lightCellText(key: ColumnKey, row: LogRow, ev: DecodedEvent | null): string | null {
  switch (key) {
    case "block":
      return row.blockNumber === null ? "pending" : groupedNumber(row.blockNumber);
    case "time":
      return row.blockTimestamp === null ? "" : utcText(BigInt(row.blockTimestamp));
    case "event":
      return ev ? ev.name : row.topics[0] ? shortHex(row.topics[0]) : "";
    default:
      return null;
  }
}
