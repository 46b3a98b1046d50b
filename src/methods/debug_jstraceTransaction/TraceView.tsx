/**
 * Everything shown for a callTracer result: summary, controls (expand/collapse, depth, search,
 * failures, type filter), the call tree, the selected frame's detail and the gas flame chart.
 * Pure props (a model and a decoder cache), so tests and the benchmark mount it with any trace.
 * Mount it with `key` = the trace's identity: its state starts over for a new trace.
 *
 * Type filter: hiding a type hides those frames only; their children stay visible, moved up
 * under the nearest shown ancestor, so no call disappears because its caller was filtered out.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { JsonViewer, SplitPane, useFillHeight } from "../../ui";
import { nextTask } from "../../rpc";
import { scrolledWithin } from "./scrollActivity";
import { CallTree } from "./CallTree";
import type { FrameDecodeCache } from "./decode";
import { FlameChart } from "./FlameChart";
import { FrameDetail } from "./FrameDetail";
import {
  allExpanded,
  buildRows,
  buildSearchTexts,
  expandAncestors,
  expandSiblings,
  expandToDepth,
  filteredStructure,
  indexOfPath,
  initialExpansion,
  isShown,
  pathOf,
  searchFrames,
  stepIn,
  summarize,
  type Structure,
  type TraceModel,
} from "./model";
import type { CallFrame } from "./result";
import { Summary } from "./Summary";
import type { FrameArrival } from "./arrival";
import { useFramesHere } from "./useTraceMemory";
import { TreeControls } from "./TreeControls";
import { BalanceChanges, type TokenMeta } from "./insight/BalanceChanges";
import { GasByFunction } from "./insight/GasByFunction";
import { deriveGasByFunction, type GasRow } from "./insight/gasByFunction";
import { TokenFlow } from "./insight/TokenFlow";
import { deriveBalanceChanges, transfersOf } from "./insight/transfers";
import { SourceView } from "./source/SourceView";

/** The workspace's views, in tab order; the `view` link param names one. */
export const TRACE_TABS = [
  { id: "tree", label: "Call tree" },
  { id: "flame", label: "Flame chart" },
  { id: "balances", label: "Balance changes" },
  { id: "flow", label: "Token flow" },
  { id: "state", label: "State changes" },
  { id: "source", label: "Source" },
  { id: "gas", label: "Gas by function" },
  { id: "raw", label: "Raw JSON" },
] as const;
export type TraceTab = (typeof TRACE_TABS)[number]["id"];

export function isTraceTab(v: unknown): v is TraceTab {
  return TRACE_TABS.some((t) => t.id === v);
}

const textCache = new WeakMap<
  TraceModel,
  { version: number; texts: string[]; /** Frames [0, built) have their string. */ built: number }
>();

/** Search strings are built once per trace (and decoder version), on the first search. */
function searchTexts(model: TraceModel, decode: FrameDecodeCache): string[] {
  const hit = textCache.get(model);
  if (hit && hit.version === decode.version && hit.built >= model.size) return hit.texts;
  const from = hit && hit.version === decode.version ? hit.built : 0;
  const texts = from > 0 && hit ? hit.texts : new Array<string>(model.size);
  buildSearchTexts(model, decode.decoder, { from, to: model.size, texts });
  textCache.set(model, { version: decode.version, texts, built: model.size });
  return texts;
}

/** Frames per slice when the strings are built ahead of a search (a slice stays well under 50 ms). */
const TEXT_SLICE = 5_000;
/** Frames per piece inside an idle period: small enough not to run past its end. */
const TEXT_PIECE = 250;
/**
 * The most one idle callback builds for: the browser grants up to 50 ms when nothing is due, and
 * a scroll or key arriving meanwhile would wait that long for its frame.
 */
const IDLE_SLICE_MS = 8;
/** The search strings' idle build waits this long after the tree was last scrolled. */
const SCROLL_QUIET_MS = 400;

/**
 * Builds the next slice of a trace's search strings; true while slices remain. Given an idle
 * deadline, it builds in small pieces while the idle period lasts, so a frame (scrolling, typing)
 * never waits behind it.
 */
function buildTextSlice(
  model: TraceModel,
  decode: FrameDecodeCache,
  deadline?: IdleDeadline,
): boolean {
  let hit = textCache.get(model);
  if (!hit || hit.version !== decode.version) {
    hit = { version: decode.version, texts: new Array<string>(model.size), built: 0 };
    textCache.set(model, hit);
  }
  if (hit.built >= model.size) return false;
  const end = Math.min(model.size, hit.built + TEXT_SLICE);
  const t0 = performance.now();
  do {
    const to = deadline ? Math.min(end, hit.built + TEXT_PIECE) : end;
    buildSearchTexts(model, decode.decoder, { from: hit.built, to, texts: hit.texts });
    hit.built = to;
  } while (
    hit.built < end &&
    deadline &&
    (deadline.didTimeout ||
      (deadline.timeRemaining() > 2 && performance.now() - t0 < IDLE_SLICE_MS))
  );
  return hit.built < model.size;
}

/** The last search per trace's strings (weakly: a trace let go takes its strings with it). */
const lastSearch = new WeakMap<
  string[],
  { query: string; structure: Structure; result: Int32Array }
>();
function cachedSearch(texts: string[], query: string, structure: Structure): Int32Array {
  const last = lastSearch.get(texts);
  if (last && last.query === query && last.structure === structure) return last.result;
  const result = searchFrames(texts, query, structure);
  lastSearch.set(texts, { query, structure, result });
  return result;
}

export interface TraceViewProps {
  model: TraceModel;
  decode: FrameDecodeCache;
  /** A deep-linked frame path such as "0.2.1". */
  frame?: string | null;
  onFrameChange?: (path: string) => void;
  frameLink?: (path: string) => string;
  nativeSymbol?: string;
  /** Fixed tree viewport (tests, benchmarks). */
  viewport?: { width: number; height: number };
  /** The view shown (controlled by the page's `view` param when given). */
  tab?: TraceTab;
  onTabChange?: (tab: TraceTab) => void;
  /** The State changes view: the page fetches the diff-mode prestate on request and renders it. */
  stateView?: ReactNode;
  /** The answer as the node sent it, for the Raw JSON view. */
  raw?: unknown;
  /** Token symbols and decimals known so far (asked with eth_call by the page). */
  tokenMeta?: ReadonlyMap<string, TokenMeta>;
  /** Names the exported files. */
  hash?: string;
  /** Onward links of a frame (estimate the same call, its contract's logs…). */
  onwardLinks?: (frame: CallFrame) => { label: string; href: string }[];
  /**
   * Where a large trace's frames arrive from the Worker (arrival.ts); absent when all are here.
   * Until they are, the tree shows what has come, and the views that need every frame (search,
   * type filter, flame chart, insight, raw JSON) say how far it is.
   */
  arrival?: FrameArrival | null;
}

const NO_TYPES: ReadonlySet<string> = new Set();

function initialState(model: TraceModel, frame: string | null | undefined) {
  const expanded = initialExpansion(model);
  const target = frame ? indexOfPath(model, frame) : -1;
  if (target >= 0) expandAncestors(model, expanded, target);
  return { expanded, selected: target, frameProp: frame ?? null };
}

export function TraceView(props: TraceViewProps) {
  const { model, decode, onFrameChange } = props;
  const { loaded, complete } = useFramesHere(props.arrival ?? null);
  const [state, setState] = useState(() => initialState(model, props.frame));
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const [query, setQuery] = useState("");
  const [depth, setDepth] = useState(4);
  const ids = useId();
  const [ownTab, setOwnTab] = useState<TraceTab>("tree");
  const tab = props.tab ?? ownTab;
  const setTab = (t: TraceTab) => {
    setOwnTab(t);
    props.onTabChange?.(t);
  };
  const [gasRow, setGasRow] = useState<GasRow | null>(null);
  const paneRef = useRef<HTMLDivElement>(null);
  const fillHeight = useFillHeight(paneRef, 480);
  const paneHeight = props.viewport?.height ?? fillHeight;

  // A new deep link to another frame of the same trace: select it (derived state, set in render).
  const frameProp = props.frame ?? null;
  if (frameProp !== state.frameProp) {
    const target = frameProp ? indexOfPath(model, frameProp) : -1;
    const expanded = state.expanded.slice();
    if (target >= 0) expandAncestors(model, expanded, target);
    setState({ expanded, selected: target >= 0 ? target : state.selected, frameProp });
  }

  // Build the search strings once the first rows are on screen, so the first search is quick.
  // In slices, one per idle moment: a 100,000-frame trace's strings are no 100 ms task.
  useEffect(() => {
    if (!complete) return;
    let cancel = () => {};
    const schedule = () => {
      if (typeof window.requestIdleCallback === "function") {
        const id = window.requestIdleCallback(step, { timeout: 2000 });
        cancel = () => window.cancelIdleCallback(id);
      } else {
        const id = window.setTimeout(() => step(), 50);
        cancel = () => window.clearTimeout(id);
      }
    };
    const step = (deadline?: IdleDeadline) => {
      // Not while the user scrolls: it would share their frames.
      if (scrolledWithin(SCROLL_QUIET_MS)) {
        const id = window.setTimeout(schedule, SCROLL_QUIET_MS);
        cancel = () => window.clearTimeout(id);
        return;
      }
      if (!buildTextSlice(model, decode, deadline)) return;
      if (deadline && !deadline.didTimeout && deadline.timeRemaining() > 2) {
        // Time left in this idle period: go on in a task of its own, so input waits for at
        // most one slice (an idle callback asked for now would wait for the next period).
        let live = true;
        void nextTask().then(() => {
          if (live) step(deadline);
        });
        cancel = () => {
          live = false;
        };
      } else schedule();
    };
    schedule();
    return () => cancel();
  }, [model, decode, complete]);

  // A type filter reads every frame's type: it applies once they are all here.
  const structure = useMemo(
    () => filteredStructure(model, complete ? hidden : NO_TYPES),
    [model, hidden, complete],
  );
  // Rebuilt as frames arrive: their log rows go between the frame rows.
  const rows = useMemo(
    () => buildRows(model, structure, state.expanded),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `loaded` changes what the model's frames hold
    [model, structure, state.expanded, loaded],
  );
  const summary = useMemo(() => summarize(model), [model]);
  const texts = query.trim() && complete ? searchTexts(model, decode) : null;
  const matches = useMemo(
    () => (texts ? cachedSearch(texts, query, structure) : new Int32Array(0)),
    [texts, query, structure],
  );
  const highlight = useMemo(() => (gasRow ? new Set(gasRow.frames) : undefined), [gasRow]);
  const matchSet = useMemo(() => {
    if (!texts && !highlight) return null;
    const set = new Uint8Array(model.size);
    if (texts) for (const i of matches) set[i] = 1;
    else if (highlight) for (const i of highlight) set[i] = 1;
    return set;
  }, [texts, matches, model, highlight]);
  // Insight views are derived on first use (one linear pass each), not for every trace.
  const transfers = useMemo(
    () => (complete && (tab === "balances" || tab === "flow") ? transfersOf(model) : null),
    [model, tab, complete],
  );
  const balanceRows = useMemo(
    () => (tab === "balances" && transfers ? deriveBalanceChanges(transfers) : null),
    [transfers, tab],
  );
  const gasRows = useMemo(
    () => (complete && tab === "gas" ? deriveGasByFunction(model) : null),
    [model, tab, complete],
  );
  const failures = useMemo(
    () => model.failures.filter((i) => isShown(structure, i)),
    [model, structure],
  );
  const frameDeepLinkMissing = frameProp !== null && indexOfPath(model, frameProp) < 0;

  const select = (i: number) => {
    if (i < 0) return;
    setState((s) => {
      let expanded = s.expanded;
      if (model.parent[i] !== -1 && rows.rowOfFrame[i] === -1) {
        expanded = s.expanded.slice();
        expandAncestors(model, expanded, i);
      }
      return { ...s, expanded, selected: i, frameProp: pathOf(model, i) };
    });
    onFrameChange?.(pathOf(model, i));
  };
  const setExpanded = (expanded: Uint8Array) => setState((s) => ({ ...s, expanded }));
  const toggle = (i: number) =>
    setState((s) => {
      const expanded = s.expanded.slice();
      expanded[i] = expanded[i] ? 0 : 1;
      return { ...s, expanded };
    });

  const currentMatch = state.selected >= 0 ? matches.indexOf(state.selected) : -1;
  const goMatch = (dir: 1 | -1, list: Int32Array = matches) => {
    const next = stepIn(list, state.selected, dir);
    if (next >= 0) select(next);
  };
  const onQuery = (q: string) => {
    setQuery(q);
    // While frames still arrive, the search runs once they are all here.
    if (!q.trim() || !complete) return;
    const list = cachedSearch(searchTexts(model, decode), q, structure);
    if (list.length > 0 && !list.includes(state.selected))
      select(stepIn(list, state.selected - 1, 1));
  };
  const toggleType = (type: string) => {
    const next = new Set(hidden);
    if (next.has(type)) next.delete(type);
    else next.add(type);
    setHidden(next);
  };
  const types = [...model.typeCounts.entries()];
  // Stable per decoder, so the flame chart lays its blocks out again only when names can change.
  const functionName = useCallback(
    (s: string, address?: string) => decode.decoder.functionName(s, address),
    [decode],
  );

  const tabId = (t: TraceTab) => `${ids}-tab-${t}`;
  const frameDetail = (
    <FrameDetail
      model={model}
      index={state.selected}
      decode={decode}
      nativeSymbol={props.nativeSymbol}
      frameLink={props.frameLink}
      onwardLinks={props.onwardLinks}
    />
  );
  const selectAndShow = (i: number) => {
    select(i);
    setTab("tree");
  };
  return (
    <div className="flex flex-col gap-3">
      <Summary summary={summary} nativeSymbol={props.nativeSymbol} />
      <div
        role="tablist"
        aria-label="Trace views"
        className="flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-700"
        onKeyDown={(e) => {
          const i = TRACE_TABS.findIndex((t) => t.id === tab);
          const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
          if (step === 0) return;
          e.preventDefault();
          const next = TRACE_TABS[(i + step + TRACE_TABS.length) % TRACE_TABS.length];
          if (!next) return;
          setTab(next.id);
          document.getElementById(tabId(next.id))?.focus();
        }}
      >
        {TRACE_TABS.map((t) => (
          <button
            key={t.id}
            id={tabId(t.id)}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`${ids}-panel`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            className={`rounded-t px-3 py-1.5 text-sm ${
              tab === t.id
                ? "border-b-2 border-indigo-700 font-semibold text-indigo-800 dark:border-indigo-300 dark:text-indigo-200"
                : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${ids}-panel`}
        aria-labelledby={tabId(tab)}
        className="flex flex-col gap-3"
      >
        {tab === "tree" ? (
          <>
            <TreeControls
              searchId={`${ids}-search`}
              maxLevel={model.maxLevel}
              depth={depth}
              onDepth={setDepth}
              onExpandAll={() => setExpanded(allExpanded(model))}
              onCollapseAll={() => setExpanded(new Uint8Array(model.size))}
              onExpandToDepth={() => setExpanded(expandToDepth(model, structure, depth))}
              failures={failures.length}
              onFailure={(dir) => goMatch(dir, failures)}
              query={query}
              onQuery={onQuery}
              matches={matches.length}
              currentMatch={currentMatch}
              onMatch={(dir) => goMatch(dir)}
              types={types}
              hidden={hidden}
              onToggleType={toggleType}
              hiddenCount={structure.hiddenCount}
            />
            {!complete ? (
              <p role="status" className="text-sm">
                Loading frames: {loaded.toLocaleString("en-US")} of{" "}
                {model.size.toLocaleString("en-US")}… (search and the type filter apply once all are
                here)
              </p>
            ) : null}
            {frameDeepLinkMissing ? (
              <p role="alert" className="text-sm text-red-800 dark:text-red-300">
                This trace has no frame {frameProp}.
              </p>
            ) : null}
            {highlight && !query.trim() ? (
              <p role="status" className="text-sm">
                {highlight.size.toLocaleString("en-US")}{" "}
                {highlight.size === 1
                  ? "frame of the chosen function is marked."
                  : "frames of the chosen function are marked."}{" "}
                <button type="button" className="underline" onClick={() => setGasRow(null)}>
                  Clear the marks
                </button>
              </p>
            ) : null}
            <div ref={paneRef}>
              <SplitPane
                storageKey="nodescope.traceSplit"
                label="Resize the call tree and frame detail"
                left={
                  <CallTree
                    model={model}
                    structure={structure}
                    rows={rows}
                    expanded={state.expanded}
                    selected={state.selected}
                    decode={decode}
                    matches={matchSet}
                    onSelect={select}
                    onToggle={toggle}
                    onExpandSiblings={(i) => {
                      const expanded = state.expanded.slice();
                      expandSiblings(model, structure, expanded, i);
                      setExpanded(expanded);
                    }}
                    nativeSymbol={props.nativeSymbol}
                    viewport={props.viewport}
                    height={paneHeight}
                  />
                }
                right={
                  <div
                    className="overflow-auto rounded border border-slate-200 p-2 dark:border-slate-700"
                    style={{ maxHeight: paneHeight }}
                  >
                    {frameDetail}
                  </div>
                }
              />
            </div>
          </>
        ) : null}
        {!complete && tab !== "tree" && tab !== "state" ? (
          <p role="status" className="text-sm">
            Loading frames: {loaded.toLocaleString("en-US")} of {model.size.toLocaleString("en-US")}
            …
          </p>
        ) : null}
        {tab === "flame" && complete ? (
          <>
            <FlameChart
              model={model}
              selected={state.selected}
              onSelect={select}
              functionName={functionName}
              highlight={highlight}
            />
            <div className="rounded border border-slate-200 p-2 dark:border-slate-700">
              {frameDetail}
            </div>
          </>
        ) : null}
        {tab === "balances" && balanceRows ? (
          <BalanceChanges
            rows={balanceRows}
            tokenMeta={props.tokenMeta}
            nativeSymbol={props.nativeSymbol}
            hash={props.hash}
          />
        ) : null}
        {tab === "flow" && transfers ? (
          <TokenFlow
            transfers={transfers}
            tokenMeta={props.tokenMeta}
            nativeSymbol={props.nativeSymbol}
            selectedFrame={state.selected}
            onSelectFrame={selectAndShow}
          />
        ) : null}
        {tab === "state"
          ? (props.stateView ?? <p className="text-sm">State changes are not available here.</p>)
          : null}
        {tab === "source" && complete ? (
          <SourceView model={model} selected={state.selected} />
        ) : null}
        {tab === "gas" && gasRows ? (
          <GasByFunction
            rows={gasRows}
            functionName={(r) =>
              r.kind === "call" ? (decode.decoder.functionName(r.selector) ?? null) : null
            }
            selected={gasRow?.key ?? null}
            onSelect={(r) => {
              setGasRow(r);
              const first = r?.frames[0];
              if (first !== undefined) select(first);
            }}
          />
        ) : null}
        {tab === "raw" && complete ? (
          <JsonViewer
            value={props.raw ?? model.frames[0]}
            label="Raw trace JSON"
            viewport={props.viewport}
            height={paneHeight}
          />
        ) : null}
      </div>
    </div>
  );
}
