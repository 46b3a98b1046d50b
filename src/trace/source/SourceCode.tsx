/**
 * A contract's source laid out as a table of lines — the line number, the gas the line spent
 * (when given; empty for a line that did not run, the heaviest lines marked) and the code,
 * highlighted — for the Source and Debug views. Long files are virtualised (only the lines on
 * screen are in the DOM; every line is reached by scrolling) and the marked line (the failing
 * one, or the debugger's current step) is scrolled into view. A multi-file source lists its
 * files. Source text is attacker-controlled: it becomes text nodes only.
 */
import { useVirtualizer, type Virtualizer } from "@tanstack/react-virtual";
import { memo, useEffect, useMemo, useRef, useState } from "react";
import { formatDecimal } from "../../chain";
import { Button } from "../../ui";
import { fixedViewport, scrollFromTop, sizerStyle } from "../../ui/virtual";
import {
  linesOf,
  loadedTokenizer,
  loadTokenizer,
  plainLines,
  type Segment,
  type TokenKind,
  type Tokenize,
} from "./highlight";

/** A row's height in px (text-xs, leading-5). */
export const LINE_HEIGHT = 20;

/** How many lines show above the marked one when the box scrolls to it. */
const CONTEXT_LINES = 3;

/** How many of the heaviest lines are marked. */
export const HEAVIEST = 5;

export interface SourceMark {
  path: string;
  /** 1-based. */
  line: number;
  /** "fail": the failing line (`aria-current="true"`); "step": the debugger's current step. */
  kind: "fail" | "step";
}

export interface SourceCodeProps {
  files: readonly { path: string; content: string }[];
  /** The file shown while nothing is marked (else the first). */
  initialPath?: string | null;
  mark?: SourceMark | null;
  /** Gas per executed line by file path; without it there is no gas column. */
  lineGas?: ReadonlyMap<string, ReadonlyMap<number, number>>;
  /** Fixed viewport (tests, benchmarks): skips measuring the scroll element. */
  viewport?: { width: number; height: number };
  /** The box's greatest height (px); 60% of the screen by default. */
  maxHeight?: number;
}

// Each colour passes WCAG AA (4.5:1) on the page (white / slate-950) and on the marked rows'
// backgrounds (red-100 / red-950, indigo-100 / indigo-950), checked by the e2e axe runs.
const KIND_CLASS: Record<TokenKind, string> = {
  comment: "italic text-slate-600 dark:text-slate-400",
  string: "text-green-800 dark:text-green-300",
  keyword: "text-purple-800 dark:text-purple-300",
  type: "text-teal-800 dark:text-teal-300",
  function: "text-blue-800 dark:text-blue-300",
  number: "text-amber-800 dark:text-amber-300",
  plain: "",
};

const MARK_CLASS: Record<SourceMark["kind"], string> = {
  fail: "bg-red-100 font-semibold dark:bg-red-950",
  step: "bg-indigo-100 font-semibold dark:bg-indigo-950",
};

/** The tokenizer once it has loaded (the lines show plain until then). */
function useTokenizer(): Tokenize | null {
  const [tokenize, setTokenize] = useState<Tokenize | null>(loadedTokenizer);
  useEffect(() => {
    if (tokenize) return;
    let live = true;
    loadTokenizer().then(
      (t) => {
        if (live) setTokenize(() => t);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [tokenize]);
  return tokenize;
}

/** The `HEAVIEST` lines with the most gas, as `path:line` keys (ties at the cut all kept). */
export function heaviestLines(
  lineGas: ReadonlyMap<string, ReadonlyMap<number, number>> | undefined,
): ReadonlySet<string> {
  if (!lineGas) return new Set();
  const all: [string, number][] = [];
  for (const [path, lines] of lineGas)
    for (const [line, gas] of lines) if (gas > 0) all.push([`${path}:${line}`, gas]);
  all.sort((a, b) => b[1] - a[1]);
  const cut = all[HEAVIEST - 1]?.[1] ?? 0;
  return new Set(all.filter(([, g], i) => i < HEAVIEST || g === cut).map(([k]) => k));
}

export function SourceCode(props: SourceCodeProps) {
  const { files, mark = null, lineGas } = props;
  const markPath = mark?.path ?? null;
  // The file shown follows the mark (a step into another file); a click picks another until the
  // mark moves to another file.
  const [pick, setPick] = useState<{ for: string | null; path: string | null }>({
    for: markPath,
    path: null,
  });
  if (pick.for !== markPath) setPick({ for: markPath, path: null });
  const shown = (pick.for === markPath ? pick.path : null) ?? markPath ?? props.initialPath;
  const file = files.find((f) => f.path === shown) ?? files[0];
  const heavy = useMemo(() => heaviestLines(lineGas), [lineGas]);
  if (!file) return <p className="text-sm">Sourcify sent no source files for this contract.</p>;
  return (
    <div className="flex flex-col gap-2">
      {files.length > 1 ? (
        <div role="group" aria-label="Source files" className="flex flex-wrap gap-1">
          {files.map((f) => (
            <Button
              key={f.path}
              aria-pressed={f.path === file.path}
              onClick={() => setPick({ for: markPath, path: f.path })}
            >
              {f.path}
            </Button>
          ))}
        </div>
      ) : null}
      <FileLines
        key={file.path}
        path={file.path}
        content={file.content}
        mark={mark && mark.path === file.path ? mark : null}
        gas={lineGas ? (lineGas.get(file.path) ?? new Map<number, number>()) : null}
        heavy={heavy}
        viewport={props.viewport}
        maxHeight={props.maxHeight}
      />
    </div>
  );
}

function FileLines({
  path,
  content,
  mark,
  gas,
  heavy,
  viewport,
  maxHeight,
}: {
  path: string;
  content: string;
  mark: SourceMark | null;
  gas: ReadonlyMap<number, number> | null;
  heavy: ReadonlySet<string>;
  viewport?: { width: number; height: number };
  maxHeight?: number;
}) {
  const tokenize = useTokenizer();
  const lines = useMemo(
    () => (tokenize ? linesOf(content, tokenize(content)) : plainLines(content)),
    [content, tokenize],
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  // Opens on the marked line (a few lines below the top), not on line 1 and then scrolled
  // there: the first rows drawn are the ones wanted.
  const [initialOffset] = useState(() =>
    mark ? Math.max(0, mark.line * LINE_HEIGHT - CONTEXT_LINES * LINE_HEIGHT) : 0,
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders this component itself
  const virtualizer: Virtualizer<HTMLDivElement, Element> = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    scrollToFn: scrollFromTop,
    estimateSize: () => LINE_HEIGHT,
    overscan: 20,
    // The sticky header row sits above the first line.
    paddingStart: LINE_HEIGHT,
    scrollPaddingStart: LINE_HEIGHT,
    initialOffset,
    ...fixedViewport(viewport),
  });

  // A box that runs past the window's bottom edge is cut to it when a line is marked: a line near
  // the end of the file (a failing one often is) can then be scrolled to where it is seen without
  // scrolling the page.
  const [fit, setFit] = useState<number | null>(null);
  // The marked line into view when it is not (a step within the screen does not scroll).
  const markLine = mark?.line ?? null;
  useEffect(() => {
    if (markLine === null || markLine < 1 || markLine > lines.length) return;
    const index = markLine - 1;
    const box = scrollRef.current;
    if (box !== null && fit === null && box.clientHeight > 0) {
      const room = Math.floor(window.innerHeight - box.getBoundingClientRect().top - 8);
      if (room < box.clientHeight && room >= 8 * LINE_HEIGHT) {
        setFit(room);
        return; // placed once the box has its new height
      }
    }
    const top = index * LINE_HEIGHT + LINE_HEIGHT;
    // The part of the box the window shows: a box running past the window's bottom edge counts
    // only down to it, so the line is put where it is seen without scrolling the page.
    const shown =
      box === null
        ? 0
        : Math.min(
            box.clientHeight,
            Math.max(4 * LINE_HEIGHT, window.innerHeight - box.getBoundingClientRect().top),
          );
    const seen =
      box !== null &&
      box.clientHeight > 0 &&
      top >= box.scrollTop + LINE_HEIGHT &&
      top + LINE_HEIGHT <= box.scrollTop + shown;
    if (seen) return;
    // Placed a few lines below the box's top rather than centred: the content above the box may
    // still grow as the page fills in, and a box pushed down past the window's edge still shows
    // its first lines in the first screen.
    virtualizer.scrollToOffset(Math.max(0, top - CONTEXT_LINES * LINE_HEIGHT));
  }, [markLine, lines.length, virtualizer, fit]);

  const withGas = gas !== null;
  const height = (lines.length + 1) * LINE_HEIGHT + 2;
  return (
    <div
      ref={scrollRef}
      role="table"
      aria-label={`${path} source`}
      aria-rowcount={lines.length + 1}
      tabIndex={0}
      className="overflow-auto rounded border border-slate-200 font-mono text-xs leading-5 dark:border-slate-700"
      // Its size is its own (height given, width the parent's): what changes inside — the marked
      // line moving at each step of the debugger — is laid out and painted inside alone.
      style={{
        height,
        maxHeight:
          fit === null
            ? (maxHeight ?? "60vh")
            : maxHeight !== undefined
              ? Math.min(fit, maxHeight)
              : `min(${fit}px, 60vh)`,
        contain: "strict",
      }}
    >
      <div role="rowgroup" style={sizerStyle(virtualizer.getTotalSize())}>
        <div
          role="row"
          aria-rowindex={1}
          className="sticky top-0 z-10 flex min-w-full border-b border-slate-200 bg-slate-100 text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
          style={{ height: LINE_HEIGHT }}
        >
          <span role="columnheader" className="w-12 shrink-0 pr-2 text-right">
            Line
          </span>
          {withGas ? (
            <span role="columnheader" className="w-20 shrink-0 pr-2 text-right">
              Gas
            </span>
          ) : null}
          <span role="columnheader" className="pl-2">
            Code
          </span>
        </div>
        {virtualizer.getVirtualItems().map((item) => {
          const n = item.index + 1;
          return (
            <Line
              key={item.key}
              n={n}
              start={item.start}
              segments={lines[item.index] ?? NO_SEGMENTS}
              mark={mark !== null && mark.line === n ? mark.kind : null}
              gas={withGas ? (gas.get(n) ?? null) : undefined}
              heavy={heavy.has(`${path}:${n}`)}
            />
          );
        })}
      </div>
    </div>
  );
}

const NO_SEGMENTS: readonly Segment[] = [];

/**
 * One line. Memoised: a step of the debugger changes two lines' marks, and a screenful of lines
 * re-rendered for it would cost most of a step's time on a large source.
 */
const Line = memo(function Line({
  n,
  start,
  segments,
  mark,
  gas,
  heavy,
}: {
  n: number;
  start: number;
  segments: readonly Segment[];
  mark: SourceMark["kind"] | null;
  /** undefined: no gas column; null: the line did not run. */
  gas: number | null | undefined;
  heavy: boolean;
}) {
  return (
    <div
      role="row"
      aria-rowindex={n + 1}
      aria-current={mark ? (mark === "fail" ? "true" : "step") : undefined}
      className={`absolute top-0 left-0 flex min-w-full whitespace-pre ${mark ? MARK_CLASS[mark] : ""}`}
      style={{ height: LINE_HEIGHT, transform: `translateY(${start}px)` }}
    >
      <span
        role="cell"
        className="w-12 shrink-0 pr-2 text-right text-slate-600 select-none dark:text-slate-400"
      >
        {n}
      </span>
      {gas !== undefined ? (
        <span
          role="cell"
          title={heavy ? "One of the heaviest lines" : undefined}
          className={`w-20 shrink-0 pr-2 text-right ${
            heavy
              ? "bg-amber-100 font-semibold text-amber-950 dark:bg-amber-900 dark:text-amber-50"
              : "text-slate-800 dark:text-slate-200"
          }`}
        >
          {gas === null ? "" : formatDecimal(gas)}
          {heavy ? <span className="sr-only"> (heaviest)</span> : null}
        </span>
      ) : null}
      <span role="cell" className="pl-2">
        <Code segments={segments} />
      </span>
    </div>
  );
});

function Code({ segments }: { segments: readonly Segment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.kind === "plain" ? (
          s.text
        ) : (
          <span key={i} className={KIND_CLASS[s.kind]}>
            {s.text}
          </span>
        ),
      )}
    </>
  );
}
