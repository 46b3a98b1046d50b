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
import { groupedNumber, JsonViewer, lazyView, useFillHeight } from "../ui";
import type { FrameDecodeCache } from "./decode";
import { FlameChart } from "./FlameChart";
import { FrameDetail } from "./FrameDetail";
import { gasAgreement, type ReceiptGas } from "./gasAgreement";
import { summarize, type TraceModel } from "./model";
import { stepIn } from "./search";
import {
  allExpanded,
  buildRows,
  expandAncestors,
  expandSiblings,
  expandToDepth,
  filteredStructure,
  indexOfPath,
  initialExpansion,
  isShown,
  pathOf,
} from "./tree";
import type { CallFrame } from "./result";
import { cachedSearch, decodedSearch, searchTexts, useSearchIndexBuild } from "./searchIndex";
import { Summary } from "./Summary";
import type { FrameArrival } from "./arrival";
import { TraceTabBar, traceTabId, type TraceTab } from "./TraceTabs";
import { TreePane } from "./TreePane";
import type { TreeAsk } from "./TreeControls";
import { useFramesHere } from "./useTraceMemory";
import { BalanceChanges, type TokenMeta } from "./insight/BalanceChanges";
import { GasByFunction } from "./insight/GasByFunction";
import { deriveGasByFunction, type GasRow } from "./insight/gasRows";
import { useInternalCalls } from "./internalCalls/context";
import { TokenFlow } from "./insight/TokenFlow";
import { deriveBalanceChanges, transfersOf } from "./insight/transfers";

export { isTraceTab, TRACE_TABS, type TraceTab } from "./TraceTabs";

// The Source view and its source-map reading load when the tab is first opened.
const SourceView = lazyView(() => import("./source/SourceView").then((m) => m.SourceView));
// So does the debugger.
const DebugView = lazyView(() => import("./debugger/DebugView").then((m) => m.DebugView));

export interface TraceViewProps {
  model: TraceModel;
  decode: FrameDecodeCache;
  /** A deep-linked frame path such as "0.2.1". */
  frame?: string | null;
  onFrameChange?: (path: string) => void;
  /** The Debug view's deep-linked step (`step` in the link), and where it is written back. */
  step?: string | null;
  onStepChange?: (step: number, framePath: string) => void;
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
  /** The receipt's gas used and the transaction's limit, when the page has them (a mined one). */
  receiptGas?: ReceiptGas | null;
  /** Expand all or a search asked for while the answer was still read (TreeAsk): applied at once. */
  asked?: TreeAsk;
  /**
   * Whether the trace was asked with callTracer's `withLog` (events listed per frame); undefined
   * when not known (a trace from a file). Views that read events say so only when it matters.
   */
  logsAsked?: boolean;
}

const NO_TYPES: ReadonlySet<string> = new Set();

function initialState(model: TraceModel, frame: string | null | undefined, expandAll: boolean) {
  const expanded = expandAll ? allExpanded(model) : initialExpansion(model);
  const target = frame ? indexOfPath(model, frame) : -1;
  if (target >= 0) expandAncestors(model, expanded, target);
  return { expanded, selected: target, frameProp: frame ?? null };
}

export function TraceView(props: TraceViewProps) {
  const { model, decode, onFrameChange } = props;
  const { loaded, complete } = useFramesHere(props.arrival ?? null);
  const [state, setState] = useState(() =>
    initialState(model, props.frame, props.asked?.expandAll ?? false),
  );
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const [query, setQuery] = useState(props.asked?.query ?? "");
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

  // The search strings are built in idle time once the first rows are on screen; the decoded
  // values after them (`decodedBuilt` changes once they are all built: the search runs again).
  const decodedBuilt = useSearchIndexBuild(model, decode, complete);

  // A type filter reads every frame's type: it applies once they are all here.
  const structure = useMemo(
    () => filteredStructure(model, complete ? hidden : NO_TYPES),
    [model, hidden, complete],
  );
  // The internal calls, once the page read them (Show internal calls): rows under their frames.
  const internalCalls = useInternalCalls();
  const internalByFrame = internalCalls?.byFrame ?? null;
  // Rebuilt as frames arrive: their log rows go between the frame rows.
  const rows = useMemo(
    () => buildRows(model, structure, state.expanded, internalByFrame),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `loaded` changes what the model's frames hold
    [model, structure, state.expanded, loaded, internalByFrame],
  );
  const summary = useMemo(() => summarize(model), [model]);
  const receiptGas = props.receiptGas ?? null;
  const gas = useMemo(
    () => gasAgreement(model.size > 0 ? model.frames[0] : null, receiptGas),
    [model, receiptGas],
  );
  const texts = query.trim() && complete ? searchTexts(model, decode) : null;
  const matches = useMemo(
    () =>
      texts
        ? cachedSearch(texts, query, structure, decodedSearch(model, decode))
        : new Int32Array(0),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `decodedBuilt` changes what decodedSearch holds
    [texts, query, structure, model, decode, decodedBuilt],
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
    () => (complete && tab === "gas" ? deriveGasByFunction(model, internalByFrame) : null),
    [model, tab, complete, internalByFrame],
  );
  const failures = useMemo(
    () => model.failures.filter((i) => isShown(structure, i)),
    [model, structure],
  );
  const frameDeepLinkMissing = frameProp !== null && indexOfPath(model, frameProp) < 0;

  const selecting = (s: typeof state, i: number): typeof state => {
    let expanded = s.expanded;
    if (model.parent[i] !== -1 && rows.rowOfFrame[i] === -1) {
      expanded = s.expanded.slice();
      expandAncestors(model, expanded, i);
    }
    return { ...s, expanded, selected: i, frameProp: pathOf(model, i) };
  };
  const select = (i: number) => {
    if (i < 0) return;
    setState((s) => selecting(s, i));
    onFrameChange?.(pathOf(model, i));
  };
  const setExpanded = (expanded: Uint8Array) => setState((s) => ({ ...s, expanded }));
  const toggle = (i: number) =>
    setState((s) => {
      const expanded = s.expanded.slice();
      expanded[i] = expanded[i] ? 0 : 1;
      return { ...s, expanded };
    });

  // A search's first match is selected once the search can run: typed here, or before every frame
  // was here (or carried over from the first paint, `asked`) — then once they are. Derived state,
  // set in render; the page hears of the frame once, after the commit.
  const [matchDue, setMatchDue] = useState(() => (props.asked?.query ?? "").trim() !== "");
  const [autoSelected, setAutoSelected] = useState<{ path: string } | null>(null);
  if (matchDue && complete && texts) {
    setMatchDue(false);
    if (matches.length > 0 && !matches.includes(state.selected)) {
      const first = stepIn(matches, state.selected - 1, 1);
      setState(selecting(state, first));
      setAutoSelected({ path: pathOf(model, first) });
    }
  }
  const told = useRef<{ path: string } | null>(null);
  useEffect(() => {
    if (autoSelected === null || told.current === autoSelected) return;
    told.current = autoSelected;
    onFrameChange?.(autoSelected.path);
  }, [autoSelected, onFrameChange]);
  const currentMatch = state.selected >= 0 ? matches.indexOf(state.selected) : -1;
  const goMatch = (dir: 1 | -1, list: Int32Array = matches) => {
    const next = stepIn(list, state.selected, dir);
    if (next >= 0) select(next);
  };
  const onQuery = (q: string) => {
    setQuery(q);
    setMatchDue(q.trim() !== "");
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

  const frameDetail = (
    <FrameDetail
      model={model}
      index={state.selected}
      decode={decode}
      nativeSymbol={props.nativeSymbol}
      frameLink={props.frameLink}
      onwardLinks={props.onwardLinks}
      tokenMeta={props.tokenMeta}
    />
  );
  const selectAndShow = (i: number) => {
    select(i);
    setTab("tree");
  };
  return (
    <div className="flex flex-col gap-3">
      <Summary summary={summary} gas={gas} nativeSymbol={props.nativeSymbol} />
      <TraceTabBar ids={ids} tab={tab} onTab={setTab} />
      <div
        role="tabpanel"
        id={`${ids}-panel`}
        aria-labelledby={traceTabId(ids, tab)}
        className="flex flex-col gap-3"
      >
        {tab === "tree" ? (
          <TreePane
            controls={{
              searchId: `${ids}-search`,
              focusSearch: props.asked?.searchFocused,
              maxLevel: model.maxLevel,
              depth,
              onDepth: setDepth,
              onExpandAll: () => setExpanded(allExpanded(model)),
              onCollapseAll: () => setExpanded(new Uint8Array(model.size)),
              onExpandToDepth: () => setExpanded(expandToDepth(model, structure, depth)),
              failures: failures.length,
              onFailure: (dir) => goMatch(dir, failures),
              query,
              onQuery,
              matches: matches.length,
              currentMatch,
              onMatch: (dir) => goMatch(dir),
              types,
              hidden,
              onToggleType: toggleType,
              hiddenCount: structure.hiddenCount,
              internalCalls,
            }}
            tree={{
              model,
              structure,
              rows,
              expanded: state.expanded,
              selected: state.selected,
              decode,
              matches: matchSet,
              onSelect: select,
              onToggle: toggle,
              onExpandSiblings: (i) => {
                const expanded = state.expanded.slice();
                expandSiblings(model, structure, expanded, i);
                setExpanded(expanded);
              },
              nativeSymbol: props.nativeSymbol,
              viewport: props.viewport,
              internalCalls: internalByFrame,
              tokenMeta: props.tokenMeta,
            }}
            detail={state.selected >= 0 ? frameDetail : null}
            onCloseDetail={() => setState((s) => ({ ...s, selected: -1 }))}
            loading={complete ? null : { loaded, size: model.size }}
            missingFrame={frameDeepLinkMissing ? frameProp : null}
            marked={highlight && !query.trim() ? highlight.size : null}
            onClearMarks={() => setGasRow(null)}
            paneRef={paneRef}
            paneHeight={paneHeight}
          />
        ) : null}
        {!complete && tab !== "tree" && tab !== "state" ? (
          <p role="status" className="text-sm">
            Loading frames: {groupedNumber(loaded)} of {groupedNumber(model.size)}…
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
            logsAsked={props.logsAsked ?? (model.logCount > 0 ? true : undefined)}
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
          <SourceView model={model} selected={state.selected} viewport={props.viewport} />
        ) : null}
        {tab === "debug" && complete ? (
          <DebugView
            model={model}
            decode={decode}
            selected={state.selected}
            step={props.step ?? null}
            onStepChange={props.onStepChange}
            viewport={props.viewport}
          />
        ) : null}
        {tab === "gas" && gasRows ? (
          <GasByFunction
            rows={gasRows}
            functionName={(r) =>
              r.kind === "call"
                ? (decode.decoder.functionName(r.selector, r.contract || undefined) ?? null)
                : null
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
