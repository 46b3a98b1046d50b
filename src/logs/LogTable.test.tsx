// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { LogTable } from "./LogTable";
import { defaultExplore, type Explore } from "./exploreParams";
import { AbiRegistry } from "../chain";
import { decodeLogRow } from "./decode";
import { memoDecode } from "./model";
import { parseLogs, toLogRow, type LogRow } from "./result";

afterEach(cleanup);

const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const pad = (a: string) => `0x${a.replace(/^0x/, "").padStart(64, "0")}`;

function transfer(
  block: number,
  index: number,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    address: "0x5fbdb2315678afecb367f032d93f642f64180aa3",
    topics: [
      TRANSFER,
      pad("0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266"),
      pad("0x70997970c51812dc3a010c7d01b50e0d17dc79c8"),
    ],
    data: pad((1000 + block).toString(16)),
    blockNumber: `0x${block.toString(16)}`,
    blockHash: pad(`b${block}`),
    transactionHash: pad(`a${block}${index}`),
    transactionIndex: "0x0",
    logIndex: `0x${index.toString(16)}`,
    removed: false,
    ...extra,
  };
}

function rowsOf(raw: unknown[]): LogRow[] {
  return parseLogs(raw).map((r, i) => toLogRow(r, i));
}

const registry = new AbiRegistry();
const decode = memoDecode((row) => decodeLogRow(row, registry));
const RECT = { width: 1400, height: 4000 };

describe("LogTable", () => {
  it("shows decoded Transfer rows with the trace link, and aria-rowcount = logs + 1", () => {
    const rows = rowsOf([transfer(5, 0), transfer(6, 1)]);
    render(<LogTable rows={rows} decode={decode} initialRect={RECT} />);
    const table = screen.getByRole("table", { name: "Logs" });
    expect(table.getAttribute("aria-rowcount")).toBe("3");
    const bodyRows = within(table).getAllByRole("row").slice(1);
    expect(bodyRows).toHaveLength(2);
    expect(bodyRows[0]?.getAttribute("aria-rowindex")).toBe("2");
    expect(within(bodyRows[0] as HTMLElement).getByText("Transfer")).toBeTruthy();
    expect(within(bodyRows[0] as HTMLElement).getByText(/value=1005/)).toBeTruthy();
    const [block, card, trace] = within(bodyRows[1] as HTMLElement).getAllByRole("link");
    // the block number opens the block's page
    expect(block?.getAttribute("href")).toBe("#/block?number=6");
    expect(trace?.getAttribute("href")).toBe(`#/trace?hash=${pad("a61")}`);
    // the transaction index opens the transaction card at that position in the block
    expect(card?.getAttribute("href")).toMatch(/^#\/tx\?blockHash=0x[0-9a-f]{64}&index=0x0$/);
  });

  it("marks removed and pending logs", () => {
    const rows = rowsOf([
      transfer(5, 0, { removed: true }),
      transfer(0, 0, {
        blockNumber: null,
        blockHash: null,
        transactionHash: null,
        transactionIndex: null,
        logIndex: null,
      }),
    ]);
    render(<LogTable rows={rows} decode={decode} initialRect={RECT} />);
    expect(screen.getByText("removed (reorg)")).toBeTruthy();
    expect(screen.getAllByText("pending").length).toBeGreaterThan(0);
  });

  it("opens a row to every topic, the data words and the typed arguments", () => {
    const rows = rowsOf([transfer(7, 3)]);
    render(<LogTable rows={rows} decode={decode} initialRect={RECT} />);
    fireEvent.click(screen.getByRole("button", { name: "Details of the log at block 7, index 3" }));
    expect(screen.getByText(TRANSFER)).toBeTruthy();
    expect(screen.getByText(pad((1007).toString(16)))).toBeTruthy();
    expect(screen.getByText("uint256")).toBeTruthy();
    expect(screen.getAllByText("address indexed")).toHaveLength(2);
  });

  it("sorts by block descending and filters by argument values", async () => {
    const rows = rowsOf([transfer(5, 0), transfer(6, 0), transfer(7, 0)]);
    render(<LogTable rows={rows} decode={decode} initialRect={RECT} />);
    const sortByBlock = () =>
      fireEvent.click(
        within(screen.getByRole("columnheader", { name: /^Block/ })).getByRole("button"),
      );
    sortByBlock();
    expect(screen.getByRole("columnheader", { name: /^Block/ }).getAttribute("aria-sort")).toBe(
      "descending",
    );
    const firstCell = () =>
      within(screen.getAllByRole("row")[1] as HTMLElement).getAllByRole("cell")[1]?.textContent;
    expect(firstCell()).toBe("7");
    fireEvent.change(screen.getByLabelText("Filter results"), { target: { value: "1006" } });
    await screen.findByText("1 of 3 logs match", undefined, { timeout: 5_000 });
    expect(screen.getByRole("table").getAttribute("aria-rowcount")).toBe("2");
    expect(firstCell()).toBe("6");
  });

  it("hides a column", () => {
    const rows = rowsOf([transfer(5, 0)]);
    render(<LogTable rows={rows} decode={decode} initialRect={RECT} />);
    expect(screen.getByRole("columnheader", { name: "Arguments" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Arguments" }));
    expect(screen.queryByRole("columnheader", { name: "Arguments" })).toBeNull();
  });

  it("mounts only the rows in view for a large result", () => {
    const raw = Array.from({ length: 20_000 }, (_, i) => transfer(100 + Math.floor(i / 4), i % 4));
    const rows = rowsOf(raw);
    render(<LogTable rows={rows} decode={decode} initialRect={{ width: 1400, height: 700 }} />);
    const table = screen.getByRole("table");
    expect(table.getAttribute("aria-rowcount")).toBe("20001");
    const mounted = within(table).getAllByRole("row").length;
    expect(mounted).toBeGreaterThan(10);
    expect(mounted).toBeLessThan(200);
  });

  it("filters a large result by numeric ranges and by digits, narrowing and widening", async () => {
    // 5,000 transfers: values 1100…6099 (block 100 + i, value 1000 + block).
    const rows = rowsOf(Array.from({ length: 5_000 }, (_, i) => transfer(100 + i, 0)));
    render(<LogTable rows={rows} decode={decode} initialRect={{ width: 1400, height: 700 }} />);
    const input = screen.getByLabelText("Filter results");
    // a range of the value as a number, then its digits as text
    fireEvent.change(input, { target: { value: "value>=2000 value<3000" } });
    await screen.findByText("1,000 of 5,000 logs match", undefined, { timeout: 5_000 });
    fireEvent.change(input, { target: { value: "value:25" } });
    await screen.findByText("199 of 5,000 logs match", undefined, { timeout: 5_000 });
    fireEvent.change(input, { target: { value: "value:2" } });
    await screen.findByText("2,084 of 5,000 logs match", undefined, { timeout: 5_000 });
    fireEvent.change(input, { target: { value: "value:25" } });
    await screen.findByText("199 of 5,000 logs match", undefined, { timeout: 5_000 });
    fireEvent.change(input, { target: { value: "" } });
    await screen.findByText("5,000 logs");
    expect(screen.getByRole("table").getAttribute("aria-rowcount")).toBe("5001");
  });

  it("shows a token's amount column in its units, the exact integer on demand, and its addresses linked and checksummed", async () => {
    const raw = [1_500_000_000_000_000_000n, 3n].map((v, i) => ({
      ...transfer(5 + i, 0),
      data: pad(v.toString(16)),
    }));
    const rows = rowsOf(raw);
    render(
      <LogTable
        rows={rows}
        decode={decode}
        initialRect={RECT}
        tokenOf={() => ({ decimals: 18, symbol: "NST" })}
      />,
    );
    const first = screen.getAllByRole("row")[1] as HTMLElement;
    const cell = within(first).getByText("1.5 NST");
    // the exact integer in the title (what sort, filter and export keep)
    expect(cell.getAttribute("title")).toBe("1500000000000000000 base units (18 decimals)");
    expect(
      within(screen.getAllByRole("row")[2] as HTMLElement).getByText("0.000000000000000003 NST"),
    ).toBeTruthy();
    // from and to: short, checksummed, linking to the address page
    const from = within(first).getByRole("link", { name: "0xf39Fd6…2266" });
    expect(from.getAttribute("href")).toBe(
      "#/address?address=0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    );
    // the open row: the amount in NST with its base units one press away
    fireEvent.click(within(first).getByRole("button", { name: /Details of the log/ }));
    const detail = within(first).getByRole("button", { name: "Show base units of the value" });
    fireEvent.click(detail);
    expect(within(first).getByText("1,500,000,000,000,000,000 base units")).toBeTruthy();
  });

  it("shows the event's arguments as columns, sorts value as a number, groups by to and narrows to a group", async () => {
    const raw = [3, 20, 100].map((v, i) => ({
      ...transfer(5 + i, 0),
      data: pad(v.toString(16)),
      topics: [
        TRANSFER,
        pad("0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266"),
        pad(
          i === 1
            ? "0x70997970c51812dc3a010c7d01b50e0d17dc79c8"
            : "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc",
        ),
      ],
    }));
    const rows = rowsOf(raw);
    const seen: string[] = [];
    render(
      <LogTable
        rows={rows}
        decode={decode}
        initialRect={RECT}
        onExplore={(e) => seen.push(`${e.group} ${e.sort.key}:${e.sort.dir} ${e.q}`)}
      />,
    );
    const value = screen.getByRole("columnheader", { name: /^value/i });
    fireEvent.click(within(value).getByRole("button"));
    fireEvent.click(within(value).getByRole("button"));
    const valueCells = () =>
      screen
        .getAllByRole("row")
        .slice(1)
        .map((r) => within(r).getAllByRole("cell")[9]?.textContent);
    // descending as numbers: 100 > 20 > 3 (as text "3" would come first)
    expect(valueCells()).toEqual(["100", "20", "3"]);

    fireEvent.change(screen.getByLabelText(/group by/i), { target: { value: "arg:to" } });
    const groups = screen.getByRole("table", { name: "Groups" });
    expect(groups.getAttribute("aria-rowcount")).toBe("3");
    const top = within(groups).getAllByRole("row")[1] as HTMLElement;
    expect(top.textContent).toContain("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");
    expect(top.textContent).toContain("103");
    expect(screen.getByRole("button", { name: /Export CSV \(2 groups\)/ })).toBeTruthy();

    fireEvent.click(within(top).getByRole("button", { name: /0x3C44/ }));
    await screen.findByText("2 of 3 logs match", undefined, { timeout: 5_000 });
    expect(screen.getByRole("table", { name: "Logs" }).getAttribute("aria-rowcount")).toBe("3");
    expect(screen.getByRole("button", { name: /Export CSV \(2 rows\)/ })).toBeTruthy();
    await waitFor(() =>
      expect(seen.at(-1)).toBe("none arg:value:desc to=0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc"),
    );
  });

  it("tells the link one step per pause in typing, and a filter typed before a Group by as a step of its own", async () => {
    const rows = rowsOf([transfer(5, 0), transfer(6, 0), transfer(7, 0)]);
    const seen: string[] = [];
    render(
      <LogTable
        rows={rows}
        decode={decode}
        initialRect={RECT}
        onExplore={(e) => seen.push(`${e.group} ${e.q}`)}
      />,
    );
    const input = screen.getByLabelText("Filter results");
    for (const text of ["v", "va", "val", "valu", "value", "value>", "value>1005"])
      fireEvent.change(input, { target: { value: text } });
    await screen.findByText("2 of 3 logs match", undefined, { timeout: 5_000 });
    await waitFor(() => expect(seen).toEqual(["none value>1005"]), { timeout: 3_000 });

    // typed on, and Group by chosen before the pause: the filter first, then the grouping
    fireEvent.change(input, { target: { value: "value>1005 -value=1007" } });
    fireEvent.change(screen.getByLabelText(/group by/i), { target: { value: "arg:to" } });
    await waitFor(
      () =>
        expect(seen).toEqual([
          "none value>1005",
          "none value>1005 -value=1007",
          "arg:to value>1005 -value=1007",
        ]),
      { timeout: 3_000 },
    );
  });

  it("follows a link it did not write (Back) to the view it names", async () => {
    const rows = rowsOf([transfer(5, 0), transfer(6, 0), transfer(7, 0)]);
    const seen: string[] = [];
    const grouped = { ...defaultExplore(), q: "value>1005", group: "arg:to" };
    const onExplore = (e: Explore) => seen.push(`${e.group} ${e.q}`);
    const { rerender } = render(
      <LogTable
        rows={rows}
        decode={decode}
        initialRect={RECT}
        explore={grouped}
        onExplore={onExplore}
      />,
    );
    expect(screen.getByRole("table", { name: "Groups" })).toBeTruthy();
    // Back: the link now names the ungrouped view with the filter
    rerender(
      <LogTable
        rows={rows}
        decode={decode}
        initialRect={RECT}
        explore={{ ...grouped, group: "none" }}
        onExplore={onExplore}
      />,
    );
    expect(screen.queryByRole("table", { name: "Groups" })).toBeNull();
    expect((screen.getByLabelText("Filter results") as HTMLInputElement).value).toBe("value>1005");
    await screen.findByText("2 of 3 logs match", undefined, { timeout: 5_000 });
    // following the link writes nothing back
    await new Promise((r) => setTimeout(r, 800));
    expect(seen).toEqual([]);
  });
});
