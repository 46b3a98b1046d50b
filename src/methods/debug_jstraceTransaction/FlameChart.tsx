/**
 * An icicle chart of gasUsed: width is gas, rows are depth. Laid out once per trace (one O(n)
 * pass); only blocks at least MIN_PX wide are drawn (their children are narrower still, so whole
 * subtrees are skipped). Clicking a block selects its frame in the tree. The chart is a picture
 * for pointer users; the call tree is its keyboard- and screen-reader-accessible equivalent.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from "react";
import { frameType, type TraceModel } from "./model";
import type { CallFrame } from "./result";

const ROW = 18;
const MIN_PX = 2;
const MAX_BLOCKS = 4000;
/** One formatter for every block (Number#toLocaleString builds a new one per call). */
const GAS_FORMAT = new Intl.NumberFormat("en-US");

export interface FlameLayout {
  x: Float64Array;
  w: Float64Array;
}

export function flameLayout(m: TraceModel): FlameLayout {
  const n = m.size;
  const x = new Float64Array(n);
  const w = new Float64Array(n);
  const cursor = new Float64Array(n);
  if (n === 0) return { x, w };
  w[0] = 1;
  for (let i = 1; i < n; i++) {
    const p = m.parent[i] as number;
    const pg = m.gasUsed[p] as number;
    const share =
      pg > 0 ? (m.gasUsed[i] as number) / pg : 1 / Math.max(1, m.childCount[p] as number);
    const left = (w[p] as number) - (cursor[p] as number);
    const width = Math.max(0, Math.min(share * (w[p] as number), left));
    x[i] = (x[p] as number) + (cursor[p] as number);
    w[i] = width;
    cursor[p] = (cursor[p] as number) + width;
  }
  return { x, w };
}

const COLORS: Record<string, string> = {
  CALL: "#bae6fd",
  STATICCALL: "#e2e8f0",
  DELEGATECALL: "#ddd6fe",
  CALLCODE: "#f5d0fe",
  CREATE: "#a7f3d0",
  CREATE2: "#99f6e4",
  SELFDESTRUCT: "#fed7aa",
};

interface FlameChartProps {
  model: TraceModel;
  selected: number;
  onSelect: (i: number) => void;
  /** Cheap selector → name lookup (no full decoding for thousands of blocks). */
  functionName: (selector: string) => string | undefined;
  width?: number;
}

const CAPTION =
  "Gas by frame: each block's width is its gasUsed, rows are call depth. Click a block to select its frame in the call tree (the tree is the keyboard-accessible view of the same frames).";

/** True once the page has painted after mounting (the next frame has been rendered). */
function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => setPainted(true);
    // A task queued from an animation frame runs after that frame is painted.
    const raf =
      typeof requestAnimationFrame === "function"
        ? requestAnimationFrame(() => {
            timer = setTimeout(done, 0);
          })
        : undefined;
    if (raf === undefined) timer = setTimeout(done, 0);
    return () => {
      if (raf !== undefined) cancelAnimationFrame(raf);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}

/**
 * The chart is laid out and drawn (hundreds of blocks) only after the page has painted once, so
 * a big trace's first tree rows are not held back by it; until then its space is reserved.
 */
export function FlameChart(props: FlameChartProps) {
  const painted = usePaintedOnce();
  if (painted) return <FlameChartBody {...props} />;
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="text-sm text-slate-700 dark:text-slate-300">{CAPTION}</figcaption>
      <div className="max-h-80 overflow-hidden rounded border border-slate-200 dark:border-slate-700">
        <div style={{ height: Math.min(props.model.maxLevel, 60) * ROW }} />
      </div>
    </figure>
  );
}

function FlameChartBody({
  model,
  selected,
  onSelect,
  functionName,
  width: fixedWidth,
}: FlameChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [measured, setMeasured] = useState(800);
  const width = fixedWidth ?? measured;
  useEffect(() => {
    const el = ref.current;
    if (!el || fixedWidth !== undefined || typeof ResizeObserver === "undefined") return;
    const ro = new ResizeObserver(() => setMeasured(Math.max(200, el.clientWidth)));
    ro.observe(el);
    return () => ro.disconnect();
  }, [fixedWidth]);

  const layout = useMemo(() => flameLayout(model), [model]);
  const blocks = useMemo(() => {
    const out: number[] = [];
    let i = 0;
    while (i < model.size && out.length < MAX_BLOCKS) {
      if ((layout.w[i] as number) * width < MIN_PX) {
        i = model.end[i] as number;
        continue;
      }
      out.push(i);
      i++;
    }
    return out;
  }, [model, layout, width]);

  const rowsShown = Math.min(model.maxLevel, 60);
  // The latest onSelect, read on click: the blocks below are rendered once per layout, not on
  // every selection, search or expansion of the tree (thousands of blocks).
  const onSelectRef = useRef(onSelect);
  useLayoutEffect(() => {
    onSelectRef.current = onSelect;
  });
  const onBlockClick = (e: MouseEvent<HTMLDivElement>) => {
    const el = (e.target as Element).closest("[data-flame-frame]");
    const i = el ? Number(el.getAttribute("data-flame-frame")) : Number.NaN;
    if (Number.isInteger(i)) onSelectRef.current(i);
  };
  const blockElements = useMemo(
    () =>
      blocks.map((i) => {
        const level = model.level[i] as number;
        if (level > rowsShown) return null;
        const f = model.frames[i] as CallFrame;
        const px = (layout.w[i] as number) * width;
        const input = typeof f.input === "string" ? f.input : "";
        const name =
          input.length >= 10
            ? (functionName(input.slice(0, 10).toLowerCase())?.split("(")[0] ?? input.slice(0, 10))
            : frameType(f);
        const failed = model.failed[i] === 1;
        return (
          <div
            key={i}
            aria-hidden="true"
            data-flame-frame={i}
            title={`${frameType(f)} ${name} · ${GAS_FORMAT.format(Math.round(model.gasUsed[i] as number))} gas${failed ? " · failed" : ""}`}
            className="absolute cursor-pointer overflow-hidden whitespace-nowrap border-r border-b border-white px-0.5 text-[10px] leading-[17px] text-slate-900 dark:border-slate-950"
            style={{
              left: `${(layout.x[i] as number) * 100}%`,
              width: `${(layout.w[i] as number) * 100}%`,
              top: (level - 1) * ROW,
              height: ROW,
              background: failed ? "#fecaca" : (COLORS[frameType(f)] ?? "#e2e8f0"),
            }}
          >
            {px > 40 ? name : ""}
          </div>
        );
      }),
    [blocks, model, layout, width, rowsShown, functionName],
  );
  const selectedLevel = selected >= 0 ? (model.level[selected] as number) : 0;
  const selectedShown = selected >= 0 && selectedLevel <= rowsShown && blocks.includes(selected);
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="text-sm text-slate-700 dark:text-slate-300">{CAPTION}</figcaption>
      <div
        ref={ref}
        className="max-h-80 overflow-y-auto overflow-x-hidden rounded border border-slate-200 dark:border-slate-700"
      >
        <div
          role="img"
          aria-label={`Flame chart of gas used by ${model.size.toLocaleString("en-US")} frames over ${model.maxLevel} levels`}
          className="relative"
          style={{ height: rowsShown * ROW, width: "100%" }}
          onClick={onBlockClick}
        >
          {blockElements}
          {selectedShown ? (
            <div
              aria-hidden="true"
              data-flame-selected={selected}
              className="pointer-events-none absolute outline outline-2 -outline-offset-2 outline-indigo-700"
              style={{
                left: `${(layout.x[selected] as number) * 100}%`,
                width: `${(layout.w[selected] as number) * 100}%`,
                top: (selectedLevel - 1) * ROW,
                height: ROW,
              }}
            />
          ) : null}
        </div>
      </div>
    </figure>
  );
}
