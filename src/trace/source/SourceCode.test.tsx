// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { heaviestLines, SourceCode } from "./SourceCode";

const VIEW = { width: 800, height: 400 };
const XSS = '<img src=x onerror="window.__xss=1">';

/** A long file: line n is `uint256 v<n> = <n>;`, line 4000 a require. */
function longFile(lines: number): string {
  const out: string[] = [];
  for (let n = 1; n <= lines; n++)
    out.push(n === 4000 ? '    require(v3999 > 0, "empty");' : `    uint256 v${n} = ${n};`);
  return out.join("\n");
}

const cellsOf = (row: HTMLElement) => within(row).getAllByRole("cell");

afterEach(cleanup);

describe("SourceCode", () => {
  it("a long file: rows of cells, only those near the screen in the DOM, the marked one scrolled to", async () => {
    render(
      <SourceCode
        files={[{ path: "Long.sol", content: longFile(10_000) }]}
        mark={{ path: "Long.sol", line: 4000, kind: "fail" }}
        viewport={VIEW}
      />,
    );
    const table = screen.getByRole("table", { name: "Long.sol source" });
    expect(table.getAttribute("aria-rowcount")).toBe("10001");
    const rows = within(table).getAllByRole("row");
    expect(rows.length).toBeLessThan(100);
    const marked = rows.find((r) => r.getAttribute("aria-current") === "true");
    if (!marked) throw new Error("the marked line is not in the DOM");
    expect(marked.getAttribute("aria-rowindex")).toBe("4001");
    const [number, code] = cellsOf(marked);
    expect(number?.textContent).toBe("4000");
    expect(code?.textContent).toBe('    require(v3999 > 0, "empty");');
    // highlighted once the highlighter has loaded: the keyword-like call and the string in spans
    await screen.findByText('"empty"', { selector: "span" });
    // the first line is scrolled away (not in the DOM)
    expect(rows.some((r) => r.getAttribute("aria-rowindex") === "2")).toBe(false);
  });

  it("the gas column: a line's gas, empty where the line did not run, the heaviest marked", () => {
    const content = ["a;", "b;", "c;", "d;", "e;", "f;", "g;", "h;"].join("\n");
    const gas = new Map([
      [1, 100],
      [2, 5],
      [4, 21_000],
      [5, 300],
      [6, 200],
      [7, 150],
      [8, 1],
    ]);
    render(
      <SourceCode
        files={[{ path: "A.sol", content }]}
        lineGas={new Map([["A.sol", gas]])}
        viewport={VIEW}
      />,
    );
    const table = screen.getByRole("table", { name: "A.sol source" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Line", "Gas", "Code"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(8);
    const texts = rows.map((r) => cellsOf(r).map((c) => c.textContent));
    expect(texts[0]).toEqual(["1", "100 (heaviest)", "a;"]);
    expect(texts[2]).toEqual(["3", "", "c;"]);
    expect(texts[3]).toEqual(["4", "21,000 (heaviest)", "d;"]);
    // the five heaviest: 21,000, 300, 200, 150, 100; not 5 nor 1
    expect(texts[1]?.[1]).toBe("5");
    expect(texts[7]?.[1]).toBe("1");
    expect(texts.filter((t) => t[1]?.includes("heaviest"))).toHaveLength(5);
  });

  it("no gas given: no gas column", () => {
    render(<SourceCode files={[{ path: "A.sol", content: "a;\nb;" }]} viewport={VIEW} />);
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Line", "Code"]);
    expect(cellsOf(screen.getAllByRole("row")[1] as HTMLElement)).toHaveLength(2);
  });

  it("every file of a multi-file source is reachable; the shown file follows the mark", async () => {
    const files = [
      { path: "Main.sol", content: 'import "./Lib.sol";\ncontract Main {}' },
      { path: "Lib.sol", content: `library Lib {\n  // ${XSS}\n  function f() internal {}\n}` },
    ];
    const { rerender } = render(
      <SourceCode files={files} initialPath="Main.sol" viewport={VIEW} />,
    );
    expect(screen.getByRole("table", { name: "Main.sol source" })).toBeTruthy();
    const group = screen.getByRole("group", { name: "Source files" });
    await userEvent.click(within(group).getByRole("button", { name: "Lib.sol" }));
    const lib = screen.getByRole("table", { name: "Lib.sol source" });
    expect(
      within(group).getByRole("button", { name: "Lib.sol" }).getAttribute("aria-pressed"),
    ).toBe("true");
    // markup in a source is text
    expect(within(lib).getAllByText(`// ${XSS}`).length).toBeGreaterThan(0);
    expect(lib.querySelector("img")).toBeNull();
    // a step into Main.sol shows Main.sol with the step's line marked
    rerender(
      <SourceCode
        files={files}
        initialPath="Main.sol"
        mark={{ path: "Main.sol", line: 2, kind: "step" }}
        viewport={VIEW}
      />,
    );
    const main = screen.getByRole("table", { name: "Main.sol source" });
    const current = within(main)
      .getAllByRole("row")
      .find((r) => r.getAttribute("aria-current") === "step");
    expect(current?.textContent).toContain("contract Main {}");
  });

  it("heaviestLines keeps ties at the cut", () => {
    const lines = new Map([
      [
        "A.sol",
        new Map([
          [1, 9],
          [2, 8],
          [3, 7],
          [4, 6],
          [5, 5],
          [6, 5],
          [7, 0],
        ]),
      ],
    ]);
    expect([...heaviestLines(lines)].sort()).toEqual(
      ["A.sol:1", "A.sol:2", "A.sol:3", "A.sol:4", "A.sol:5", "A.sol:6"].sort(),
    );
    expect(heaviestLines(undefined).size).toBe(0);
  });
});
