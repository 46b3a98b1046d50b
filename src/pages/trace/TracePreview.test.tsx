// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { syntheticTrace } from "../../../bench/synthetic.mjs";
import { previewAnswer } from "../../trace/answer";
import { FrameArrival } from "../../trace/arrival";
import { TraceDecoder } from "../../trace/decode";
import { TracePreviewCard } from "./TracePreview";

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
  render(
    <TracePreviewCard
      preview={{ params: "[]", model: top.model, bytes: 1_234_567 }}
      decoder={new TraceDecoder()}
      viewport={{ width: 1200, height: 480 }}
    />,
  );
  return within(screen.getByRole("tree", { name: "Call tree" }));
}

describe("the top of a trace while its answer arrives", () => {
  it("shows the first rows of a busy tree, with the amount read so far", () => {
    const tree = showPreview(syntheticTrace(20_000, 4), 0.3);
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
    const tree = showPreview(gethOrder(syntheticTrace(20_000, 4) as Frame), 0.3);
    const rows = tree.getAllByRole("treeitem");
    expect(rows[0]?.getAttribute("aria-busy")).toBe("true");
    const shown = rows.filter((r) => r.getAttribute("aria-busy") !== "true");
    expect(shown.length).toBeGreaterThan(10);
    for (const r of shown) expect(r.textContent).toMatch(/CALL|STATICCALL|DELEGATECALL|CREATE/);
  });
});
