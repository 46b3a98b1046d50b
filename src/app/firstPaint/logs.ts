/**
 * A logs link's first rows, put into the first paint (index.ts) from the answer to the link's own
 * first request (app/boot.ts reads a copy of it: whole up to FIRST_PAINT_BYTES, else its first
 * bytes, whose first logs are painted only in the node's order) while React and the logs
 * page are still loading: the table's header and its first rows as the table draws them light
 * (eth_getLogs/lightText.ts: block, time, event), in the table's order (by block and log index).
 * Only for the table's default view and an answer whose every log is in the canonical shape: a
 * link that filters, groups or sorts, an error, an empty or an unusual answer paint nothing here
 * (the page says what it is). React's first commit replaces it (handOver.ts).
 */
import { DETAILS_WIDTH, ROW_HEIGHT, shownColumns } from "../../logs/columns";
import { defaultExplore, exploreFromSearch } from "../../logs/exploreParams";
import { lightCellText } from "../../logs/lightText";
import type { RawLog } from "../../logs/result";
import { isCanonicalLog, toLogRow, type LogRow } from "../../logs/row";
import { sortLogs } from "../../logs/scanState";
import { resultOf, resultPrefixOf, type AnswerCopy } from "./answer";
import { FIRST_ROWS, h } from "./dom";

/** Rows enough for a screen (the table's 70vh at 36 px a row). */
const ROWS = 20;
const CELL = "truncate px-2 py-2 font-mono text-xs";

/** The link's first rows painted from `copy` (the answer, whole or its first bytes); false when none were. */
export function paintLogRows(
  root: HTMLElement,
  search: URLSearchParams,
  copy: AnswerCopy,
): boolean {
  const slot = root.querySelector(`[${FIRST_ROWS}]`);
  if (!slot) return false;
  const explore = exploreFromSearch(search);
  const plain = defaultExplore();
  if (
    explore.q !== "" ||
    explore.group !== plain.group ||
    explore.sort.key !== plain.sort.key ||
    explore.sort.dir !== plain.sort.dir
  )
    return false;
  const logs = copy.complete ? logsOf(copy.text) : firstLogsOf(copy.text);
  if (!logs || logs.length === 0) return false;
  const read = logs.map((log, i) => toLogRow(log, i));
  const rows = sortLogs(read);
  // Of an answer read in part, its first logs are the table's first rows only as the node sends
  // them (in block and log index order): any other order paints nothing.
  if (!copy.complete && rows !== read) return false;
  // The count is known when the answer is whole and the link's whole filter (one block's logs).
  const total = copy.complete && search.has("blockHash") ? rows.length + 1 : -1;
  const hasTime = rows.some((r) => r.blockTimestamp !== null);
  const columns = shownColumns(null, new Set(explore.hide), hasTime);
  const template = [DETAILS_WIDTH, ...columns.map((c) => c.width)].join(" ");
  const header = h(
    "div",
    {
      role: "row",
      "aria-rowindex": 1,
      class: "grid items-center text-xs font-semibold text-slate-800 dark:text-slate-100",
      style: `grid-template-columns:${template}`,
    },
    h(
      "span",
      { role: "columnheader", class: "px-2 py-2" },
      h("span", { class: "sr-only" }, "Details"),
    ),
    ...columns.map((c) => h("span", { role: "columnheader", class: "px-2 py-2" }, c.label)),
  );
  const body = rows.slice(0, ROWS).map((row, index) => rowOf(row, index, columns, template));
  slot.append(
    h(
      "div",
      {
        role: "table",
        "aria-label": "Logs",
        "aria-busy": "true",
        "aria-rowcount": total,
        class: "overflow-hidden rounded border border-slate-200 dark:border-slate-700",
      },
      h("div", { role: "rowgroup", class: "bg-slate-100 dark:bg-slate-800" }, header),
      h("div", { role: "rowgroup" }, ...body),
    ),
  );
  return true;
}

function rowOf(
  row: LogRow,
  index: number,
  columns: ReturnType<typeof shownColumns>,
  template: string,
): HTMLElement {
  const tone = row.removed
    ? "bg-amber-50 dark:bg-amber-950"
    : index % 2
      ? "bg-slate-50 dark:bg-slate-900"
      : "bg-white dark:bg-slate-950";
  return h(
    "div",
    {
      role: "row",
      "data-index": index,
      "aria-rowindex": index + 2,
      class: `grid w-full items-start border-b border-slate-100 text-slate-900 dark:border-slate-800 dark:text-slate-100 ${tone}`,
      style: `grid-template-columns:${template};height:${ROW_HEIGHT}px`,
    },
    h("span", { role: "cell", class: "px-1 py-1" }),
    ...columns.map((c) =>
      h("span", { role: "cell", class: CELL }, lightCellText(c.key, row, null)),
    ),
  );
}

/**
 * Logs enough for the first rows when the answer is read in part (its first bytes): twice a
 * screen's. The text is walked character by character before the page's code is warm: 200 logs
 * took ~15 ms of a 10,000-log link's first rows.
 */
const PREFIX_LOGS = 2 * ROWS;

/** The first logs of an answer read in part, when each is in the canonical shape; else null. */
function firstLogsOf(text: string): RawLog[] | null {
  const logs = resultPrefixOf(text, PREFIX_LOGS);
  return logs && logs.length >= ROWS && logs.every(isCanonicalLog) ? logs : null;
}

/** The answer's logs when it is a result whose every log is in the canonical shape; else null. */
function logsOf(text: string): RawLog[] | null {
  const result = resultOf(text)?.result;
  if (!Array.isArray(result)) return null;
  const logs = result as unknown[];
  return logs.every(isCanonicalLog) ? logs : null;
}
