/**
 * The messages between the page and the logs reader Worker (reader.ts ↔ serve.ts). The page feeds
 * the answer's bytes as they arrive; the Worker sends the logs it read, in order, and at the end
 * the envelope without its result — or, asked, the whole text.
 */
import type { PackedLogs } from "./pack";

/** Logs read by the Worker: packed, or as parsed (the page checks them: `checkLogs`). */
export type LogsPart = PackedLogs | { kind: "items"; items: unknown[] };

export type ToReader =
  | { type: "chunk"; bytes: Uint8Array }
  /** The body ended (`cutOff`: the connection closed mid-answer). */
  | { type: "end"; cutOff: boolean }
  /** The whole text, please (after `end`). */
  | { type: "text" };

export type FromReader =
  /** The Worker's script runs: the page starts feeding it. */
  | { type: "awake" }
  | { type: "part"; part: LogsPart }
  /** The body read: its result array's envelope (`"result":0`), or null when it was not one. */
  | { type: "end"; envelope: string | null; head: string; bytes: number }
  | { type: "text"; text: string; bytes: number };
