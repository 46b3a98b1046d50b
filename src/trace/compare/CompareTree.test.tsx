// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { syntheticTrace } from "../../../bench/synthetic.mjs";
import { FrameDecodeCache, TraceDecoder } from "../decode";
import { flatten } from "../flatten";
import type { CallFrame } from "../result";
import { A, B, C } from "../testing";
import { alignTraces } from "./align";
import { AddressNames, type AddressNamer } from "../../ui";
import { CompareTree } from "./CompareTree";

afterEach(cleanup);

function run(checkFails: boolean, extra: CallFrame[] = []): CallFrame {
  return {
    type: "CALL",
    from: A,
    to: B,
    gas: "0x100000",
    gasUsed: checkFails ? "0x20000" : "0x10000",
    input: "0xabcdef01",
    calls: [
      {
        type: "STATICCALL",
        from: B,
        to: C,
        gas: "0x1000",
        gasUsed: checkFails ? "0x300" : "0x200",
        input: "0x70a08231",
        ...(checkFails ? { error: "execution reverted" } : {}),
      },
      ...extra,
    ],
  };
}

const NO_NAMES: AddressNamer = { name: () => null };

function mount(a: CallFrame, b: CallFrame, namer: AddressNamer = NO_NAMES) {
  const ma = flatten(a);
  const mb = flatten(b);
  const decoder = new TraceDecoder();
  const tree = alignTraces(ma, mb);
  render(
    <AddressNames.Provider value={namer}>
      <CompareTree
        tree={tree}
        a={{ model: ma, decode: new FrameDecodeCache(ma.frames, decoder) }}
        b={{ model: mb, decode: new FrameDecodeCache(mb.frames, decoder) }}
        viewport={{ width: 1200, height: 480 }}
      />
    </AddressNames.Provider>,
  );
  return tree;
}

const items = () =>
  within(screen.getByRole("tree", { name: "Aligned call trees" })).getAllByRole("treeitem");
const selected = () => items().find((el) => el.getAttribute("aria-selected") === "true");

describe("CompareTree", () => {
  it("says each row's kind and what changed, the top with the transaction's gas", () => {
    const extra: CallFrame = {
      type: "CALL",
      from: B,
      to: A,
      gas: "0x10",
      gasUsed: "0x1",
      input: "0x",
    };
    mount(run(true), run(false, [extra]));
    const texts = items().map((el) => el.textContent ?? "");
    expect(texts).toHaveLength(3);
    expect(texts[0]).toMatch(/^▾changed/);
    expect(texts[0]).toContain("gas \u221265,536");
    expect(texts[1]).toContain("failed in A, succeeded in B");
    expect(texts[1]).toContain("gas \u2212256");
    expect(texts[2]).toContain("only in B");
    expect(items()[2]?.getAttribute("aria-level")).toBe("2");
  });

  it("steps through the changes, searches, and collapses and expands all", () => {
    mount(run(true), run(false));
    fireEvent.click(screen.getByRole("button", { name: "Next change" }));
    expect(selected()?.textContent).toContain("failed in A");
    fireEvent.click(screen.getByRole("button", { name: "Previous change" }));
    expect(selected()?.getAttribute("aria-level")).toBe("1");
    fireEvent.change(screen.getByLabelText("Search calls"), {
      target: { value: "succeeded in b" },
    });
    expect(screen.getByText("– of 1 match")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Next match" }));
    expect(selected()?.textContent).toContain("succeeded in B");
    fireEvent.click(screen.getByRole("button", { name: "Collapse all" }));
    expect(items()).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Expand all" }));
    expect(items()).toHaveLength(2);
  });

  it("names a callee as the other pages do: its label, the full address in the title; search finds it", () => {
    const namer: AddressNamer = {
      name: (address) =>
        address.toLowerCase() === C.toLowerCase()
          ? { text: "LedgerChecker", source: "contract" }
          : null,
    };
    mount(run(true), run(false), namer);
    const check = items()[1];
    expect(check?.textContent).toContain("STATICCALL LedgerChecker");
    expect(check?.querySelector('[data-address-label="contract"]')?.getAttribute("title")).toMatch(
      new RegExp(`^LedgerChecker — ${C}$`, "i"),
    );
    // A callee without a name stays short hex.
    expect(items()[0]?.textContent).toMatch(/CALL 0x[0-9a-fA-F]{6}…[0-9a-fA-F]{4}/);
    fireEvent.change(screen.getByLabelText("Search calls"), { target: { value: "ledgerchecker" } });
    expect(screen.getByText("– of 1 match")).toBeTruthy();
  });

  it("keeps the DOM to the rows on screen for two 10,000-frame traces", () => {
    const tree = mount(syntheticTrace(10_000), syntheticTrace(10_000));
    expect(tree.size).toBe(10_000);
    expect(items().length).toBeLessThan(40);
    expect(items()[0]?.textContent).toMatch(/^▾same/);
  });
});
