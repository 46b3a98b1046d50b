/**
 * One eth_getLogs answer read as it arrives: complete log objects are parsed a chunk at a time
 * (src/rpc/stream.ts), checked, turned into rows and handed on, so the first rows show while
 * the rest of a 60 MB answer is still on its way. The check is one pass: a log in the canonical
 * shape real nodes send is checked field by field here (the schema would only copy it); any
 * other (spec lower-case keys, lenient forms) goes through `logSchema` itself. A log that fails
 * both turns streaming off, and the client reads the whole answer through the schema, so the
 * error and its path are exactly what they always were.
 */
import { untilPainted } from "../../platform/schedule";
import { createResultArrayStream, type ResultStream } from "../../rpc";
import { LOWERCASE_KEYS, logSchema, type LogRow, type RawLog } from "./result";

const HEX_DATA = /^0x(?:[0-9a-fA-F]{2})*$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const QUANTITY = /^0x[0-9a-fA-F]+$/;
const LOWER_KEYS = Object.keys(LOWERCASE_KEYS);

function optional(v: unknown, re: RegExp): boolean {
  return v === undefined || v === null || (typeof v === "string" && re.test(v));
}

function optionalIndex(v: unknown): boolean {
  return (
    v === undefined ||
    v === null ||
    (typeof v === "string" && QUANTITY.test(v)) ||
    (typeof v === "number" && Number.isInteger(v) && v >= 0)
  );
}

/** A log in the canonical camelCase shape with every known field well-formed. */
export function isCanonicalLog(v: unknown): v is RawLog {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  const r = v as Record<string, unknown>;
  for (const k of LOWER_KEYS) if (k in r) return false;
  if (typeof r.address !== "string" || !ADDRESS.test(r.address)) return false;
  if (typeof r.data !== "string" || !HEX_DATA.test(r.data)) return false;
  const topics = r.topics;
  if (!Array.isArray(topics) || topics.length > 4) return false;
  for (const t of topics) if (typeof t !== "string" || !HASH.test(t)) return false;
  return (
    optional(r.blockNumber, QUANTITY) &&
    optional(r.blockHash, HASH) &&
    optional(r.transactionHash, HASH) &&
    optional(r.blockTimestamp, QUANTITY) &&
    optionalIndex(r.transactionIndex) &&
    optionalIndex(r.logIndex) &&
    (r.removed === undefined || typeof r.removed === "boolean")
  );
}

/** The checked logs, or null when one does not pass `logSchema` either. */
export function checkLogs(items: readonly unknown[]): RawLog[] | null {
  const out: RawLog[] = new Array<RawLog>(items.length);
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (isCanonicalLog(item)) {
      out[i] = item;
      continue;
    }
    const checked = logSchema.safeParse(item);
    if (!checked.success) return null;
    out[i] = checked.data;
  }
  return out;
}

export interface LogsStream {
  stream: ResultStream<RawLog[]>;
  /** The rows made so far, in answer order (the same objects the result's rows are). */
  rows: LogRow[];
  /** The raw logs the stream returns as the result (to recognise it). */
  raws: RawLog[];
}

/**
 * A stream for one eth_getLogs call: `toRow` makes each row as its log arrives, `onRows` gets
 * each batch (the first one is followed by a pause for a paint, so the first rows show at once).
 */
export function logsStream(
  toRow: (raw: RawLog) => LogRow,
  onRows: (rows: LogRow[]) => void,
): LogsStream {
  const rows: LogRow[] = [];
  const raws: RawLog[] = [];
  let first = true;
  const stream = createResultArrayStream<RawLog[]>({
    onItems: (items) => {
      const checked = checkLogs(items);
      if (!checked) throw new Error("a log the schema refuses: read the answer whole");
      const batch = new Array<LogRow>(checked.length);
      for (let i = 0; i < checked.length; i++) {
        const raw = checked[i] as RawLog;
        raws.push(raw);
        const row = toRow(raw);
        rows.push(row);
        batch[i] = row;
      }
      onRows(batch);
      if (first && batch.length > 0) {
        first = false;
        // Bounded: a hidden tab paints no frames.
        return untilPainted({ maxWaitMs: 100 });
      }
      return undefined;
    },
    result: () => raws,
  });
  return { stream, rows, raws };
}
