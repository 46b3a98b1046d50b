/**
 * The logs table's state and what it derives: the exploration (useExploreLink), the filtered and
 * sorted rows, the columns, Group by's groups, the export, the virtualised rows
 * (useLogRowsVirtualizer) and the open rows.
 */
import { isTokenAmount } from "./tokenAmount";
import { useCallback, useMemo, useState } from "react";
import { downloadText } from "../ui";
import { argColumns, DETAILS_WIDTH, minWidthRem, shownColumns, type ExtraColumn } from "./columns";
import { nextSort, sortRows, type SortKey } from "./sort";
import type { Explore } from "./exploreParams";
import { groupsToCsv, groupsToJson, toCsv, toJson } from "./export";
import { bucketSize, groupOptions, groupRows, sortGroups, type Group } from "./groups";
import { kindIndexOf, singleKind } from "./kinds";
import type { LogTableProps } from "./logTableProps";
import { splitTerms, withTerm, type AmountUnit } from "./query";
import { useExploreLink } from "./useExploreLink";
import { useLogFilter } from "./useLogFilter";
import { useLogRowsVirtualizer } from "./useLogRowsVirtualizer";

/** The events whose amounts are shown in whole tokens (as chain/events.ts withTokenUnits does). */

/** A copy of `list` with `item` added, or removed when it was there. */
function toggled<T>(list: ReadonlySet<T>, item: T): ReadonlySet<T> {
  const next = new Set(list);
  if (next.has(item)) next.delete(item);
  else next.add(item);
  return next;
}

/** What the table's state is made from: its props, defaults applied. */
export interface LogTableInput extends Pick<
  LogTableProps,
  "rows" | "decode" | "exactDecode" | "initialRect" | "onExplore" | "tokenOf"
> {
  /** The exploration the link holds (the prop `explore`). */
  linked: Explore | undefined;
  extraColumns: readonly ExtraColumn[];
}

/** The logs table's state, what it derives from it and its handlers, in the order they are kept. */
export function useLogTable({
  rows,
  decode,
  exactDecode,
  initialRect,
  linked,
  onExplore,
  tokenOf,
  extraColumns,
}: LogTableInput) {
  const {
    explore,
    setExplore,
    sort,
    group,
    filterText,
    setFilterText,
    typedRef,
    nowRef,
    changeFilter,
    update,
    flushLink,
    query,
  } = useExploreLink(linked, onExplore);
  const hidden = useMemo<ReadonlySet<string>>(() => new Set(explore.hide), [explore.hide]);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const exact = exactDecode ?? decode;
  const kinds = kindIndexOf(exact);
  const extraFields = useMemo(
    () =>
      extraColumns.length
        ? new Map(extraColumns.map((c) => [c.key.slice(2).toLowerCase(), c.text]))
        : undefined,
    [extraColumns],
  );
  // Token amounts are shown in whole tokens where the token's decimals are known (the Arguments
  // column, the grouped sums): a filter number with a point or the symbol is read in them.
  const unit = useMemo<AmountUnit | undefined>(
    () =>
      tokenOf
        ? (row, kind, arg) => {
            if (!isTokenAmount(kind, arg)) return undefined;
            const meta = tokenOf(row.address);
            return meta?.decimals === undefined
              ? undefined
              : { decimals: meta.decimals, symbol: meta.symbol };
          }
        : undefined,
    [tokenOf],
  );
  const filtered = useLogFilter(rows, exact, query, extraFields, unit);
  const base = filtered ? filtered.matches : rows;
  // The shown logs' one event (its arguments become columns), or null when they are several.
  const kind = useMemo(() => singleKind(base, kinds), [base, kinds]);

  const hasTime = useMemo(() => rows.some((r) => r.blockTimestamp !== null), [rows]);
  const columns = useMemo(
    () => [
      ...extraColumns.filter((c) => !hidden.has(c.key)),
      ...shownColumns(kind, hidden, hasTime),
    ],
    [extraColumns, kind, hidden, hasTime],
  );
  const args = useMemo(() => argColumns(kind), [kind]);
  const tracks = useMemo(() => [DETAILS_WIDTH, ...columns.map((c) => c.width)], [columns]);
  const template = tracks.join(" ");
  // The table is at least as wide as its columns' least widths: past the box it scrolls sideways.
  const minWidth = `${minWidthRem(tracks)}rem`;
  // The first column after Details (Block, or a page's own first column) stays in view too.

  const view = useMemo(() => sortRows(base, sort, kinds), [base, sort, kinds]);

  // A pass over every row: not made again when only the grouping changes.
  const bucket = useMemo(() => bucketSize(rows), [rows]);
  const options = useMemo(() => {
    const list = groupOptions(kind, bucket);
    if (!list.some((o) => o.value === group))
      list.push({ value: group, label: group.replace(/^arg:/, "") });
    return list;
  }, [kind, bucket, group]);
  const grouping = useMemo(
    () => (group !== "none" ? groupRows(base, kinds, kind, group) : null),
    [base, kinds, kind, group],
  );
  const groups = useMemo(
    () => (grouping ? sortGroups(grouping.groups, explore.groupSort) : []),
    [grouping, explore.groupSort],
  );
  const keyLabel = options.find((o) => o.value === group)?.label ?? group;

  const addTerm = useCallback(
    (term: string) => {
      const next = withTerm(filterText.trim(), term);
      setFilterText(next);
      typedRef.current = next;
      // a click is a step at once, not a pause in typing
      nowRef.current = true;
      update({ q: next, group: "none" });
    },
    [filterText, update, setFilterText, typedRef, nowRef],
  );
  /** A chart bar: the shown rows narrowed to its blocks (replacing a bar chosen before). */
  const pickBlocks = useCallback(
    (from: number, to: number) => {
      const kept = splitTerms(filterText.trim()).filter((t) => !/^block:\d+\.\.\d+$/i.test(t));
      const next = withTerm(kept.join(" "), `block:${from}..${to}`);
      setFilterText(next);
      typedRef.current = next;
      nowRef.current = true;
      update({ q: next });
    },
    [filterText, update, setFilterText, typedRef, nowRef],
  );
  const pickGroup = useCallback((g: Group) => addTerm(g.term), [addTerm]);

  const onExport = (format: "csv" | "json") => {
    if (grouping) {
      const name = `logs-by-${group.replace(/[^\w]+/g, "-")}.${format}`;
      if (format === "csv")
        downloadText(name, groupsToCsv(grouping, groups, keyLabel, explore.minMax), "text/csv");
      else downloadText(name, groupsToJson(grouping, groups, keyLabel, explore.minMax));
      return;
    }
    if (format === "csv")
      downloadText("logs.csv", toCsv(view, columns, exact, kinds, unit), "text/csv");
    else downloadText("logs.json", toJson(view, columns, exact, kinds), "application/json");
  };

  const { scrollRef, virtualizer, items, focusedId, slots, light, onFocus } = useLogRowsVirtualizer(
    view,
    initialRect,
  );

  const toggleSort = (key: SortKey) => update({ sort: nextSort(sort, key) });
  const toggleColumn = useCallback(
    (key: string) =>
      setExplore((e) => ({
        ...e,
        q: typedRef.current.trim(),
        hide: [...toggled(new Set(e.hide), key)],
      })),
    [setExplore, typedRef],
  );
  const toggleRow = useCallback((id: number) => setExpanded((e) => toggled(e, id)), []);

  return {
    explore,
    sort,
    group,
    filterText,
    changeFilter,
    flushLink,
    update,
    query,
    hidden,
    expanded,
    kinds,
    unit,
    filtered,
    base,
    kind,
    columns,
    args,
    template,
    minWidth,
    view,
    options,
    grouping,
    groups,
    keyLabel,
    addTerm,
    pickBlocks,
    pickGroup,
    onExport,
    scrollRef,
    virtualizer,
    items,
    focusedId,
    slots,
    light,
    onFocus,
    toggleSort,
    toggleColumn,
    toggleRow,
  };
}
