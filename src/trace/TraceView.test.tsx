// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FrameDecodeCache, TraceDecoder } from "./decode";
import { flatten } from "./flatten";
import type { CallFrame } from "./result";
import { A, B, C } from "./testing";
import { syntheticTrace } from "../../bench/synthetic.mjs";
import { TraceView } from "./TraceView";
import { getAddress } from "viem";
import { AddressNames } from "../ui";

afterEach(cleanup);

function sample(): CallFrame {
  return {
    type: "CALL",
    from: A,
    to: B,
    gas: "0x10000",
    gasUsed: "0x8000",
    input: "0x",
    calls: [
      { type: "STATICCALL", from: B, to: C, gas: "0x100", gasUsed: "0x50", input: "0x70a08231" },
      {
        type: "CALL",
        from: B,
        to: C,
        gas: "0x1000",
        gasUsed: "0x800",
        input: "0x12345678",
        error: "execution reverted",
        output: "0x4e487b710000000000000000000000000000000000000000000000000000000000000011",
        calls: [{ type: "DELEGATECALL", from: C, to: A, gas: "0x10", gasUsed: "0x8", input: "0x" }],
      },
    ],
  };
}

function mount(root: CallFrame, extra: Partial<Parameters<typeof TraceView>[0]> = {}) {
  const model = flatten(root);
  const decode = new FrameDecodeCache(model.frames, new TraceDecoder());
  return {
    model,
    ...render(
      <TraceView
        model={model}
        decode={decode}
        viewport={{ width: 1200, height: 480 }}
        {...extra}
      />,
    ),
  };
}

const tree = () => screen.getByRole("tree", { name: "Call tree" });
const items = () => within(tree()).getAllByRole("treeitem");
const selectedItem = () => items().find((el) => el.getAttribute("aria-selected") === "true");

describe("TraceView", () => {
  it("shows the tree with ARIA levels, sizes and positions, and the decoded panic", () => {
    mount(sample());
    const rows = items();
    expect(rows.map((r) => r.getAttribute("aria-level"))).toEqual(["1", "2", "2", "3"]);
    expect(rows.map((r) => r.getAttribute("aria-setsize"))).toEqual(["1", "2", "2", "1"]);
    expect(rows.map((r) => r.getAttribute("aria-posinset"))).toEqual(["1", "1", "2", "1"]);
    expect(rows[2]?.getAttribute("aria-invalid")).toBe("true");
    expect(rows[2]?.textContent).toContain("Panic 0x11: arithmetic underflow or overflow");
    expect(screen.getByText("1 failed frame")).toBeTruthy();
  });

  it("moves selection and focus with the keyboard, collapses and expands", () => {
    const onFrameChange = vi.fn();
    mount(sample(), { onFrameChange });
    const first = items()[0] as HTMLElement;
    expect(first.tabIndex).toBe(0);
    first.focus();
    fireEvent.keyDown(first, { key: "ArrowDown" });
    expect(selectedItem()?.getAttribute("data-frame-row")).toBe("1");
    expect(document.activeElement?.getAttribute("data-frame-row")).toBe("1");
    expect(onFrameChange).toHaveBeenLastCalledWith("0.0");
    fireEvent.keyDown(document.activeElement as Element, { key: "End" });
    expect(selectedItem()?.getAttribute("data-frame-row")).toBe("3");
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowLeft" }); // to the parent
    expect(selectedItem()?.getAttribute("data-frame-row")).toBe("2");
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowLeft" }); // collapse it
    expect(items()).toHaveLength(3);
    expect(selectedItem()?.getAttribute("aria-expanded")).toBe("false");
    fireEvent.keyDown(document.activeElement as Element, { key: "Enter" }); // expand again
    expect(items()).toHaveLength(4);
    fireEvent.keyDown(document.activeElement as Element, { key: "Home" });
    expect(selectedItem()?.getAttribute("data-frame-row")).toBe("0");
  });

  it("Collapse all, Expand all and a deep link that opens its ancestors", () => {
    mount(sample(), { frame: "0.1.0" });
    expect(selectedItem()?.getAttribute("data-frame-row")).toBe("3");
    expect(screen.getByRole("region", { name: "Frame 0.1.0" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Collapse all" }));
    expect(items()).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Expand all" }));
    expect(items()).toHaveLength(4);
  });

  it("opens with what was asked while the answer was read: every frame open, the search run, its match selected", () => {
    // a chain of calls too large to open whole on its own (a large trace opens a few levels)
    const chain = (depth: number): CallFrame => {
      let frame: CallFrame = {
        type: "CALL",
        from: A,
        to: C,
        gas: "0x10",
        gasUsed: "0x1",
        input: "0x",
      };
      for (let d = 1; d < depth; d++)
        frame = {
          type: "CALL",
          from: A,
          to: B,
          gas: "0x10",
          gasUsed: "0x1",
          input: "0x",
          calls: [frame],
        };
      return frame;
    };
    const closed = () => items().filter((el) => el.getAttribute("aria-expanded") === "false");
    mount(chain(1_200));
    expect(closed().length).toBeGreaterThan(0);
    cleanup();
    mount(chain(1_200), { asked: { expandAll: true, query: C, searchFocused: true } });
    expect(items().length).toBeGreaterThan(10);
    expect(closed()).toHaveLength(0);
    const search = screen.getByLabelText("Search frames") as HTMLInputElement;
    expect(search.value).toBe(C);
    // typing went on in the preview's box: it goes on here, after what was typed
    expect(document.activeElement).toBe(search);
    expect(search.selectionStart).toBe(C.length);
    // its match selected, as one typed here would be
    expect(screen.getAllByRole("status").map((s) => s.textContent)).toContain("1 of 1 match");
    expect(selectedItem()?.textContent).toContain(C.slice(2, 8));
  });

  it("tells the page of a carried search's match once: a frame picked after it stays picked", () => {
    const model = flatten(sample());
    const decode = new FrameDecodeCache(model.frames, new TraceDecoder());
    const heard: string[] = [];
    // as the trace page links it: the frame in the page's state, a new callback each render
    function Linked() {
      const [frame, setFrame] = useState<string | undefined>(undefined);
      return (
        <TraceView
          model={model}
          decode={decode}
          viewport={{ width: 1200, height: 480 }}
          asked={{ expandAll: false, query: C, searchFocused: false }}
          frame={frame}
          onFrameChange={(path) => {
            heard.push(path);
            setFrame(path);
          }}
        />
      );
    }
    render(<Linked />);
    expect(selectedItem()?.getAttribute("data-frame-row")).toBe("1");
    expect(heard).toHaveLength(1);
    fireEvent.click(items()[0] as HTMLElement);
    expect(selectedItem()?.getAttribute("data-frame-row")).toBe("0");
    expect(heard).toHaveLength(2);
  });

  it("searches, counts matches and opens the ancestors of a match", () => {
    mount(sample());
    fireEvent.click(screen.getByRole("button", { name: "Collapse all" }));
    fireEvent.change(screen.getByLabelText("Search frames"), { target: { value: A } });
    // A appears as from of the top frame and to of the DELEGATECALL.
    expect(screen.getByText("1 of 2 matches")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Next match" }));
    expect(screen.getByText("2 of 2 matches")).toBeTruthy();
    expect(selectedItem()?.getAttribute("data-frame-row")).toBe("3");
    // the root and the failed CALL were opened to reveal it
    expect(items()).toHaveLength(4);
  });

  it("next failure jumps to the failed frame", () => {
    mount(sample());
    fireEvent.click(screen.getByRole("button", { name: "Next failure" }));
    expect(selectedItem()?.getAttribute("aria-invalid")).toBe("true");
  });

  it("hiding a type keeps its children under the nearest shown ancestor", () => {
    mount(sample());
    fireEvent.click(screen.getByRole("checkbox", { name: /^CALL/ }));
    const rows = items();
    // the inner CALL is hidden (the top frame always shows); its DELEGATECALL moves to level 2
    expect(rows.map((r) => r.getAttribute("data-frame-row"))).toEqual(["0", "1", "3"]);
    expect(rows[2]?.getAttribute("aria-level")).toBe("2");
  });

  it("keeps the DOM small on a 20,000-frame trace, expanded and searched", () => {
    mount(syntheticTrace(20_000, 4));
    fireEvent.click(screen.getByRole("button", { name: "Expand all" }));
    expect(items().length).toBeLessThanOrEqual(200);
    fireEvent.change(screen.getByLabelText("Search frames"), {
      target: { value: "0x0000000000000000000000000000000000004e1f" },
    });
    expect(screen.getByText(/1 of \d+ matches/)).toBeTruthy();
    expect(selectedItem()?.textContent).toContain("0x000000…4E1F");
    expect(items().length).toBeLessThanOrEqual(200);
  });
});

describe("TraceView workspace tabs", () => {
  it("switches views by tab and arrow keys, and reports the change", () => {
    const onTabChange = vi.fn();
    mount(sample(), { onTabChange });
    const tabs = screen.getByRole("tablist", { name: "Trace views" });
    expect(within(tabs).getByRole("tab", { name: "Call tree" }).getAttribute("aria-selected")).toBe(
      "true",
    );
    fireEvent.click(within(tabs).getByRole("tab", { name: "Balance changes" }));
    expect(onTabChange).toHaveBeenLastCalledWith("balances");
    const panel = screen.getByRole("tabpanel", { name: "Balance changes" });
    expect(within(panel).getByRole("region", { name: /balance changes/i })).toBeTruthy();
    // the sample's top frame moves no value: nothing changed hands
    expect(within(panel).getByText(/nothing changed hands/i)).toBeTruthy();
    fireEvent.keyDown(within(tabs).getByRole("tab", { name: "Balance changes" }), {
      key: "ArrowRight",
    });
    expect(onTabChange).toHaveBeenLastCalledWith("flow");
    expect(screen.queryByRole("tree")).toBeNull();
  });

  it("marks a function's frames in the tree when its Gas by function row is chosen", () => {
    mount(sample(), { tab: undefined });
    fireEvent.click(screen.getByRole("tab", { name: "Gas by function" }));
    const gas = screen.getByRole("region", { name: /gas by function/i });
    fireEvent.click(within(gas).getByRole("button", { name: /\.0x12345678$/ }));
    fireEvent.click(screen.getByRole("tab", { name: "Call tree" }));
    expect(screen.getByText(/1 frame of the chosen function is marked/)).toBeTruthy();
    expect(selectedItem()?.textContent).toContain("0x12345678");
    fireEvent.click(screen.getByRole("button", { name: "Clear the marks" }));
    expect(screen.queryByText(/of the chosen function (is|are) marked/)).toBeNull();
  });

  it("shows the state view the page gives it, and the raw JSON", () => {
    mount(sample(), { tab: "state", stateView: <p>state goes here</p> });
    expect(screen.getByText("state goes here")).toBeTruthy();
    cleanup();
    mount(sample(), { tab: "raw", raw: { hello: "raw answer" } });
    expect(screen.getByText(/raw answer/)).toBeTruthy();
  });
});

describe("the tree's room", () => {
  it("with nothing selected the tree is alone; choosing a frame opens its detail, closing gives the width back", () => {
    mount(sample());
    expect(screen.queryByRole("region", { name: /^Frame / })).toBeNull();
    expect(screen.queryByRole("separator", { name: /resize/i })).toBeNull();
    fireEvent.click(items()[2] as HTMLElement);
    expect(screen.getByRole("region", { name: "Frame 0.1" })).toBeTruthy();
    expect(screen.getByRole("separator", { name: /resize/i })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Close the frame detail" }));
    expect(screen.queryByRole("region", { name: /^Frame / })).toBeNull();
    expect(screen.queryByRole("separator", { name: /resize/i })).toBeNull();
    // the tree stayed: focus went back to its row
    expect(document.activeElement?.getAttribute("role")).toBe("treeitem");
  });
});

describe("Gas by function names contracts", () => {
  it("reads Contract.function with the verified name, and its share is of the sorted quantity", () => {
    const names = {
      name: (a: string) =>
        a.toLowerCase() === C.toLowerCase()
          ? { text: "LedgerV1", source: "contract" as const }
          : null,
    };
    const decoder = new TraceDecoder();
    decoder.addAbiJson(
      JSON.stringify([
        { type: "function", name: "check", inputs: [], outputs: [], stateMutability: "view" },
      ]),
    );
    const root = sample();
    const balanceOf = root.calls?.[0];
    if (balanceOf) balanceOf.input = "0x919840ad"; // check()
    const model = flatten(root);
    render(
      <AddressNames.Provider value={names}>
        <TraceView
          model={model}
          decode={new FrameDecodeCache(model.frames, decoder)}
          viewport={{ width: 1200, height: 480 }}
          tab="gas"
        />
      </AddressNames.Provider>,
    );
    const gas = screen.getByRole("region", { name: /gas by function/i });
    expect(within(gas).getByRole("button", { name: "LedgerV1.check" })).toBeTruthy();
    expect(within(gas).queryByText(C)).toBeNull();
    expect(within(gas).getByRole("columnheader", { name: /share of self gas/i })).toBeTruthy();
    fireEvent.click(within(gas).getByRole("button", { name: /total gas/i }));
    expect(within(gas).getByRole("columnheader", { name: /share of total gas/i })).toBeTruthy();
  });
});

describe("Balance changes and withLog", () => {
  it("does not advise withLog on a trace asked with it, and does when it was not", () => {
    mount(sample(), { tab: "balances", logsAsked: true });
    expect(screen.getByText(/nothing changed hands/i).textContent).not.toMatch(/ask it again/i);
    expect(screen.getByText(/nothing changed hands/i).textContent).toMatch(/asked with withLog/);
    cleanup();
    mount(sample(), { tab: "balances", logsAsked: false });
    expect(screen.getByText(/nothing changed hands/i).textContent).toMatch(/without withLog/);
  });
});

describe("events in the call tree", () => {
  it("read an ERC-20 amount in its token's units, in the tree's log row and the frame's detail", () => {
    cleanup();
    const word = (hex: string) => `0x${hex.replace(/^0x/, "").padStart(64, "0")}`;
    const transfer = {
      address: B,
      topics: [
        "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef",
        word(A),
        word(C),
      ],
      data: word(12_500_000_000_000_000_000n.toString(16)),
      position: "0x0",
    };
    const root: CallFrame = { ...sample(), calls: [], logs: [transfer] };
    const tokenMeta = new Map([[getAddress(B), { symbol: "NST", decimals: 18 }]]);
    mount(root, { tokenMeta });
    const row = document.querySelector('[data-log-of="0"]');
    expect(row?.textContent).toContain("value: 12.5 NST (12,500,");
    fireEvent.click(items()[0] as HTMLElement);
    const detail = screen.getByRole("region", { name: "Frame 0" });
    expect(detail.textContent).toContain("value (uint256): 12.5 NST");

    // Without the token's decimals the amount stays the grouped integer.
    cleanup();
    mount(root);
    expect(document.querySelector('[data-log-of="0"]')?.textContent).toContain(
      "value: 12,500,000,000,000,000,000",
    );
  });
});
