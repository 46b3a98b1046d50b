// @vitest-environment jsdom
// The Debug view on the recorded debugger scenario (../debug/fixtures/stepper.json: Stepper's
// `fail(500)` traced by anvil with the debug tracer), its runs answered from the fixture and
// Sourcify's bundles by a stand-in resolver: where it opens, the call stack, the stack from a pass-2
// window, and what it says when the source is missing or the step bound was reached.
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { SourceBundle } from "../../chain/sources";
import type { ResolvedEndpoint } from "../../endpoints";
import type { RpcClient } from "../../rpc";
import { RpcContext } from "../../connection/context";
import { DecodingContext } from "../../decoding/context";
import { createQueryClient } from "../../connection/query-client";
import { debugTraceQueryOptions, type DebugTracerOptions } from "../steps";
import fixture from "../steps/fixtures/stepper.json";
import { FrameDecodeCache, TraceDecoder } from "../decode";
import { flatten } from "../flatten";
import type { CallFrame } from "../result";
import { SourceInsightContext, type SourceInsight } from "../source/context";
import { DebugView } from "./DebugView";

const SLOW = { timeout: 10_000 };
const VIEW = { width: 800, height: 400 };
const stepper = fixture.contracts.stepper.toLowerCase();
const endpoint: ResolvedEndpoint = {
  url: "http://node.test/",
  secrets: [],
  maskedUrl: "http://node.test/",
  host: "node.test",
  rpcMethod: "debug_traceTransaction",
  cacheId: "node.test",
  provider: "custom",
};
const model = flatten({
  type: "CALL",
  from: "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266",
  to: stepper,
  gas: "0x989680",
  gasUsed: "0x6000",
  input: "0xd1b3e32e00000000000000000000000000000000000000000000000000000000000001f4",
  error: "execution reverted",
} as CallFrame);
const decode = new FrameDecodeCache(model.frames, new TraceDecoder());
const stubClient = { request: () => Promise.resolve("0x7a69") } as unknown as RpcClient;

/** The node's answers: pass 1 from the fixture (perhaps changed), pass 2 one step in detail. */
function insightWith(pass1: unknown): SourceInsight {
  const debugQuery = (options: DebugTracerOptions | null) => {
    const base = debugTraceQueryOptions(stubClient, null, "debug_traceTransaction", null);
    if (!options) return base;
    const w = options.window;
    const answer = w
      ? {
          ...fixture.traces.fail,
          frames: [
            {
              ...fixture.traces.fail.frames[0],
              p: [],
              g: [],
              w: [],
              x: [{ k: w.from + 5, o: 0x57, s: ["1f4", "64"], m: "0x", mo: 0, ml: 0 }],
            },
          ],
          window: { f: w.frame, from: w.from, to: w.to },
        }
      : pass1;
    return { ...base, queryFn: () => Promise.resolve(answer) };
  };
  return {
    endpoint,
    asked: true,
    ask: () => {},
    busy: false,
    trace: null,
    error: null,
    costNote: null,
    frameLink: null,
    debugQuery: debugQuery as SourceInsight["debugQuery"],
    hintFor: () => null,
  };
}

function wrap(ui: ReactNode, insight: SourceInsight, bundles: readonly SourceBundle[]) {
  const resolver = {
    resolve: () => Promise.reject(new Error("not in this test")),
    bundles: () =>
      Promise.resolve({
        bundles: Object.fromEntries(bundles.map((b) => [b.address.toLowerCase(), b])),
        failures: [],
      }),
  };
  return (
    <QueryClientProvider client={createQueryClient()}>
      <RpcContext.Provider
        value={{ client: stubClient, resolve: () => ({ ok: false, reason: "-" }), devnet: null }}
      >
        <DecodingContext.Provider
          value={{ bases: { sigdb: null, sourcify: "http://sourcify.test" }, resolver }}
        >
          <SourceInsightContext.Provider value={insight}>{ui}</SourceInsightContext.Provider>
        </DecodingContext.Provider>
      </RpcContext.Provider>
    </QueryClientProvider>
  );
}

const view = <DebugView model={model} decode={decode} selected={-1} step={null} viewport={VIEW} />;
const allBundles = fixture.bundles as unknown as SourceBundle[];
const failingLine =
  (fixture.bundles.find((b) => b.address.toLowerCase() === stepper)?.sources[0]?.content ?? "")
    .split("\n")
    .findIndex((l) => l.includes('require(amount <= cap, "Stepper: over the cap");')) + 1;

afterEach(cleanup);

describe("the Debug view", () => {
  it("opens a failed frame at its failing line, the call stack outermost first", async () => {
    render(wrap(view, insightWith(fixture.traces.fail), allBundles));
    const region = screen.getByRole("region", { name: "Debugger" });
    const status = await within(region).findByText(/step [\d,]+ of 262/, {}, SLOW);
    expect(status.closest("output")?.textContent).toContain(`Stepper.sol:${failingLine}`);
    const calls = within(region).getByRole("list", { name: "Call stack" });
    expect(
      within(calls)
        .getAllByRole("listitem")
        .map((li) => li.textContent?.split("internal")[0]?.split("external")[0]),
    ).toEqual(["fail", "check", "limit"]);
    expect(region.querySelector('[aria-current="step"]')?.textContent).toContain("require(");
  });

  it("no verified source: it says so, and steps show pcs and gas only", async () => {
    render(wrap(view, insightWith(fixture.traces.fail), []));
    const region = screen.getByRole("region", { name: "Debugger" });
    expect(await within(region).findByText(/source is not verified/, {}, SLOW)).toBeTruthy();
    expect(within(region).getByRole("status").textContent).toMatch(/^no source line step/);
    expect(within(region).queryByRole("table", { name: /source/ })).toBeNull();
  });

  it("the step bound reached: said plainly, the steps kept still stepped through", async () => {
    const cut = structuredClone(fixture.traces.fail);
    const f0 = cut.frames[0];
    if (!f0) throw new Error("no frame");
    f0.p = f0.p.slice(0, 100);
    f0.g = f0.g.slice(0, 100);
    cut.kept = 100;
    cut.cut = f0.n - 100;
    render(wrap(view, insightWith(cut), allBundles));
    const region = screen.getByRole("region", { name: "Debugger" });
    expect(await within(region).findByText(/Step bound reached/, {}, SLOW)).toBeTruthy();
    expect(within(region).getByRole("status").textContent).toMatch(/of 100\b/);
  });
});
