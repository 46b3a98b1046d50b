/**
 * The block's transactions: a virtualised table (only the rows in view are mounted, so a block of
 * thousands stays fluid), `role=table` with `aria-rowcount` = transactions + 1 (the header). Each
 * row: its hash (a link to the transaction's page), from → to (names where known), the method
 * decoded, value, fee and status from its receipt as receipts come in. A pure view of its props.
 */
import { memo, useRef, useState, type CSSProperties } from "react";
import { useVirtualizer, type Rect, type VirtualItem } from "@tanstack/react-virtual";
import { formatWei, type AbiRegistry } from "../../chain";
import { href } from "../../routing/links";
import { ShortAddress, shortHex } from "../../ui";
import { observeRectFrom, scrollFromTop, SlotKeys, useFling } from "../../ui/virtual";
import { txOutcome, type BlockTx } from "./block";
import { methodText } from "../../decoding/methodText";
import type { Receipt } from "./receipts";

export const ROW_HEIGHT = 36;
const TEMPLATE = "3.5rem 9.5rem minmax(15rem,1.4fr) minmax(8rem,1fr) 9rem 9rem 6rem";
/** The viewport assumed until the browser measures one (and where it measures 0×0: no layout). */
const FALLBACK_RECT: Rect = { width: 1000, height: 600 };
const CELL = "truncate px-2 py-2 font-mono text-xs";

export interface TxTableProps {
  txs: readonly BlockTx[];
  /** A transaction's receipt: undefined while it is not in, null when the node has none. */
  receiptOf: (hash: string) => Receipt | null | undefined;
  /** Bumps as receipts come in. */
  receiptsVersion: number;
  registry: AbiRegistry | null;
  /** The chain's native unit (src/chain/nativeUnit.ts). */
  symbol: string;
  /** Viewport size before the browser measures it (tests). */
  initialRect?: Rect;
}

const BADGE = {
  success: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50",
  failed: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-50",
  unknown: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
} as const;
const STATUS_TEXT = { success: "Success", failed: "Failed", unknown: "Unknown" } as const;

interface RowProps {
  tx: BlockTx;
  index: number;
  start: number;
  receipt: Receipt | null | undefined;
  registry: AbiRegistry | null;
  symbol: string;
  /**
   * Drawn light while the table is flung through (ui/virtual.ts useFling): index and hash as
   * plain text, the other cells empty, until the scrolling stops.
   */
  light: boolean;
}

const Row = memo(function Row({ tx, index, start, receipt, registry, symbol, light }: RowProps) {
  const style: CSSProperties = {
    transform: `translateY(${start}px)`,
    gridTemplateColumns: TEMPLATE,
    height: ROW_HEIGHT,
    // A row's layout and paint stay inside it (as the log table's rows): a scroll lays out
    // only the rows that came in.
    contain: "strict",
  };
  const rowClass = `absolute top-0 left-0 grid w-full items-center border-b border-slate-100 text-slate-900 dark:border-slate-800 dark:text-slate-100 ${
    index % 2 ? "bg-slate-50 dark:bg-slate-900" : "bg-white dark:bg-slate-950"
  }`;
  if (light)
    return (
      <div
        role="row"
        aria-rowindex={index + 2}
        data-index={index}
        data-light="true"
        className={rowClass}
        style={style}
      >
        <span role="cell" className={CELL}>
          {tx.index}
        </span>
        <span role="cell" className={CELL}>
          {shortHex(tx.hash)}
        </span>
      </div>
    );
  const outcome = receipt ? txOutcome(receipt, tx) : null;
  const method = methodText(tx, registry);
  const created = outcome?.contractAddress ?? null;
  return (
    <div role="row" aria-rowindex={index + 2} data-index={index} className={rowClass} style={style}>
      <span role="cell" className={CELL}>
        {tx.index}
      </span>
      <span role="cell" className={CELL} title={tx.hash}>
        <a
          className="text-indigo-700 underline dark:text-indigo-300"
          href={href("tx", { hash: tx.hash })}
        >
          {shortHex(tx.hash)}
        </a>
      </span>
      <span role="cell" className={`${CELL} flex items-center gap-1`}>
        <ShortAddress value={tx.from} className="truncate" />
        <span aria-hidden="true">→</span>
        <span className="sr-only">to</span>
        {tx.to !== null ? (
          <ShortAddress value={tx.to} className="truncate" />
        ) : created ? (
          <ShortAddress value={created} className="truncate italic" />
        ) : (
          <span className="font-sans italic">{tx.from === null ? "—" : "new contract"}</span>
        )}
      </span>
      <span
        role="cell"
        className={`${CELL} ${method === tx.selector ? "" : "font-sans font-semibold"}`}
        title={tx.selector ?? undefined}
      >
        {method}
      </span>
      <span role="cell" className={`${CELL} text-right`} title={`${tx.value.toString()} wei`}>
        {tx.value === 0n ? "0" : `${formatWei(tx.value, "ether", { thousands: true })} ${symbol}`}
      </span>
      <span
        role="cell"
        className={`${CELL} text-right`}
        title={outcome?.fee != null ? `${outcome.fee.toString()} wei` : undefined}
      >
        {outcome?.fee != null ? formatWei(outcome.fee, "ether", { thousands: true }) : ""}
      </span>
      <span role="cell" className="px-2 py-1 text-xs">
        {receipt === undefined ? (
          <span className="text-slate-600 dark:text-slate-300" aria-busy="true">
            …
          </span>
        ) : outcome ? (
          <span className={`rounded px-1.5 py-0.5 font-semibold ${BADGE[outcome.status]}`}>
            {STATUS_TEXT[outcome.status]}
          </span>
        ) : (
          <span title="The node has no receipt for it">no receipt</span>
        )}
      </span>
    </div>
  );
});

export function TxTable({
  txs,
  receiptOf,
  receiptsVersion,
  registry,
  symbol,
  initialRect = FALLBACK_RECT,
}: TxTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is the point here
  const virtualizer = useVirtualizer({
    count: txs.length,
    getScrollElement: () => scrollRef.current,
    scrollToFn: scrollFromTop,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    initialRect,
    observeElementRect: observeRectFrom(initialRect),
  });
  const items = virtualizer.getVirtualItems();
  // Rows scrolled into view reuse the elements of rows that left (as the log table's do).
  const [slotKeys] = useState(() => new SlotKeys<VirtualItem["key"]>());
  const slots = slotKeys.assign(items.map((item) => item.key));
  const light = useFling(virtualizer);
  return (
    <div
      ref={scrollRef}
      role="table"
      aria-label="Transactions"
      aria-rowcount={txs.length + 1}
      aria-colcount={7}
      data-receipts={receiptsVersion}
      className="overflow-auto rounded border border-slate-200 dark:border-slate-700"
      style={{ maxHeight: "70vh", height: txs.length > 14 ? "70vh" : undefined }}
    >
      <div className="min-w-[60rem]">
        <div role="rowgroup" className="sticky top-0 z-10 bg-slate-100 dark:bg-slate-800">
          <div
            role="row"
            aria-rowindex={1}
            className="grid items-center text-xs font-semibold text-slate-800 dark:text-slate-100"
            style={{ gridTemplateColumns: TEMPLATE }}
          >
            {[
              "#",
              "Hash",
              "From → to",
              "Method",
              `Value (${symbol})`,
              `Fee (${symbol})`,
              "Status",
            ].map((label, i) => (
              <span
                key={label}
                role="columnheader"
                className={`px-2 py-2 ${i === 4 || i === 5 ? "text-right" : ""}`}
              >
                {label}
              </span>
            ))}
          </div>
        </div>
        <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item, j) => {
            const tx = txs[item.index];
            if (!tx) return null;
            return (
              <Row
                key={slots[j]}
                light={light}
                tx={tx}
                index={item.index}
                start={item.start}
                receipt={receiptOf(tx.hash)}
                registry={registry}
                symbol={symbol}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
