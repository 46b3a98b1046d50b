/**
 * One eth_getLogs answer read as it arrives: complete log objects are parsed a chunk at a time
 * (src/rpc/stream.ts), checked, turned into rows and handed on, so the first rows show while
 * the rest of a 60 MB answer is still on its way. The check is one pass: a log in the canonical
 * shape real nodes send is checked field by field here (the schema would only copy it); any
 * other (spec lower-case keys, lenient forms) goes through `logSchema` itself. A log that fails
 * both turns streaming off, and the client reads the whole answer through the schema, so the
 * error and its path are exactly what they always were.
 */
import { untilPainted } from "../platform/schedule";
import { createResultArrayStream, type ResultStream } from "../rpc";
import { logSchema, type LogRow, type RawLog } from "./result";
import { isCanonicalLog, toLogRow } from "./row";
import { rowsOfPacked } from "./ahead/pack";
import type { LogsPart } from "./ahead/protocol";

export { isCanonicalLog };

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
  /**
   * What the stream returns as the result, to recognise it: the logs it read as objects (a log read
   * ahead and packed is not in it: its row makes its raw log when asked).
   */
  raws: RawLog[];
}

/**
 * A stream for one eth_getLogs call: `toRow` makes each row as its log arrives, `onRows` gets
 * each batch (the first one is followed by a pause for a paint, so the first rows show at once).
 */
export function logsStream(nextId: () => number, onRows: (rows: LogRow[]) => void): LogsStream {
  const toRow = (raw: RawLog) => toLogRow(raw, nextId());
  const rows: LogRow[] = [];
  const raws: RawLog[] = [];
  let first = true;
  const add = (checked: RawLog[]) => {
    const batch = new Array<LogRow>(checked.length);
    for (let i = 0; i < checked.length; i++) {
      const raw = checked[i] as RawLog;
      raws.push(raw);
      const row = toRow(raw);
      rows.push(row);
      batch[i] = row;
    }
    return show(batch);
  };
  const show = (batch: LogRow[]) => {
    onRows(batch);
    if (first && batch.length > 0) {
      first = false;
      // Bounded: a hidden tab paints no frames.
      return untilPainted({ maxWaitMs: 100 });
    }
    return undefined;
  };
  const checked = (items: readonly unknown[]) => {
    const logs = checkLogs(items);
    if (!logs) throw new Error("a log the schema refuses: read the answer whole");
    return logs;
  };
  const stream = createResultArrayStream<RawLog[]>({
    onItems: (items) => add(checked(items)),
    // Read ahead by the logs reader Worker (ahead/): packed logs it checked, or logs as parsed.
    onPart: (part) => {
      const p = part as LogsPart;
      if (p.kind !== "packed") return add(checked(p.items));
      const batch = rowsOfPacked(p, nextId);
      for (const row of batch) rows.push(row);
      return show(batch);
    },
    result: () => raws,
  });
  return { stream, rows, raws };
}
