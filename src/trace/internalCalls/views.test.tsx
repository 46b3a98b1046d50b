// @vitest-environment jsdom
// The internal calls in the call tree, its controls and Gas by function, from the fixture's real
// answer (debug/fixtures/README.md) published the way a page publishes it.
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SourceBundle } from "../../chain/sources";
import { internalCallIndex, parseDebugTrace } from "../steps";
import fixture from "../steps/fixtures/stepper.json";
import { FrameDecodeCache, TraceDecoder } from "../decode";
import { flatten } from "../flatten";
import type { CallFrame } from "../result";
import { TraceView } from "../TraceView";
import { InternalCallsContext, type InternalCalls } from "./context";

afterEach(cleanup);

const { stepper, counter } = fixture.contracts;
const model = flatten({
  type: "CALL",
  from: "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266",
  to: stepper,
  gas: "0x989680",
  gasUsed: "0x20000",
  input: "0xdeadbeef",
  calls: [
    {
      type: "CALL",
      from: stepper,
      to: counter,
      gas: "0x10000",
      gasUsed: `0x${(fixture.traces.run.frames[1]?.u ?? 0).toString(16)}`,
      input: "0x12345678",
    },
  ],
} as unknown as CallFrame);
const bundles = Object.fromEntries(
  (fixture.bundles as unknown as SourceBundle[]).map((b) => [b.address, b]),
);

function state(over: Partial<InternalCalls> = {}): InternalCalls {
  const read = parseDebugTrace(fixture.traces.run, model);
  if (read.kind !== "trace") throw new Error(read.reason);
  const idx = internalCallIndex(read.trace, model, bundles);
  return {
    asked: true,
    ask: () => undefined,
    busy: false,
    byFrame: idx.byFrame,
    found: { calls: idx.calls, frames: idx.frames },
    notes: [],
    error: null,
    costNote: null,
    ...over,
  };
}

function mount(value: InternalCalls, tab?: "gas") {
  const decode = new FrameDecodeCache(model.frames, new TraceDecoder());
  return render(
    <InternalCallsContext.Provider value={value}>
      <TraceView model={model} decode={decode} viewport={{ width: 1200, height: 800 }} tab={tab} />
    </InternalCallsContext.Provider>,
  );
}

describe("internal calls in the trace workspace", () => {
  it("asks on the button, with nothing shown before", () => {
    const ask = vi.fn();
    mount({ ...state(), asked: false, byFrame: null, found: null, ask });
    const tree = screen.getByRole("tree", { name: "Call tree" });
    expect(within(tree).getAllByRole("treeitem")).toHaveLength(2);
    fireEvent.click(screen.getByRole("button", { name: "Show internal calls" }));
    expect(ask).toHaveBeenCalledOnce();
  });

  it("shows each internal call under its frame, nested, with its values and gas", () => {
    mount(state());
    expect(screen.getByText(/10 internal calls in 2 frames with verified source/)).toBeTruthy();
    const tree = screen.getByRole("tree", { name: "Call tree" });
    const items = within(tree).getAllByRole("treeitem");
    expect(items).toHaveLength(12);
    const add = items.find((el) => /addScaled\(a: 9, b: 3, k: 3\) → 18/.test(el.textContent ?? ""));
    expect(add?.getAttribute("aria-level")).toBe("2");
    expect(add?.textContent).toMatch(/^internal.*gas \d/);
    const scale = items.find((el) => /scale\(b: 3, k: 3\) → 9/.test(el.textContent ?? ""));
    expect(scale?.getAttribute("aria-level")).toBe("3");
    // four addScaled, makePoint and settle share run: positions among those six
    expect(add?.getAttribute("aria-setsize")).toBe("6");
    expect(add?.getAttribute("aria-posinset")).toBe("4");
    // the frame's subcall comes after them
    expect(items[11]?.getAttribute("aria-level")).toBe("2");
    expect(items[11]?.textContent).not.toMatch(/^internal/);
  });

  it("says what it could not do, and the node's refusal, keeping the frames", () => {
    mount(
      state({
        byFrame: null,
        found: null,
        notes: ["Inlined or shared by the optimizer (they ran with no jump into them): scale."],
        error: <p role="alert">This node does not run JavaScript tracers</p>,
      }),
    );
    expect(screen.getByText(/Inlined or shared by the optimizer/)).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toMatch(/JavaScript tracers/);
    const tree = screen.getByRole("tree", { name: "Call tree" });
    expect(within(tree).getAllByRole("treeitem")).toHaveLength(2);
  });

  it("lists the internal functions in Gas by function", () => {
    mount(state(), "gas");
    expect(screen.getByRole("row", { name: /addScaled \(internal\)/ })).toBeTruthy();
    expect(screen.getByRole("row", { name: /settle \(internal\)/ })).toBeTruthy();
  });
});
