// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { VariablesPanel } from "./VariablesPanel";

afterEach(cleanup);

describe("the Variables panel", () => {
  it("lists each variable with its name, type and value, a struct's members nested", () => {
    render(
      <VariablesPanel
        state={{
          kind: "ready",
          compileMs: 120,
          compiledAt: 1000,
          at: {
            function: "place",
            returned: { name: "sum", values: "acc = 105", items: null },
            state: [],
            note: null,
            rows: [
              {
                name: "id",
                type: "uint256",
                role: "parameter",
                value: { kind: "text", text: "42" },
                note: null,
              },
              {
                name: "order",
                type: "Order memory",
                role: "local",
                value: {
                  kind: "items",
                  summary: "Order",
                  items: [{ name: "note", value: { kind: "text", text: '"first order"' } }],
                },
                note: null,
              },
              { name: "x", type: "uint256", role: "local", value: null, note: "not assigned yet" },
            ],
          },
        }}
      />,
    );
    const list = screen.getByRole("list", { name: "Variables" });
    const items = within(list).getAllByRole("listitem");
    expect(items[0]?.textContent).toBe("id uint256 42");
    expect(within(items[1] as HTMLElement).getByRole("listitem").textContent).toBe(
      'note "first order"',
    );
    expect(screen.getByText(/not assigned yet/)).toBeTruthy();
    expect(screen.getByText("sum returned acc = 105")).toBeTruthy();
  });

  it("says plainly why there are none, and the compile's progress", () => {
    const { rerender } = render(
      <VariablesPanel
        state={{ kind: "unavailable", reason: "the contract was compiled with the optimizer" }}
      />,
    );
    expect(screen.getByRole("region", { name: "Variables" }).textContent).toMatch(/optimizer/);
    expect(screen.queryByRole("list")).toBeNull();
    rerender(
      <VariablesPanel
        state={{
          kind: "compiling",
          stage: { stage: "download", received: 4_600_000, total: 9_200_000 },
        }}
      />,
    );
    expect(screen.getByText("Fetching the compiler: 4.6 of 9.2 MB…")).toBeTruthy();
  });
});
