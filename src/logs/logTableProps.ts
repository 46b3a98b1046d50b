/** The props of the logs table (LogTable.tsx). */
import type { Rect } from "@tanstack/react-virtual";
import type { TokenMeta } from "../decoding/tokenMeta";
import type { ExtraColumn } from "./columns";
import type { Explore } from "./exploreParams";
import type { Decode } from "./model";
import type { LogRow } from "./result";

export interface LogTableProps {
  rows: readonly LogRow[];
  /** Decodes a row as the table shows it (amounts in whole tokens where known). */
  decode: Decode;
  /**
   * Decodes a row exactly (integers in full): what the exports write, and what the argument
   * columns, the filter and Group by learn each event's shape from. Default: `decode`.
   */
  exactDecode?: Decode;
  /** Viewport size before the browser measures it (tests and the first paint). */
  initialRect?: Rect;
  /** Max height of the scrolling viewport. */
  maxHeight?: string;
  /** The exploration the link holds (filter, group, sorts, columns). */
  explore?: Explore;
  /** Told every change of the exploration (the page keeps it in the link). */
  onExplore?: (e: Explore) => void;
  /** A token's decimals and symbol by its contract (lower case), where known. */
  tokenOf?: (address: string) => TokenMeta | undefined;
  /** Columns the page adds before the log's own (stable: memoise them). */
  extraColumns?: readonly ExtraColumn[];
  /** The table's accessible name (default "Logs"). */
  label?: string;
  /**
   * Shows the logs-per-block chart above the table over this block range (null: the rows' own
   * span); the chart follows the filter and a bar narrows the shown rows to its blocks.
   */
  chartRange?: { from: number; to: number } | null;
}
