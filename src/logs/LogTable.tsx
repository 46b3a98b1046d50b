/**
 * The logs table: virtualised (only the rows in view are mounted), role="table" with
 * aria-rowcount = shown logs + 1 (the header). Decoding happens per visible row through the
 * memoised `decode`; the filter, the argument columns, their sorts and Group by read each log's
 * arguments where they sit (kinds.ts), so none of them waits for rows to be decoded. When
 * grouped, the grouped table (GroupTable) stands in for the rows.
 */
import { Facets } from "./Facets";
import { GroupTable } from "./GroupTable";
import { copyFullValue } from "./copyFullValue";
import type { ExtraColumn } from "./columns";
import type { LogTableProps } from "./logTableProps";
import { LogRowView } from "./LogRow";
import { LogsChart } from "./LogsChart";
import { LogTableHeader } from "./LogTableHeader";
import { LogTableToolbar } from "./LogTableToolbar";
import { useLogTable } from "./useLogTable";
import { emptyGroupsText } from "./emptyGroups";

export type { LogTableProps } from "./logTableProps";
export { HISTORY_PAUSE_MS } from "./useExploreLink";

const NO_EXTRA: readonly ExtraColumn[] = [];

export function LogTable({
  rows,
  decode,
  exactDecode,
  initialRect,
  maxHeight = "70vh",
  explore: linked,
  onExplore,
  tokenOf,
  extraColumns = NO_EXTRA,
  label = "Logs",
  chartRange,
}: LogTableProps) {
  const {
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
  } = useLogTable({
    rows,
    decode,
    exactDecode,
    initialRect,
    linked,
    onExplore,
    tokenOf,
    extraColumns,
  });

  const preparing = filtered !== null && !filtered.done;

  return (
    <div className="flex flex-col gap-2">
      <LogTableToolbar
        filterText={filterText}
        onFilterText={changeFilter}
        onCopyLink={onExplore ? flushLink : undefined}
        hidden={hidden}
        onToggleColumn={toggleColumn}
        argColumns={args}
        groupOptions={options}
        group={group}
        onGroup={(g) => update({ group: g })}
        query={query}
        total={rows.length}
        shown={view.length}
        searching={preparing ? filtered.scanned : null}
        searchingFromStart={preparing && filtered.before === true}
        exportCount={grouping ? groups.length : view.length}
        exportWhat={grouping ? "group" : "row"}
        onExport={onExport}
      />
      {chartRange !== undefined ? (
        <LogsChart
          rows={rows}
          shown={base}
          filtered={filtered !== null}
          range={chartRange}
          onPick={pickBlocks}
        />
      ) : null}
      <Facets rows={base} index={kinds} kind={kind} onTerm={addTerm} />
      {grouping && grouping.groups.length === 0 ? (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {emptyGroupsText({ query, filterText, matched: base.length, group, kind, keyLabel })}
        </p>
      ) : null}
      {grouping ? (
        <GroupTable
          grouping={grouping}
          groups={groups}
          keyLabel={keyLabel}
          sort={explore.groupSort}
          onSort={(s) => update({ groupSort: s })}
          minMax={explore.minMax}
          onMinMax={(on) => update({ minMax: on })}
          onPick={pickGroup}
          tokenOf={tokenOf}
          initialRect={initialRect}
        />
      ) : null}

      <div
        ref={scrollRef}
        hidden={grouping !== null}
        role="table"
        aria-label={label}
        onFocus={onFocus}
        onCopy={copyFullValue}
        aria-rowcount={view.length + 1}
        aria-colcount={columns.length + 1}
        className="overflow-auto rounded border border-slate-200 dark:border-slate-700"
        style={{ maxHeight, height: view.length > 12 ? maxHeight : undefined }}
      >
        <div style={{ minWidth }}>
          <LogTableHeader columns={columns} template={template} sort={sort} onSort={toggleSort} />
          <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item, j) => {
              const row = view[item.index];
              if (!row) return null;
              const open = expanded.has(row.id);
              return (
                <LogRowView
                  key={slots[j]}
                  row={row}
                  index={item.index}
                  start={item.start}
                  template={template}
                  columns={columns}
                  decode={decode}
                  kinds={kinds}
                  unit={unit}
                  expanded={open}
                  onToggle={toggleRow}
                  measure={open ? virtualizer.measureElement : undefined}
                  light={light && !open && row.id !== focusedId}
                />
              );
            })}
          </div>
        </div>
      </div>
      {query !== "" && view.length === 0 && !preparing && !grouping ? (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          No log in this result matches “{filterText.trim()}”.
        </p>
      ) : null}
    </div>
  );
}
