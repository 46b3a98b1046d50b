/**
 * Logs per block across the range as a small SVG bar chart of the rows shown (the filter's
 * matches), the whole result faint behind them. Blocks are grouped into buckets; choosing a bucket
 * narrows the shown rows to its blocks at once (a `block:a..b` filter term). The bars are one tab
 * stop: arrow keys, Home and End move between them, Enter or Space chooses.
 */
import { memo, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { formatDecimal } from "../chain/units";
import type { LogRow } from "./result";

export interface Bucket {
  from: number;
  to: number;
  count: number;
}

export function bucketize(
  rows: readonly LogRow[],
  range: { from: number; to: number } | null,
  maxBuckets = 60,
): Bucket[] {
  let lo = range?.from ?? Number.POSITIVE_INFINITY;
  let hi = range?.to ?? Number.NEGATIVE_INFINITY;
  if (!range) {
    for (const r of rows) {
      if (r.blockNumber === null) continue;
      if (r.blockNumber < lo) lo = r.blockNumber;
      if (r.blockNumber > hi) hi = r.blockNumber;
    }
  }
  if (!Number.isFinite(lo) || !Number.isFinite(hi) || hi < lo) return [];
  const span = hi - lo + 1;
  const n = Math.max(1, Math.min(maxBuckets, span));
  const width = Math.ceil(span / n);
  const buckets: Bucket[] = [];
  for (let a = lo; a <= hi; a += width)
    buckets.push({ from: a, to: Math.min(hi, a + width - 1), count: 0 });
  for (const r of rows) {
    if (r.blockNumber === null || r.blockNumber < lo || r.blockNumber > hi) continue;
    const b = buckets[Math.floor((r.blockNumber - lo) / width)];
    if (b) b.count++;
  }
  return buckets;
}

/** Memoised: the table re-renders on every scroll step, the chart only when its rows change. */
export const LogsChart = memo(function LogsChart({
  rows,
  shown,
  filtered,
  range,
  onPick,
}: {
  /** Every log of the result. */
  rows: readonly LogRow[];
  /** The logs the filter shows (the bars); `rows` when there is no filter. */
  shown: readonly LogRow[];
  /** A filter is applied: the whole result is drawn faint behind the shown bars. */
  filtered: boolean;
  range: { from: number; to: number } | null;
  onPick: (from: number, to: number) => void;
}) {
  const all = useMemo(() => bucketize(rows, range), [rows, range]);
  const buckets = useMemo(
    () =>
      shown === rows
        ? all
        : bucketize(
            shown,
            all.length ? { from: all[0]?.from ?? 0, to: all[all.length - 1]?.to ?? 0 } : range,
          ),
    [shown, rows, all, range],
  );
  const [active, setActive] = useState(0);
  const svg = useRef<SVGSVGElement>(null);
  if (buckets.length === 0) return null;
  const current = Math.min(active, buckets.length - 1);
  const focusBar = (i: number) => {
    const next = Math.max(0, Math.min(buckets.length - 1, i));
    setActive(next);
    svg.current?.querySelector<SVGRectElement>(`[data-bar="${next}"]`)?.focus();
  };
  // The scale is the whole result's when a filter shows part of it, so the bars say how much of
  // each block group the filter kept.
  const max = Math.max(1, ...(filtered ? all : buckets).map((b) => b.count));
  const W = 600;
  const H = 80;
  const bw = W / buckets.length;
  const first = buckets[0];
  const last = buckets[buckets.length - 1];
  const key = (b: Bucket, i: number) => (e: KeyboardEvent<SVGRectElement>) => {
    const moves: Record<string, number> = {
      ArrowLeft: i - 1,
      ArrowRight: i + 1,
      Home: 0,
      End: buckets.length - 1,
    };
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      onPick(b.from, b.to);
    } else if (moves[e.key] !== undefined) {
      e.preventDefault();
      focusBar(moves[e.key] ?? i);
    }
  };
  const count = formatDecimal;
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="text-sm font-medium text-slate-800 dark:text-slate-200">
        Logs per block
        {filtered ? ` — ${count(shown.length)} of ${count(rows.length)} logs` : ""}
        {first && last
          ? ` (blocks ${formatDecimal(first.from)}–${formatDecimal(last.to)}, ${formatDecimal(buckets.length)} groups)`
          : ""}{" "}
        — choose a bar to show only its blocks
      </figcaption>
      <svg
        ref={svg}
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        className="h-20 w-full rounded bg-slate-50 dark:bg-slate-900"
        role="group"
        aria-label="Logs per block"
      >
        {buckets.map((b, i) => {
          const h = b.count === 0 ? 0 : Math.max(2, (b.count / max) * (H - 4));
          const whole = filtered ? (all[i]?.count ?? 0) : 0;
          const hAll = whole === 0 ? 0 : Math.max(2, (whole / max) * (H - 4));
          const label = filtered
            ? `Blocks ${b.from}–${b.to}: ${count(b.count)} of ${count(whole)} log${whole === 1 ? "" : "s"}`
            : `Blocks ${b.from}–${b.to}: ${count(b.count)} log${b.count === 1 ? "" : "s"}`;
          return (
            <g key={b.from}>
              <rect
                x={i * bw}
                y={0}
                width={bw}
                height={H}
                className="cursor-pointer fill-transparent hover:fill-indigo-100 focus:fill-indigo-100 focus:outline-none dark:hover:fill-indigo-950 dark:focus:fill-indigo-950"
                role="button"
                data-bar={i}
                data-count={b.count}
                tabIndex={i === current ? 0 : -1}
                aria-label={label}
                onClick={() => {
                  setActive(i);
                  onPick(b.from, b.to);
                }}
                onKeyDown={key(b, i)}
              >
                <title>{label}</title>
              </rect>
              {hAll > 0 ? (
                <rect
                  x={i * bw + bw * 0.1}
                  y={H - hAll}
                  width={bw * 0.8}
                  height={hAll}
                  className="pointer-events-none fill-slate-300 dark:fill-slate-700"
                />
              ) : null}
              <rect
                x={i * bw + bw * 0.1}
                y={H - h}
                width={bw * 0.8}
                height={h}
                className="pointer-events-none fill-indigo-600 dark:fill-indigo-400"
              />
            </g>
          );
        })}
      </svg>
    </figure>
  );
});
