// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { syntheticTrace } from "../../../bench/synthetic.mjs";
import type { RpcClient } from "../../rpc";
import { RpcContext } from "../../connection/context";
import { createQueryClient } from "../../connection/query-client";
import { testRpcContext } from "../../test-support/pages";
import TracePage from "./Page";
import { LARGE_TRACE_FRAMES } from "../../trace/useTraceMemory";

afterEach(cleanup);

const HASH = `0x${"ab".repeat(32)}`;

/**
 * The trace page as the shell mounts it, shown or hidden (another view is shown). `holdRepeat`:
 * a request after the first waits until `release()`.
 */
function setup(frames: number, holdRepeat = false) {
  const answer = syntheticTrace(frames);
  let asked = 0;
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  const client = {
    request: async (
      _e: unknown,
      method: string,
      _params: readonly unknown[],
      call?: { schema?: { parse: (v: unknown) => unknown } },
    ) => {
      if (method !== "debug_jstraceTransaction") throw new Error(`not served here: ${method}`);
      asked++;
      if (holdRepeat && asked > 1) await held;
      return call?.schema ? call.schema.parse(answer) : answer;
    },
  } as unknown as RpcClient;
  const queryClient = createQueryClient();
  const search = new URLSearchParams({ hash: HASH, tracer: "callTracer" });
  const page = (active: boolean) => (
    <QueryClientProvider client={queryClient}>
      <RpcContext.Provider value={testRpcContext(client, null)}>
        <TracePage search={search} setSearch={() => undefined} active={active} />
      </RpcContext.Provider>
    </QueryClientProvider>
  );
  const view = render(page(true));
  const traces = () =>
    queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.queryKey[1] === "debug_jstraceTransaction" && q.state.data !== undefined);
  return {
    release,
    asked: () => asked,
    traces,
    show: (active: boolean) => act(() => view.rerender(page(active))),
  };
}

const summaryFrames = () => screen.getByRole("region", { name: "Trace summary" }).textContent ?? "";

describe("the trace page's hold on memory", () => {
  it("lets a large trace go while another view is shown, and asks again on return", async () => {
    const t = setup(LARGE_TRACE_FRAMES);
    // Generous bounds: 10,000 frames are checked and modelled in this test's own thread.
    await waitFor(() => expect(summaryFrames()).toContain("10,000"), { timeout: 15_000 });
    expect(t.traces()).toHaveLength(1);
    t.show(false);
    await waitFor(() => expect(t.traces()).toHaveLength(0), { timeout: 15_000 });
    expect(screen.queryByRole("tree")).toBeNull();
    t.show(true);
    await waitFor(() => expect(summaryFrames()).toContain("10,000"), { timeout: 15_000 });
    expect(t.asked()).toBe(2);
  });

  it("keeps a small trace (and the tree as it was) while another view is shown", async () => {
    const t = setup(50);
    await screen.findByRole("tree");
    t.show(false);
    t.show(true);
    expect(screen.getByRole("tree")).toBeTruthy();
    expect(t.traces()).toHaveLength(1);
    expect(t.asked()).toBe(1);
  });

  it("Run again drops the previous answer before the new one arrives", async () => {
    const t = setup(50, true);
    await screen.findByRole("tree");
    await userEvent.setup().click(screen.getByRole("button", { name: "Run again" }));
    await waitFor(() => expect(screen.queryByRole("tree")).toBeNull());
    expect(t.traces()).toHaveLength(0);
    t.release();
    await screen.findByRole("tree");
    expect(t.asked()).toBe(2);
    expect(t.traces()).toHaveLength(1);
  });
});
