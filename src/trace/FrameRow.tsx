/**
 * One frame of the call tree: a treeitem with its depth guides, type, addresses, decoded call,
 * value, error and gas share. Memoised on plain props so scrolling re-renders only new rows.
 */
import { memo, type CSSProperties } from "react";
import { readQuantity, shownArg } from "../chain";
import type { FrameDecodeCache } from "./decode";
import { amountText, groupedNumber, ShortAddress } from "../ui";
import { OriginBadge } from "../decoding/Origin";
import { clip, typeStyle } from "./format";
import {
  frameError,
  frameType,
  gasSent,
  gasShare,
  nodeRevertReason,
  type TraceModel,
} from "./model";
import { INDENT, lightRowText, ROW_HEIGHT } from "./lightRow";
import { setSize, type Structure } from "./tree";
import { frameIssues, type CallFrame } from "./result";

export { INDENT, ROW_HEIGHT };

/** The indent guides: one thin line per level, a tiny image tiled (cheaper to paint per row, as a
 * tree scrolls, than a repeating gradient). */
const INDENT_GUIDES = {
  backgroundImage: `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='${INDENT}' height='4'%3E%3Crect x='${INDENT / 2 - 1}' width='1' height='4' fill='rgb(148,163,184)' fill-opacity='0.5'/%3E%3C/svg%3E")`,
  backgroundSize: `${INDENT}px 4px`,
} as const;

/** Where a virtualised row sits: out of flow, at its offset, full width. */
export function rowStyle(start: number): CSSProperties {
  return {
    position: "absolute",
    top: 0,
    left: 0,
    // The tree's width, never more: the row's text gives way (truncates), the tree never pans.
    width: "100%",
    height: ROW_HEIGHT,
    transform: `translateY(${start}px)`,
  };
}

interface FrameRowProps {
  /** The row's offset (a number, not a style object, so memo skips rows that did not change while scrolling). */
  start: number;
  model: TraceModel;
  structure: Structure;
  index: number;
  expanded: boolean;
  selected: boolean;
  tabbable: boolean;
  match: boolean;
  decode: FrameDecodeCache;
  nativeSymbol: string;
  onSelect: (i: number) => void;
  onToggle: (i: number) => void;
  /**
   * Drawn light while the tree is flung through (ui/virtual.ts useFling): the row's type,
   * addresses and function name as one text, no badges, decoding, tooltips or gas bar.
   */
  light?: boolean;
}

export const FrameRow = memo(function FrameRow(p: FrameRowProps) {
  const { model, structure, index: i } = p;
  const f = model.frames[i] as CallFrame;
  const type = frameType(f);
  const level = structure.level[i] as number;
  // As wide as the tree, so a phone's tree does not pan sideways: long names give way inside
  // the row (the whole frame is in the detail). Only indentation deeper than the tree is wide
  // leaves the row wider, keeping 160 px beside it for the frame itself.
  const style = { ...rowStyle(p.start), width: `max(100%, ${level * INDENT + 160}px)` };
  const hasKids = (structure.childCount[i] as number) > 0;
  const failed = model.failed[i] === 1;
  const guides = (
    <span
      aria-hidden="true"
      className="self-stretch"
      style={{
        width: (level - 1) * INDENT,
        flex: "none",
        ...(level > 1 ? INDENT_GUIDES : null),
      }}
    />
  );
  const toggle = (
    <span
      aria-hidden="true"
      className="inline-block w-4 flex-none text-center text-slate-700 dark:text-slate-300"
      onClick={(e) => {
        if (!hasKids) return;
        e.stopPropagation();
        p.onToggle(i);
      }}
    >
      {hasKids ? (p.expanded ? "▾" : "▸") : ""}
    </span>
  );
  const rowProps = {
    role: "treeitem",
    "aria-level": level,
    "aria-setsize": setSize(structure, i),
    "aria-posinset": structure.posInSet[i] as number,
    "aria-expanded": hasKids ? p.expanded : undefined,
    "aria-selected": p.selected,
    "aria-invalid": failed ? true : undefined,
    "data-frame-row": i,
    "data-failed": failed ? "true" : undefined,
    tabIndex: p.tabbable ? 0 : -1,
    style,
    onClick: () => p.onSelect(i),
    // overflow-hidden: on a narrow screen what does not fit is cut at the row's end (the whole
    // frame is in the detail), never a tree that pans sideways.
    className: `flex cursor-default items-center gap-2 overflow-hidden whitespace-nowrap pr-2 outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-600 ${
      p.selected
        ? "bg-indigo-100 dark:bg-indigo-950"
        : p.match
          ? "bg-yellow-100 dark:bg-yellow-900/40"
          : "hover:bg-slate-50 dark:hover:bg-slate-900"
    } ${failed ? "border-l-4 border-red-600" : "border-l-4 border-transparent"}`,
  } as const;
  const input = typeof f.input === "string" ? f.input : "";
  const to = typeof f.to === "string" ? f.to : null;
  if (p.light) {
    return (
      <div {...rowProps} data-light="true">
        {guides}
        {toggle}
        <span className="min-w-0 truncate text-slate-700 dark:text-slate-300">
          {lightRowText(f, failed, (sel, to) => p.decode.decoder.functionName(sel, to))}
        </span>
      </div>
    );
  }
  const d = p.decode.frame(i);
  const value = readQuantity(f.value) ?? 0n;
  // A DELEGATECALL's value (Erigon, Besu, Arbitrum send one) is its caller's: shown, not as moved.
  const valueMoves = type !== "DELEGATECALL" && type !== "STATICCALL";
  const share = gasShare(model, i);
  const used = gasSent(model, i, "gasUsed") ? groupedNumber(model.gasUsed[i] as number) : "—";
  const gas = gasSent(model, i, "gas") ? groupedNumber(model.gas[i] as number) : "—";
  const error = frameError(f);
  const nodeReason = nodeRevertReason(f);
  const issues = frameIssues(f);
  const reverted = model.reverted[i] === 1;
  const logCount = Array.isArray(f.logs) ? f.logs.length : 0;
  const fn = d.call
    ? `${d.call.name}(${clip(d.call.args.map(shownArg).join(", "), 120)})`
    : input.length >= 10
      ? `${input.slice(0, 10)}(…)`
      : input.length > 2
        ? `data ${clip(input, 20)}`
        : type === "CALL" || type === "CALLCODE"
          ? "(transfer)"
          : "";
  const target =
    type === "CREATE" || type === "CREATE2"
      ? "created "
      : type === "SELFDESTRUCT"
        ? "beneficiary "
        : "";
  return (
    <div {...rowProps}>
      {guides}
      {toggle}
      <span className={`flex-none rounded px-1 py-px text-[10px] font-semibold ${typeStyle(type)}`}>
        {type}
      </span>
      {failed ? (
        <span className="flex-none rounded bg-red-700 px-1 py-px text-[10px] font-semibold text-white">
          failed
        </span>
      ) : null}
      <span
        // On a narrow screen the addresses give way before the function's name does.
        className="min-w-0 truncate text-slate-700 sm:flex-none dark:text-slate-300"
        title={`${f.from} → ${to ?? "(none)"}`}
      >
        <ShortAddress value={f.from} /> → {target}
        <ShortAddress value={to} className="text-slate-900 dark:text-slate-100" />
      </span>
      {fn ? (
        // Long names and reasons give way (cut with an ellipsis, whole in the title and the frame
        // detail) so the gas column always stays in the row.
        <span
          className="min-w-[5rem] truncate font-semibold text-indigo-800 sm:min-w-0 dark:text-indigo-300"
          title={fn}
        >
          {fn}
        </span>
      ) : null}
      {d.call ? (
        <OriginBadge origin={d.call.origin} {...(d.call.source ? { source: d.call.source } : {})} />
      ) : null}
      {d.call?.candidates !== undefined && d.call.candidates > 1 ? (
        <span
          className="flex-none text-[10px] text-slate-700 dark:text-slate-300"
          title="Several signatures share this selector; the one that decodes the data cleanly is shown"
        >
          1 of {d.call.candidates}
        </span>
      ) : null}
      {value > 0n && valueMoves ? (
        <span
          className="flex-none rounded bg-amber-100 px-1 font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100"
          title={`${value.toString()} wei`}
        >
          {amountText(value, 18, p.nativeSymbol)}
        </span>
      ) : null}
      {value > 0n && !valueMoves ? (
        <span
          className="flex-none text-slate-700 dark:text-slate-300"
          title="The caller's value, sent along by the node: a DELEGATECALL moves no value"
        >
          value {amountText(value, 18, p.nativeSymbol)} (caller's, not moved)
        </span>
      ) : null}
      {failed ? (
        <span
          className="min-w-0 truncate text-red-800 dark:text-red-300"
          data-error
          title={`${error ?? ""}${d.revert && d.revert.kind !== "empty" ? ` — ${d.revert.label}` : nodeReason ? ` — ${nodeReason}` : ""}`}
        >
          {error}
          {d.revert && d.revert.kind !== "empty" ? (
            <span data-revert-reason={d.revert.reason}> — {clip(d.revert.label, 160)}</span>
          ) : nodeReason ? (
            <span data-revert-reason={nodeReason}> — {clip(nodeReason, 160)}</span>
          ) : null}
        </span>
      ) : null}
      {issues.length > 0 ? (
        <span
          className="flex-none rounded bg-amber-100 px-1 py-px text-[10px] font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100"
          data-frame-issues={issues.length}
          title={issues.map((x) => `${x.field}: ${x.message}`).join("\n")}
        >
          ⚠{" "}
          {issues.length === 1
            ? `${issues[0]?.field ?? ""}: ${issues[0]?.message ?? ""}`
            : `${issues.length} fields unreadable`}
        </span>
      ) : null}
      <span
        className="ml-auto flex flex-none items-center gap-1 pl-2 text-slate-700 dark:text-slate-300"
        title={`gas used ${used} of ${gas} (${share === null ? "share n/a" : `${Math.round(share * 100)}% of the parent's`})`}
      >
        <span
          aria-hidden="true"
          className="hidden h-1.5 w-10 overflow-hidden rounded bg-slate-200 sm:inline-block dark:bg-slate-700"
        >
          <span
            className="block h-full bg-indigo-600"
            style={{ width: `${(share ?? 0) * 100}%` }}
          />
        </span>
        {used} gas
      </span>
      {logCount > 0 ? (
        <span className="hidden flex-none text-slate-700 sm:inline dark:text-slate-300">
          {logCount} log{logCount === 1 ? "" : "s"}
          {reverted ? " (reverted, not emitted)" : ""}
        </span>
      ) : null}
    </div>
  );
});
