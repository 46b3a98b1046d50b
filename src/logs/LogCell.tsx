/** One cell of a log row: what each column shows of the log and its decoded event. */
import type { ReactElement } from "react";
import { href } from "../routing/links";
import type { ColumnId, ColumnKey, ShownColumn } from "./columns";
import { valueText, type KindIndex } from "./kinds";
import { OriginBadge } from "../decoding/Origin";
import {
  ageText,
  amountText,
  blockHref,
  groupedNumber,
  ShortAddress,
  shortHex,
  utcText,
} from "../ui";
import { argsRowText, argsText, type DecodedEvent } from "./model";
import { lightCellText } from "./lightText";
import type { AmountUnit } from "./query";
import type { LogRow } from "./result";

const cellCls = "truncate px-2 py-2 font-mono text-xs";

/** The log's transaction card, where its block and position are known. */
export function txCardLink(row: LogRow): string | null {
  return row.blockHash && row.transactionIndex !== null
    ? href("tx", { blockHash: row.blockHash, index: `0x${row.transactionIndex.toString(16)}` })
    : null;
}

/**
 * A row's links and its arguments' text, made once per log (and decoding): a row scrolled back
 * into view, or re-rendered while scrolling, does not build its URLs and text again.
 */
const linksCache = new WeakMap<LogRow, { card: string | null; trace: string | null }>();
function linksOf(row: LogRow) {
  let l = linksCache.get(row);
  if (!l) {
    l = {
      card: txCardLink(row),
      trace: row.transactionHash ? href("trace", { hash: row.transactionHash }) : null,
    };
    linksCache.set(row, l);
  }
  return l;
}
const argsCache = new WeakMap<DecodedEvent, { full: string; shown: string }>();
function argsOf(ev: DecodedEvent): { full: string; shown: string } {
  let t = argsCache.get(ev);
  if (t === undefined) {
    t = { full: argsText(ev), shown: argsRowText(ev) };
    argsCache.set(ev, t);
  }
  return t;
}

/**
 * One cell, as an element keyed by its column: called by the row (not mounted as a component of
 * its own), so a row costs React one component, not one per column.
 */
export function logCell(key: ColumnKey, row: LogRow, ev: DecodedEvent | null): ReactElement {
  const id = key as ColumnId;
  switch (id) {
    case "block":
      return (
        <span key={id} role="cell" className={cellCls}>
          {row.blockNumber === null ? (
            <em className="text-amber-800 dark:text-amber-200">pending</em>
          ) : (
            // BlockLink's text and route, written inline: a row costs React one component
            <a
              className="text-indigo-700 underline dark:text-indigo-300"
              href={blockHref(BigInt(row.blockNumber))}
              title="Open the block"
            >
              {groupedNumber(row.blockNumber)}
            </a>
          )}
        </span>
      );
    case "time":
      return (
        <span key={id} role="cell" className={cellCls}>
          {row.blockTimestamp === null ? "" : timeCell(row.blockTimestamp)}
        </span>
      );
    case "txIndex":
      return (
        <span key={id} role="cell" className={cellCls}>
          {row.transactionIndex !== null && row.blockHash ? (
            <a
              className="text-indigo-700 underline dark:text-indigo-300"
              href={linksOf(row).card ?? undefined}
              title="Open the transaction card"
            >
              {row.transactionIndex}
            </a>
          ) : (
            (row.transactionIndex ?? (row.pending ? "pending" : ""))
          )}
        </span>
      );
    case "logIndex":
      return (
        <span key={id} role="cell" className={cellCls}>
          {row.logIndex ?? (row.pending ? "pending" : "")}
        </span>
      );
    case "txHash":
      return (
        <span key={id} role="cell" className={cellCls} title={row.transactionHash ?? undefined}>
          {row.transactionHash ? (
            <a
              className="text-indigo-700 underline dark:text-indigo-300"
              href={linksOf(row).trace ?? undefined}
            >
              {shortHex(row.transactionHash)}
            </a>
          ) : (
            "pending"
          )}
        </span>
      );
    case "address":
      return (
        <span key={id} role="cell" className={cellCls}>
          <ShortAddress value={row.address} link />
        </span>
      );
    case "event":
      return (
        <span
          key={id}
          role="cell"
          className={`${cellCls} ${ev ? "font-sans font-semibold" : ""}`}
          title={ev?.signature ?? row.topics[0]}
        >
          {ev ? ev.name : row.topics[0] ? shortHex(row.topics[0]) : "(no topics)"}
          {ev?.origin ? (
            <>
              {" "}
              <OriginBadge origin={ev.origin} />
            </>
          ) : null}
        </span>
      );
    case "args":
      return (
        <span key={id} role="cell" className={cellCls} title={ev ? argsOf(ev).full : undefined}>
          {ev
            ? argsOf(ev).shown
            : `topics ${row.topics.length} · data ${(row.data.length - 2) / 2} bytes`}
        </span>
      );
    case "removed":
      return (
        <span key={id} role="cell" className={`${cellCls} font-sans`}>
          {row.removed ? (
            <strong className="text-amber-900 dark:text-amber-200">removed (reorg)</strong>
          ) : row.raw.removed === undefined ? (
            // Some nodes leave the flag out: shown as missing, not as "no".
            <span title="The node sent no removed flag">—</span>
          ) : (
            "no"
          )}
        </span>
      );
  }
}

/**
 * One cell as a row flung through shows it (LogRow's `light`): where it is (block, time) and what
 * (the event), as plain text; the other cells stay empty until the scrolling stops.
 */
export function lightCell(key: ColumnKey, row: LogRow, ev: DecodedEvent | null): ReactElement {
  const id = key;
  const text = lightCellText(key, row, ev);
  return (
    <span key={id} role="cell" className={cellCls}>
      {text}
    </span>
  );
}

/**
 * A decoded argument's own column: read where it sits in the log (kinds.ts). A token amount whose
 * token's decimals are known reads in whole tokens ("1.5 NST", by the same `unit` the filter reads
 * `value>0.5` in), the exact integer in the title; other integers in full; addresses short,
 * checksummed and linked (the full one in the title). Empty while the row is flung through
 * (`light`), as the other cells beyond block, time and event.
 */
export function argCell(
  c: ShownColumn,
  row: LogRow,
  kinds: KindIndex,
  light: boolean,
  unit?: AmountUnit,
): ReactElement {
  if (light) return <span key={c.key} role="cell" className={cellCls} />;
  const kind = kinds.kindOf(row);
  const at = kind ? kind.args.findIndex((a) => a.name === c.label) : -1;
  const spec = kind?.args[at];
  const v = kind && spec ? kinds.value(row, kind, at) : null;
  if (spec?.type === "address" && typeof v === "string")
    return (
      <span key={c.key} role="cell" className={cellCls}>
        <ShortAddress value={v} link />
      </span>
    );
  const tokens = typeof v === "bigint" && kind && spec ? unit?.(row, kind, spec) : undefined;
  if (tokens !== undefined && typeof v === "bigint")
    return (
      <span
        key={c.key}
        role="cell"
        className={cellCls}
        title={`${v.toString()} base units (${tokens.decimals} decimals)`}
        data-amount={v.toString()}
      >
        {amountText(v, tokens.decimals, tokens.symbol)}
      </span>
    );
  const text = valueText(v);
  return (
    <span key={c.key} role="cell" className={cellCls} title={text}>
      {text}
    </span>
  );
}

/**
 * A block's time in a cell: its UTC date (as every page writes it), the age in the title, read
 * when the row is drawn — a clock per cell would cost every visible row a subscription.
 */
function timeCell(seconds: number): ReactElement | string {
  const utc = utcText(BigInt(seconds));
  if (utc === null) return String(seconds);
  return (
    <time
      dateTime={new Date(seconds * 1000).toISOString()}
      title={`${utc} (${ageText(BigInt(seconds), Date.now())})`}
    >
      {utc}
    </time>
  );
}

/** A page's own column (`x:<name>`): its text, shown while flung through too (it is short). */
export function extraCell(key: ColumnKey, text: string): ReactElement {
  return (
    <span key={key} role="cell" className={`${cellCls} font-sans`}>
      {text}
    </span>
  );
}
