// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { GroupTable } from "./GroupTable";
import type { Group, Grouping } from "./groups";

afterEach(cleanup);

function groupsOf(n: number): Group[] {
  return Array.from({ length: n }, (_, i) => ({
    key: String(1000 + i),
    term: `block=${1000 + i}`,
    count: n - i,
    sums: [],
    mins: [],
    maxs: [],
    contract: null,
  }));
}

function renderTable(groups: Group[], onPick = vi.fn()) {
  const grouping: Grouping = {
    by: "block",
    groups,
    numeric: [],
    tokenAmounts: [],
    keyIsAddress: false,
  };
  render(
    <GroupTable
      grouping={grouping}
      groups={groups}
      keyLabel="Block"
      sort={{ key: "count", dir: "desc" }}
      onSort={() => undefined}
      minMax={false}
      onMinMax={() => undefined}
      onPick={onPick}
      initialRect={{ width: 1200, height: 600 }}
    />,
  );
  return { table: screen.getByRole("table", { name: "Groups" }), onPick };
}

describe("GroupTable", () => {
  it("mounts only the rows in view of 5,000 groups, with a true aria-rowcount and no Show more", () => {
    const { table } = renderTable(groupsOf(5000));
    expect(table.getAttribute("aria-rowcount")).toBe("5001");
    const rows = within(table).getAllByRole("row");
    // the header, then the first rows in view (600 px of 29 px rows, and a few more)
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]?.getAttribute("aria-rowindex")).toBe("1");
    expect(rows[1]?.getAttribute("aria-rowindex")).toBe("2");
    expect(rows[1]?.textContent).toContain("1000");
    expect(rows[2]?.getAttribute("aria-rowindex")).toBe("3");
    expect(screen.queryByRole("button", { name: /more groups/i })).toBeNull();
  });

  it("is one tab stop: the arrows move between the groups' keys, a key chooses its group", () => {
    const groups = groupsOf(50);
    const { table, onPick } = renderTable(groups);
    const keys = () =>
      within(table)
        .getAllByRole("row")
        .slice(1)
        .map((r) => within(r).getByRole("button"));
    expect(keys().filter((b) => b.tabIndex === 0)).toHaveLength(1);
    expect(keys()[0]?.tabIndex).toBe(0);
    keys()[0]?.focus();
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowDown" });
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowDown" });
    expect(document.activeElement?.textContent).toBe("1002");
    expect(keys()[2]?.tabIndex).toBe(0);
    expect(keys()[0]?.tabIndex).toBe(-1);
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowUp" });
    expect(document.activeElement?.textContent).toBe("1001");
    fireEvent.keyDown(document.activeElement as Element, { key: "Home" });
    expect(document.activeElement?.textContent).toBe("1000");
    fireEvent.click(document.activeElement as Element);
    expect(onPick).toHaveBeenCalledWith(groups[0]);
  });
});
