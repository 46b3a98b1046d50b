// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { RpcClient } from "../../rpc";
import { renderPage } from "../../test-support/pages";
import TracePage from "./Page";

afterEach(cleanup);

// user-event moves between radios with CSS.escape, which jsdom lacks.
if (typeof globalThis.CSS === "undefined")
  Object.assign(globalThis, {
    CSS: { escape: (s: string) => s.replace(/["\\]/g, "\\$&") },
  });

const HASH = `0x${"ab".repeat(32)}`;
const ADDR = `0x${"12".repeat(20)}`;
const FRAME = { type: "CALL", from: ADDR, to: ADDR, gas: "0x1", gasUsed: "0x1", input: "0x" };

const outside: { navigate: (p: Record<string, string>) => void } = { navigate: () => undefined };

function setup(
  initial: Record<string, string>,
  opts: { strict?: boolean; delayMs?: number; answer?: unknown } = {},
) {
  const answer = opts.answer ?? FRAME;
  const sent: { method: string; params: readonly unknown[] }[] = [];
  const client = {
    request: async (
      _e: unknown,
      method: string,
      params: readonly unknown[],
      call?: { schema?: { parse: (v: unknown) => unknown } },
    ) => {
      sent.push({ method, params });
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      // As the real client does: the answer goes through the query's schema.
      return call?.schema ? call.schema.parse(answer) : answer;
    },
  } as unknown as RpcClient;
  const { navigate } = renderPage(TracePage, { client, initial, strict: opts.strict });
  outside.navigate = navigate;
  return { sent, user: userEvent.setup() };
}

describe("trace page", () => {
  it("a deep link sends its paid trace once, even under React's development double mount", async () => {
    const { sent } = setup({ hash: HASH, tracer: "callTracer" }, { strict: true, delayMs: 50 });
    expect(await screen.findByRole("button", { name: "Run again" })).toBeTruthy();
    expect(sent.filter((c) => c.method === "debug_jstraceTransaction")).toHaveLength(1);
  });

  it("Run again asks the node again for the same request", async () => {
    const { sent: all, user } = setup({ hash: HASH, tracer: "callTracer" });
    const sent = () => all.filter((c) => c.method === "debug_jstraceTransaction");
    await user.click(await screen.findByRole("button", { name: "Run again" }));
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()[1]).toEqual(sent()[0]);
    expect(sent()[0]).toEqual({
      method: "debug_jstraceTransaction",
      params: [HASH, { tracer: "callTracer", tracerConfig: { withLog: true } }],
    });
  });

  it("moving to another frame keeps what is typed; a new link replaces it", async () => {
    const { user } = setup({ hash: HASH, tracer: "callTracer" });
    await screen.findByRole("button", { name: "Run again" });
    const timeout = screen.getByLabelText("Timeout") as HTMLInputElement;
    await user.type(timeout, "10s");
    outside.navigate({ hash: HASH, tracer: "callTracer", frame: "0" });
    expect(timeout.value).toBe("10s");
    outside.navigate({ hash: HASH, tracer: "callTracer", timeout: "30s" });
    await waitFor(() => expect(timeout.value).toBe("30s"));
  });

  it("a pasted block-level answer asks which transaction to show; the choice is keyboard operable", async () => {
    const { user } = setup({});
    const block = [
      { txHash: `0x${"01".repeat(32)}`, result: { ...FRAME, calls: [FRAME] } },
      { txHash: `0x${"02".repeat(32)}`, result: { ...FRAME, type: "Call", calls: [FRAME, FRAME] } },
    ];
    await user.click(screen.getByText(/Paste a trace result/));
    await user.click(screen.getByLabelText("Trace JSON"));
    await user.paste(JSON.stringify(block));
    await user.click(screen.getByRole("button", { name: "Show pasted trace" }));
    const group = await screen.findByRole("group", { name: /Transaction in this block \(2\)/ });
    const radios = within(group).getAllByRole("radio");
    expect(radios).toHaveLength(2);
    expect(group.textContent).toContain("2 frames");
    expect(group.textContent).toContain("3 frames");
    expect(screen.queryByRole("tree")).toBeNull();
    // The summary counts the picked transaction's frames (the tree itself is virtualised).
    const frames = () =>
      within(screen.getByRole("region", { name: "Trace summary" })).getByText("Frames")
        .nextElementSibling?.textContent;
    await user.click(radios[0] as HTMLElement);
    await waitFor(() => expect(frames()).toBe("2"));
    await user.keyboard("{ArrowDown}");
    await waitFor(() => expect(frames()).toBe("3"));
    expect((radios[1] as HTMLInputElement).checked).toBe(true);
  });

  it("a node's muxTracer answer asks which tracer to show", async () => {
    const { user } = setup(
      { hash: HASH, tracer: "callTracer" },
      { answer: { callTracer: FRAME, prestateTracer: { [ADDR]: { balance: "0x1" } } } },
    );
    const group = await screen.findByRole("group", { name: /Tracer/ });
    await user.click(within(group).getByRole("radio", { name: "prestateTracer" }));
    expect(await screen.findByRole("region", { name: "Tracer result" })).toBeTruthy();
    expect(screen.queryByRole("tree")).toBeNull();
    await user.click(within(group).getByRole("radio", { name: "callTracer" }));
    expect(await screen.findByRole("tree")).toBeTruthy();
    expect(screen.queryByLabelText("Tracer result")).toBeNull();
  });

  it("offers to simulate the transaction at its parent block, once the node says where it sits", async () => {
    // one answer for every request: the trace's top frame, and the transaction's location
    const answer = {
      ...FRAME,
      value: "0x7",
      input: "0xa9059cbb",
      gas: "0x5208",
      blockNumber: "0x10",
    };
    setup({ hash: HASH, tracer: "callTracer" }, { answer });
    const nav = await screen.findByRole("navigation", { name: "This transaction in other views" });
    const link = within(nav).getByRole("link", { name: /simulate/i });
    await waitFor(() =>
      expect(link.getAttribute("href")).toBe(
        `#/simulate?from=${ADDR}&to=${ADDR}&value=0x7&data=0xa9059cbb&gas=0x5208&block=0xf&tx=${HASH}`,
      ),
    );
    expect(
      document.getElementById(link.getAttribute("aria-describedby") ?? "")?.textContent,
    ).toMatch(/transactions before it in the same block are not replayed/);
  });
});
