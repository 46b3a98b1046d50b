// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { RpcClient } from "../../rpc";
import { renderPage } from "../../test-support/pages";
import { STORAGE_TRACER } from "../../trace/source/tracer";
import SimulatePage from "./Page";

afterEach(() => {
  cleanup();
  localStorage.clear();
  window.location.hash = "";
});

interface Call {
  method: string;
  params: readonly unknown[];
}

const FROM = "0x000000000000000000000000000000000000dead";
const TO = "0x0100000000000000000000000000000000000000";

/** A node whose head moves on: each `eth_blockNumber` may answer a later block. */
function setup(initial: Record<string, string>, heads: bigint[] = [12_345n, 12_346n]) {
  const calls: Call[] = [];
  let asked = 0;
  const client: RpcClient = {
    request: async <T,>(
      _e: unknown,
      method: string,
      params: readonly unknown[],
      options?: { schema?: { parse: (v: unknown) => unknown } },
    ) => {
      calls.push({ method, params });
      let answer: unknown;
      if (method === "eth_blockNumber") {
        const head = heads[Math.min(asked, heads.length - 1)] ?? 0n;
        asked += 1;
        answer = `0x${head.toString(16)}`;
      } else if (method === "eth_getBlockByNumber")
        answer = params[0] === "safe" ? { number: "0x3000", hash: `0x${"11".repeat(32)}` } : null;
      else if (method === "debug_traceCall") {
        const config = params[2] as { tracer?: string };
        answer =
          config.tracer === "callTracer"
            ? { type: "CALL", from: FROM, to: TO, gas: "0x5208", gasUsed: "0x5208", input: "0x" }
            : config.tracer === "prestateTracer"
              ? { pre: {}, post: {} }
              : { frames: [] };
      } else answer = null;
      return (options?.schema ? options.schema.parse(answer) : answer) as T;
    },
  };
  const page = renderPage(SimulatePage, { client, initial });
  return { calls, page, user: userEvent.setup() };
}

const traceCalls = (calls: Call[]) => calls.filter((c) => c.method === "debug_traceCall");
const tracerOf = (c: Call) => (c.params[2] as { tracer?: string }).tracer ?? "";
const outcome = () => screen.findByRole("region", { name: "Simulation outcome" });
/** Waits until the outcome says where it ran (its text spans several elements). */
const ranAt = (text: string) =>
  waitFor(() =>
    expect(screen.getByRole("region", { name: "Simulation outcome" }).textContent).toContain(text),
  );

describe("a dry run at a tag runs on one block", () => {
  it("resolves latest once and sends that number with the call tree, the state changes and the storage tracer", async () => {
    const { calls } = setup({ from: FROM, to: TO, view: "state" });
    expect(within(await outcome()).getByRole("link", { name: "12,345" })).toBeTruthy();
    await waitFor(() => expect(traceCalls(calls)).toHaveLength(3));
    const sent = traceCalls(calls);
    expect(new Set(sent.map(tracerOf))).toEqual(
      new Set(["callTracer", "prestateTracer", STORAGE_TRACER]),
    );
    for (const c of sent) expect(c.params[1]).toBe("0x3039");
    expect(calls.filter((c) => c.method === "eth_blockNumber")).toHaveLength(1);
    // decimal with digit grouping; the raw hex beside it
    const pin = screen.getByTestId("simulation-block");
    expect(pin.textContent).toContain("block 12,345 (0x3039), the latest block when asked");
  });

  it("Run again resolves anew and runs at the new head; the link keeps `latest`", async () => {
    const { calls, page, user } = setup({ from: FROM, to: TO, block: "latest" });
    await within(await outcome()).findByRole("link", { name: "12,345" });
    await user.click(screen.getByRole("button", { name: "Run again" }));
    await within(await outcome()).findByRole("link", { name: "12,346" });
    expect(traceCalls(calls).map((c) => c.params[1])).toEqual(["0x3039", "0x303a"]);
    expect(calls.filter((c) => c.method === "eth_blockNumber")).toHaveLength(2);
    expect(page.searches).toEqual([]);
  });

  it("Run again on an unmoved head asks the node again at that block", async () => {
    const { calls, user } = setup({ from: FROM, to: TO }, [7n]);
    await within(await outcome()).findByRole("link", { name: "7" });
    await user.click(screen.getByRole("button", { name: "Run again" }));
    await waitFor(() => expect(traceCalls(calls)).toHaveLength(2));
    expect(traceCalls(calls).map((c) => c.params[1])).toEqual(["0x7", "0x7"]);
  });

  it("Pin block writes the number into the link and asks nothing again", async () => {
    const { calls, page, user } = setup({ from: FROM, to: TO, view: "raw" });
    await within(await outcome()).findByRole("link", { name: "12,345" });
    const before = calls.length;
    await user.click(screen.getByRole("button", { name: "Pin block" }));
    expect(page.searches.at(-1)).toMatchObject({ block: "0x3039", to: TO, view: "raw" });
    await ranAt("block 12,345 (0x3039), with no state overrides");
    expect(calls.length).toBe(before);
    expect(screen.queryByRole("button", { name: "Pin block" })).toBeNull();
  });

  it("safe is read from its block (eth_getBlockByNumber), a number is sent as is", async () => {
    const { calls, page } = setup({ from: FROM, to: TO, block: "safe" });
    await within(await outcome()).findByRole("link", { name: "12,288" });
    expect(calls.find((c) => c.method === "eth_getBlockByNumber")?.params).toEqual(["safe", false]);
    expect(traceCalls(calls)[0]?.params[1]).toBe("0x3000");
    page.navigate({ from: FROM, to: TO, block: "0x10" });
    await ranAt("block 16 (0x10), with");
    expect(traceCalls(calls).at(-1)?.params[1]).toBe("0x10");
    expect(calls.filter((c) => c.method === "eth_blockNumber")).toHaveLength(0);
  });

  it("a tag the node knows no block for is said, and nothing is simulated", async () => {
    const { calls } = setup({ from: FROM, to: TO, block: "finalized" });
    expect((await screen.findByRole("alert")).textContent).toMatch(/knows no finalized block/);
    expect(traceCalls(calls)).toHaveLength(0);
  });
});
