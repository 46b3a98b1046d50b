// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { syntheticTrace } from "../../../bench/synthetic.mjs";
import { previewAnswer } from "../../trace/answer";
import { FrameArrival } from "../../trace/arrival";
import { TraceDecoder } from "../../trace/decode";
import { NOTHING_ASKED, type TreeAsk } from "../../trace/TreeControls";
import { TracePreviewCard, type TracePreviewProps } from "./TracePreview";

afterEach(cleanup);

type Frame = Record<string, unknown> & { calls?: Frame[] };

/** Keyed as geth sends a frame: `calls` before `value` and `type`. */
function gethOrder(f: Frame): Frame {
  const { type, value, calls, ...rest } = f;
  return { ...rest, ...(calls ? { calls: calls.map(gethOrder) } : {}), value, type };
}

function showPreview(result: unknown, share: number) {
  const text = `{"jsonrpc":"2.0","id":7,"result":${JSON.stringify(result)}}`;
  const post = previewAnswer(text.slice(0, Math.floor(text.length * share)), 7);
  if (!post) throw new Error("no preview");
  const top = new FrameArrival(post.model);
  top.add(post.chunk);
  const asks: TreeAsk[] = [];
  render(
    <AskingPreview
      preview={{ params: "[]", model: top.model, bytes: 1_234_567 }}
      decoder={new TraceDecoder()}
      viewport={{ width: 1200, height: 480 }}
      onAsked={(a) => asks.push(a)}
    />,
  );
  return { tree: within(screen.getByRole("tree", { name: "Call tree" })), asks };
}

/** The card with the page's state of what is asked of the tree. */
function AskingPreview(
  p: Omit<TracePreviewProps, "asked" | "onAsk"> & { onAsked: (a: TreeAsk) => void },
) {
  const { onAsked, ...rest } = p;
  const [asked, setAsked] = useState<TreeAsk>(NOTHING_ASKED);
  return (
    <TracePreviewCard
      {...rest}
      asked={asked}
      onAsk={(a) => {
        setAsked(a);
        onAsked(a);
      }}
    />
  );
}

describe("the top of a trace while its answer arrives", () => {
  it("shows the first rows of a busy tree, with the amount read so far", () => {
    const { tree } = showPreview(syntheticTrace(20_000, 4), 0.3);
    expect(screen.getByRole("tree", { name: "Call tree" }).getAttribute("aria-busy")).toBe("true");
    expect(screen.getByText(/1\.2 MB so far/)).toBeTruthy();
    const rows = tree.getAllByRole("treeitem");
    expect(rows.length).toBeGreaterThan(10);
    // The top frame of a legacy-ordered answer (fields before calls) shows at once.
    expect(rows[0]?.getAttribute("aria-busy")).toBeNull();
    expect(rows[0]?.getAttribute("aria-level")).toBe("1");
    expect(rows[0]?.textContent).toContain("CALL");
  });

  it("keeps a frame whose type has not arrived as a placeholder row (geth's order)", () => {
    const { tree } = showPreview(gethOrder(syntheticTrace(20_000, 4) as Frame), 0.3);
    const rows = tree.getAllByRole("treeitem");
    expect(rows[0]?.getAttribute("aria-busy")).toBe("true");
    const shown = rows.filter((r) => r.getAttribute("aria-busy") !== "true");
    expect(shown.length).toBeGreaterThan(10);
    for (const r of shown) expect(r.textContent).toMatch(/CALL|STATICCALL|DELEGATECALL|CREATE/);
  });

  it("answers Expand all and a search at once: each said, and kept for the whole tree", async () => {
    const user = userEvent.setup();
    const { asks } = showPreview(syntheticTrace(20_000, 4), 0.3);
    const status = () => screen.getByRole("status").textContent ?? "";
    expect(status()).toBe("");
    await user.click(screen.getByRole("button", { name: "Expand all" }));
    expect(status()).toMatch(/every frame opens once the whole trace is read/i);
    await user.type(screen.getByRole("searchbox", { name: "Search frames" }), "0xdead");
    expect(status()).toMatch(/the search runs once the whole trace is read/i);
    expect(asks.at(-1)).toEqual({ expandAll: true, query: "0xdead", searchFocused: true });
    await user.click(screen.getByRole("button", { name: "Expand all" }));
    expect(asks.at(-1)?.searchFocused).toBe(false);
  });
});
