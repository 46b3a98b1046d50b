/**
 * The call tree's controls: expand, collapse and depth; failures; search with its matches; and
 * which frame types show. Pure props: the workspace (TraceView) owns the state.
 */
import { useEffect, useRef, type InputHTMLAttributes, type Ref } from "react";
import { Button, groupedNumber, NarrowDetails } from "../ui";
import { HAND_OVER, TREE_CONTROLS } from "../ui/handOver";
import type { InternalCalls } from "./internalCalls/context";
import { InternalCallsControl } from "./internalCalls/InternalCallsControl";

/**
 * What was asked of the tree before it could answer (the first paint's or the preview's controls,
 * while a large answer is still read): applied when the whole tree is shown.
 */
export interface TreeAsk {
  expandAll: boolean;
  query: string;
  /** The search box had the focus: the full tree's has it, typing goes on there. */
  searchFocused: boolean;
}

export const NOTHING_ASKED: TreeAsk = { expandAll: false, query: "", searchFocused: false };

export interface TreeControlsProps {
  searchId: string;
  maxLevel: number;
  depth: number;
  onDepth: (depth: number) => void;
  onExpandAll: () => void;
  onCollapseAll: () => void;
  onExpandToDepth: () => void;
  /** How many failed frames are shown. */
  failures: number;
  onFailure: (direction: 1 | -1) => void;
  query: string;
  onQuery: (query: string) => void;
  matches: number;
  /** The selected frame's place among the matches, -1 when it is not one. */
  currentMatch: number;
  onMatch: (direction: 1 | -1) => void;
  /** Frame types present, with counts. */
  types: readonly (readonly [string, number])[];
  hidden: ReadonlySet<string>;
  onToggleType: (type: string) => void;
  hiddenCount: number;
  /** The internal calls' state, where the page can ask for them. */
  internalCalls?: InternalCalls | null;
  /** Focus the search box once, as it mounts (typing there went on from the preview), caret at the end. */
  focusSearch?: boolean;
}

/** Expand all as the tree's toolbar (and its preview) draws it: its press is handed over by key. */
export function ExpandAllButton({ onClick }: { onClick: () => void }) {
  return (
    <Button onClick={onClick} {...{ [HAND_OVER]: TREE_CONTROLS.expandAll.key }}>
      {TREE_CONTROLS.expandAll.label}
    </Button>
  );
}

/** The search box with its label, as the tree's toolbar (and its preview) draws it. */
export function SearchFramesField({
  id,
  value,
  onChange,
  inputRef,
  ...events
}: {
  id: string;
  value: string;
  onChange: (query: string) => void;
  inputRef?: Ref<HTMLInputElement>;
} & Pick<InputHTMLAttributes<HTMLInputElement>, "onKeyDown" | "onFocus" | "onBlur">) {
  return (
    <>
      <label htmlFor={id} className="font-medium">
        {TREE_CONTROLS.search.label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name={TREE_CONTROLS.search.name}
        type="search"
        value={value}
        placeholder={TREE_CONTROLS.search.placeholder}
        onChange={(e) => onChange(e.target.value)}
        {...events}
        autoComplete="off"
        spellCheck={false}
        className={TREE_CONTROLS.search.className}
      />
    </>
  );
}

export function TreeControls(p: TreeControlsProps) {
  const search = useRef<HTMLInputElement>(null);
  const focusSearch = useRef(p.focusSearch === true);
  useEffect(() => {
    const el = search.current;
    if (!focusSearch.current || !el) return;
    focusSearch.current = false;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);
  return (
    <>
      <div
        role="toolbar"
        aria-label="Call tree controls"
        className="flex flex-wrap items-end gap-2 text-sm"
      >
        <ExpandAllButton onClick={p.onExpandAll} />
        <Button onClick={p.onCollapseAll}>Collapse all</Button>
        <label className="flex items-center gap-1">
          Depth
          <input
            type="number"
            min={1}
            max={Math.max(1, p.maxLevel)}
            value={p.depth}
            onChange={(e) =>
              p.onDepth(Math.max(1, Math.min(p.maxLevel, Number(e.target.value) || 1)))
            }
            className="w-16 rounded border border-slate-300 px-1 py-1 dark:border-slate-600 dark:bg-slate-900"
          />
        </label>
        <Button onClick={p.onExpandToDepth}>Expand to depth</Button>
        <span
          className="mx-1 h-6 border-l border-slate-300 dark:border-slate-600"
          aria-hidden="true"
        />
        <span
          className={
            p.failures
              ? "font-semibold text-red-800 dark:text-red-300"
              : "text-slate-700 dark:text-slate-300"
          }
        >
          {groupedNumber(p.failures)} failed frame
          {p.failures === 1 ? "" : "s"}
        </span>
        <StepButtons what="failure" count={p.failures} onStep={p.onFailure} />
      </div>
      <div className="flex flex-wrap items-end gap-2 text-sm">
        <SearchFramesField
          id={p.searchId}
          inputRef={search}
          value={p.query}
          onChange={p.onQuery}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              p.onMatch(e.shiftKey ? -1 : 1);
            }
          }}
        />
        <span role="status" className="text-slate-700 dark:text-slate-300">
          {p.query.trim()
            ? p.matches
              ? `${p.currentMatch >= 0 ? p.currentMatch + 1 : "–"} of ${groupedNumber(p.matches)} match${p.matches === 1 ? "" : "es"}`
              : "No matches"
            : ""}
        </span>
        <StepButtons what="match" count={p.matches} onStep={p.onMatch} />
      </div>
      {/* The type filter and "Show internal calls" share a row (the tree starts one row higher). On
          a phone the type filter folds into one line, so the tree starts within the first screen. */}
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <NarrowDetails
          summary={`Frame types: ${p.types.length - p.types.filter(([t]) => p.hidden.has(t)).length} of ${p.types.length} shown`}
        >
          <fieldset className="flex flex-wrap items-center gap-3 text-sm">
            <legend className="sr-only">Frame types shown</legend>
            <span className="text-slate-700 dark:text-slate-300">Show:</span>
            {p.types.map(([type, count]) => (
              <label key={type} className="flex items-center gap-1">
                <input
                  type="checkbox"
                  checked={!p.hidden.has(type)}
                  onChange={() => p.onToggleType(type)}
                />
                {type} ({groupedNumber(count)})
              </label>
            ))}
            {p.hiddenCount > 0 ? (
              <span className="text-slate-700 dark:text-slate-300">
                {groupedNumber(p.hiddenCount)} frames hidden; their subcalls stay visible under the
                nearest shown caller.
              </span>
            ) : null}
          </fieldset>
        </NarrowDetails>
        {p.internalCalls ? <InternalCallsControl state={p.internalCalls} /> : null}
      </div>
    </>
  );
}

/** "Previous …" and "Next …", disabled when there is nothing to step through. */
export function StepButtons({
  what,
  count,
  onStep,
}: {
  what: string;
  count: number;
  onStep: (direction: 1 | -1) => void;
}) {
  return (
    <>
      {([-1, 1] as const).map((dir) => (
        <Button
          key={dir}
          disabled={count === 0}
          onClick={() => onStep(dir)}
          aria-label={`${dir < 0 ? "Previous" : "Next"} ${what}`}
          title={`${dir < 0 ? "Previous" : "Next"} ${what}`}
        >
          {/* A phone shows the arrow alone (the name stays the same), so a row of controls fits. */}
          <span aria-hidden="true" className="sm:hidden">
            {dir < 0 ? "↑" : "↓"}
          </span>
          <span aria-hidden="true" className="hidden sm:inline">
            {dir < 0 ? "Previous" : "Next"} {what}
          </span>
        </Button>
      ))}
    </>
  );
}
