/**
 * An icicle chart of gasUsed: width is gas, rows are depth. Laid out once per trace (one O(n)
 * pass, flameLayout.ts, with the window and block maths); for the window on screen only blocks at least MIN_PX wide are drawn, and runs of
 * narrower siblings are merged into one "n more" block (their subtrees are narrower still, so
 * they are skipped). Wheel, drag, keys and buttons zoom and pan; clicking a block selects its
 * frame in the tree and zooms into it. The chart is a picture
 * for pointer users; the call tree is its keyboard- and screen-reader-accessible equivalent.
 */
import {
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from "react";
import { AddressNames, groupedNumber } from "../ui";
import { usePaintedOnce } from "../ui/schedule";
import {
  flameBlocks,
  internalFlameBlocks,
  internalRows,
  flameLayout,
  FULL_WINDOW,
  MIN_SPAN,
  panWindow,
  zoomIntoBlock,
  zoomWindow,
  type FlameWindow,
} from "./flameLayout";
import { frameType, gasSent, type TraceModel } from "./model";
import type { CallFrame } from "./result";
import { useInternalCalls } from "./internalCalls/context";

const ROW = 18;

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
  functionName: (selector: string, address?: string) => string | undefined;
  width?: number;
  /** Frames to mark (e.g. the frames of a row chosen in Gas by function). */
  highlight?: ReadonlySet<number>;
}

const CAPTION =
  "Gas by frame: each block's width is its gasUsed, rows are call depth. Click a block to select its frame in the call tree (the tree is the keyboard-accessible view of the same frames). Internal calls, once shown, are violet blocks under their frame, placed by gas.";

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
  highlight,
}: FlameChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const namer = useContext(AddressNames);
  const [measured, setMeasured] = useState(800);
  const width = fixedWidth ?? measured;
  const [view, setView] = useState<FlameWindow>(FULL_WINDOW);
  useEffect(() => {
    const el = ref.current;
    if (!el || fixedWidth !== undefined || typeof ResizeObserver === "undefined") return;
    const ro = new ResizeObserver(() => setMeasured(Math.max(200, el.clientWidth)));
    ro.observe(el);
    return () => ro.disconnect();
  }, [fixedWidth]);

  const layout = useMemo(() => flameLayout(model), [model]);
  // Internal calls (Show internal calls) take rows of their own under their frames.
  const byFrame = useInternalCalls()?.byFrame ?? null;
  const rowsOf = useMemo(
    () => (byFrame && byFrame.size > 0 ? internalRows(model, byFrame) : null),
    [model, byFrame],
  );
  const levels = rowsOf?.levels ?? model.level;
  const rowsShown = Math.min(rowsOf?.maxLevel ?? model.maxLevel, 60);
  const blocks = useMemo(
    () => flameBlocks(model, layout, view, width, rowsShown, undefined, undefined, levels),
    [model, layout, view, width, rowsShown, levels],
  );
  const internalBlocks = useMemo(
    () =>
      byFrame && rowsOf
        ? internalFlameBlocks(model, layout, blocks, byFrame, levels, view, width, rowsShown)
        : [],
    [model, layout, blocks, byFrame, rowsOf, levels, view, width, rowsShown],
  );
  const mergedFrames = useMemo(() => blocks.reduce((n, b) => n + b.merged, 0), [blocks]);

  // Wheel zooms around the pointer; a horizontal wheel (or Shift) pans. Needs a non-passive
  // listener to keep the page from scrolling while the pointer is over the chart.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      const rect = el.getBoundingClientRect();
      const anchor = rect.width > 0 ? (e.clientX - rect.left) / rect.width : 0.5;
      const horizontal = e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY);
      if (horizontal) {
        const d = e.shiftKey ? e.deltaY : e.deltaX;
        e.preventDefault();
        setView((v) => panWindow(v, d / rect.width));
        return;
      }
      if (e.deltaY === 0) return;
      e.preventDefault();
      setView((v) => zoomWindow(v, e.deltaY < 0 ? 0.8 : 1.25, anchor));
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  }, []);

  // Drag pans; a drag shorter than 4 px is a click.
  const drag = useRef<{ x: number; view: FlameWindow; moved: boolean } | null>(null);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    drag.current = { x: e.clientX, view, moved: false };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.x;
    if (!d.moved && Math.abs(dx) < 4) return;
    d.moved = true;
    setView(panWindow(d.view, -(dx / width)));
  };
  const onPointerUp = () => {
    window.setTimeout(() => (drag.current = null), 0);
  };

  // The latest onSelect, read on click: the blocks below are rendered once per layout and
  // window, not on every selection, search or expansion of the tree (thousands of blocks).
  const onSelectRef = useRef(onSelect);
  useLayoutEffect(() => {
    onSelectRef.current = onSelect;
  });
  const onBlockClick = (e: MouseEvent<HTMLDivElement>) => {
    if (drag.current?.moved) return;
    const el = (e.target as Element).closest("[data-flame-x]");
    if (!el) return;
    const x = Number(el.getAttribute("data-flame-x"));
    const w = Number(el.getAttribute("data-flame-w"));
    const i = Number(el.getAttribute("data-flame-frame"));
    if (Number.isInteger(i) && i >= 0) onSelectRef.current(i);
    if (!Number.isFinite(x) || !Number.isFinite(w) || w <= 0) return;
    const merged = Number(el.getAttribute("data-flame-merged") ?? 0);
    let at = NaN;
    if (merged > 0) {
      const rect = e.currentTarget.getBoundingClientRect();
      if (rect.width > 0)
        at = view.x0 + ((e.clientX - rect.left) / rect.width) * (view.x1 - view.x0);
    }
    setView(zoomIntoBlock({ x, w, merged }, at, width));
  };

  const span = view.x1 - view.x0;
  const left = (x: number) => `${((x - view.x0) / span) * 100}%`;
  const wide = (w: number, minPx = 0) => `max(${minPx}px, ${(w / span) * 100}%)`;

  const blockElements = useMemo(
    () =>
      blocks.map((b) => {
        if (b.frame < 0) {
          return (
            <div
              key={`m${b.level}-${b.x}`}
              aria-hidden="true"
              data-flame-merged={b.merged}
              data-flame-x={b.x}
              data-flame-w={b.w}
              title={`${groupedNumber(b.merged)} more frames, too narrow to draw at this zoom: click to zoom in`}
              className="absolute cursor-zoom-in overflow-hidden whitespace-nowrap border-r border-b border-white bg-[repeating-linear-gradient(45deg,#cbd5e1_0,#cbd5e1_3px,#f1f5f9_3px,#f1f5f9_6px)] px-0.5 text-[10px] leading-[17px] text-slate-900 dark:border-slate-950"
              style={{
                left: left(b.x),
                width: wide(b.w, 3),
                top: (b.level - 1) * ROW,
                height: ROW,
              }}
            >
              {(b.w / span) * width > 60 ? `${groupedNumber(b.merged)} more` : ""}
            </div>
          );
        }
        const i = b.frame;
        const f = model.frames[i] as CallFrame;
        const px = (b.w / span) * width;
        const input = typeof f.input === "string" ? f.input : "";
        const to = typeof f.to === "string" ? f.to : undefined;
        const fn =
          input.length >= 10
            ? (functionName(input.slice(0, 10).toLowerCase(), to)?.split("(")[0] ??
              input.slice(0, 10))
            : frameType(f);
        // The contract's name where it has one (the user's label, a verified contract's name).
        const who = to ? namer.name(to)?.text : undefined;
        const name = who ? `${who} · ${fn}` : fn;
        const failed = model.failed[i] === 1;
        const marked = highlight?.has(i) ?? false;
        return (
          <div
            key={i}
            aria-hidden="true"
            data-flame-frame={i}
            data-flame-x={b.x}
            data-flame-w={b.w}
            data-flame-highlight={marked ? "true" : undefined}
            title={`${frameType(f)} ${name} · ${gasSent(model, i, "gasUsed") ? groupedNumber(model.gasUsed[i] as number) : "—"} gas${failed ? " · failed" : ""}`}
            className={`absolute cursor-pointer overflow-hidden whitespace-nowrap border-r border-b border-white px-0.5 text-[10px] leading-[17px] text-slate-900 dark:border-slate-950 ${marked ? "ring-2 ring-inset ring-amber-500" : ""}`}
            style={{
              left: left(b.x),
              width: wide(b.w),
              top: (b.level - 1) * ROW,
              height: ROW,
              background: failed ? "#fecaca" : (COLORS[frameType(f)] ?? "#e2e8f0"),
            }}
          >
            {px > 40 ? name : ""}
          </div>
        );
      }),
    // `left`/`wide` depend only on `view`
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [blocks, model, width, functionName, highlight, view, namer],
  );
  const internalElements = internalBlocks.map((b) => {
    const px = (b.w / span) * width;
    const name = `${b.call.name} (internal)`;
    return (
      <div
        key={`i${b.frame}-${b.call.id}`}
        aria-hidden="true"
        data-flame-frame={b.frame}
        data-flame-internal={b.call.name}
        data-flame-x={b.x}
        data-flame-w={b.w}
        title={`${name} · ${groupedNumber(b.call.gas)} gas`}
        className="absolute cursor-pointer overflow-hidden whitespace-nowrap border-r border-b border-white px-0.5 text-[10px] leading-[17px] text-slate-900 dark:border-slate-950"
        style={{
          left: left(b.x),
          width: wide(b.w),
          top: (b.level - 1) * ROW,
          height: ROW,
          background: "#ede9fe",
        }}
      >
        {px > 40 ? name : ""}
      </div>
    );
  });
  const selectedLevel = selected >= 0 ? (levels[selected] as number) : 0;
  const selectedShown =
    selected >= 0 && selectedLevel <= rowsShown && blocks.some((b) => b.frame === selected);
  const zoomed = span < 1;
  const zoomBy = (factor: number) => setView((v) => zoomWindow(v, factor));
  const pan = (direction: number) => setView((v) => panWindow(v, direction * 0.25));
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const actions: Record<string, () => void> = {
      "+": () => zoomBy(0.5),
      "=": () => zoomBy(0.5),
      "-": () => zoomBy(2),
      "0": () => setView(FULL_WINDOW),
      ArrowLeft: () => pan(-1),
      ArrowRight: () => pan(1),
    };
    const act = actions[e.key];
    if (!act) return;
    e.preventDefault();
    act();
  };
  const button =
    "rounded border border-slate-300 px-1.5 py-0.5 text-xs hover:bg-slate-100 disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-800";
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="text-sm text-slate-700 dark:text-slate-300">{CAPTION}</figcaption>
      <div
        className="flex flex-wrap items-center gap-2 text-xs"
        role="toolbar"
        aria-label="Flame chart zoom"
      >
        <button
          type="button"
          className={button}
          onClick={() => zoomBy(0.5)}
          disabled={span <= MIN_SPAN}
        >
          Zoom in
        </button>
        <button type="button" className={button} onClick={() => zoomBy(2)} disabled={!zoomed}>
          Zoom out
        </button>
        <button type="button" className={button} onClick={() => pan(-1)} disabled={view.x0 <= 0}>
          Pan left
        </button>
        <button type="button" className={button} onClick={() => pan(1)} disabled={view.x1 >= 1}>
          Pan right
        </button>
        <button
          type="button"
          className={button}
          onClick={() => setView(FULL_WINDOW)}
          disabled={!zoomed}
        >
          Reset zoom
        </button>
        <span aria-live="polite" className="text-slate-700 dark:text-slate-300">
          {zoomed
            ? `Showing ${(view.x0 * 100).toPrecision(3)}–${(view.x1 * 100).toPrecision(3)}% of the top frame's gas (×${(1 / span).toPrecision(3)}).`
            : "Whole transaction."}{" "}
          {mergedFrames > 0
            ? `${groupedNumber(mergedFrames)} frames too narrow to draw are merged into “more” blocks: click one, scroll or press + to zoom in.`
            : ""}
        </span>
      </div>
      <div
        ref={ref}
        tabIndex={0}
        aria-label="Flame chart: + and − zoom, arrow keys pan, 0 resets"
        onKeyDown={onKeyDown}
        className="max-h-80 touch-none overflow-x-hidden overflow-y-auto rounded border border-slate-200 focus:outline-2 focus:outline-indigo-600 dark:border-slate-700"
      >
        <div
          role="img"
          aria-label={`Flame chart of gas used by ${groupedNumber(model.size)} frames over ${model.maxLevel} levels`}
          className="relative overflow-hidden"
          style={{ height: rowsShown * ROW, width: "100%" }}
          onClick={onBlockClick}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerLeave={onPointerUp}
        >
          {blockElements}
          {internalElements}
          {selectedShown ? (
            <div
              aria-hidden="true"
              data-flame-selected={selected}
              className="pointer-events-none absolute outline outline-2 -outline-offset-2 outline-indigo-700"
              style={{
                left: left(layout.x[selected] as number),
                width: wide(layout.w[selected] as number),
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
