// @vitest-environment jsdom
// The Source and State changes views on the recorded storage scenario, with the tracer's answer
// published and Sourcify's bundles given by a stand-in resolver.
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
import { NamedStateChanges } from "../insight/NamedState";
import { readStateDiff } from "../insight/stateDiff";
import { flatten } from "../flatten";
import type { CallFrame } from "../result";
import { debugTraceQueryOptions } from "../steps";
import { SourceInsightContext, type SourceInsight } from "./context";
import fixture from "./fixtures/ledger.json";
import { FrameStorage } from "./FrameStorage";
import { SourceView } from "./SourceView";
import { readStorageTrace } from "./storageTrace";

/** The lookups resolve at once; a loaded machine may still take a while to render. */
const SLOW = { timeout: 10_000 };
/** The source lines' box in jsdom, which lays nothing out. */
const VIEW = { width: 800, height: 400 };
const XSS = '<img src=x onerror="window.__xss=1">';
const model = flatten(fixture.call as CallFrame);
const endpoint: ResolvedEndpoint = {
  url: "http://node.test/",
  secrets: [],
  maskedUrl: "http://node.test/",
  host: "node.test",
  rpcMethod: "debug_traceTransaction",
  cacheId: "node.test",
  provider: "custom",
};

function bundles(): Record<string, SourceBundle> {
  // the checker's source with markup a verifier could have put in a comment
  const out = structuredClone(fixture.bundles) as unknown as Record<string, SourceBundle>;
  for (const b of Object.values(out))
    b.sources = b.sources.map((s) => ({ ...s, content: `${s.content}// ${XSS}\n` }));
  return out;
}

const stubClient = { request: () => Promise.resolve("0x7a69") } as unknown as RpcClient;

function wrap(ui: ReactNode) {
  const client = stubClient;
  const resolver = {
    resolve: () => Promise.reject(new Error("not in this test")),
    bundles: () => Promise.resolve({ bundles: bundles(), failures: [] }),
  };
  return (
    <QueryClientProvider client={createQueryClient()}>
      <RpcContext.Provider
        value={{ client, resolve: () => ({ ok: false, reason: "-" }), devnet: null }}
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

/** The storage tracer's state as the trace page provides it; null: no page provides one. */
let insight: SourceInsight | null = null;

function publish(answer: unknown = fixture.js) {
  const read = readStorageTrace(answer, model);
  if (read.kind !== "trace") throw new Error(read.reason);
  insight = {
    endpoint,
    asked: true,
    ask: () => {},
    busy: false,
    trace: read.trace,
    error: null,
    costNote: null,
    frameLink: (path) => `#/trace?frame=${path}`,
    // the debug tracer is not asked here (its views have their own tests)
    debugQuery: () => debugTraceQueryOptions(stubClient, null, "debug_traceTransaction", null),
    hintFor: () => null,
  };
}

afterEach(() => {
  cleanup();
  insight = null;
});

describe("source and storage views", () => {
  it("Source: the first failed frame's line, marked, its file's text as text only", async () => {
    publish();
    render(wrap(<SourceView model={model} selected={-1} viewport={VIEW} />));
    const region = screen.getByRole("region", { name: /source/i });
    expect(await within(region).findByText(/^LedgerChecker\.sol:\d+$/, {}, SLOW)).toBeTruthy();
    const marked = region.querySelector('[aria-current="true"]');
    expect(marked?.textContent).toContain("require(amount <= cap");
    expect(within(region).getAllByText(`// ${XSS}`).length).toBeGreaterThan(0);
    expect(region.querySelector("img")).toBeNull();
  });

  it("Source without the tracer asks for one click; a frame without a failure shows its files", async () => {
    render(wrap(<SourceView model={model} selected={1} viewport={VIEW} />));
    expect(
      screen.getByText(/trace of this transaction was not asked|needs the node/i),
    ).toBeTruthy();
    cleanup();
    publish();
    render(wrap(<SourceView model={model} selected={1} viewport={VIEW} />));
    const files = await screen.findByRole("group", { name: "Source files" }, SLOW);
    expect(
      within(files)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Ledger.sol", "LedgerChecker.sol"]);
  });

  it("State changes: rows by name with their after value, linked to the frame that wrote them", async () => {
    publish();
    const diff = readStateDiff(fixture.diff);
    if (diff.kind !== "diff") throw new Error("no diff");
    render(wrap(<NamedStateChanges accounts={diff.accounts} model={model} />));
    const region = screen.getByRole("region", { name: /state changes/i });
    const cell = await within(region).findByRole("cell", { name: "serial uint64" }, SLOW);
    const row = cell.closest("tr");
    expect(row?.textContent).toContain("2");
    expect(within(region).getByRole("cell", { name: "marks[2] uint256" })).toBeTruthy();
    const link = within(region).getAllByRole("link", { name: /frame 0\.0/ })[0];
    expect(link?.getAttribute("href")).toBe("#/trace?frame=0.0");
  });

  it("Frame detail: each slot the frame wrote once, by name, before → after", async () => {
    publish();
    render(wrap(<FrameStorage model={model} index={1} />));
    const list = await screen.findByRole("heading", { name: /Storage writes \(15\)/ }, SLOW);
    const rows = within(list.parentElement ?? list).getAllByRole("listitem");
    expect(rows).toHaveLength(15);
    expect(await screen.findByText(/serial: 1 → 2, epoch: 0 → 3/, {}, SLOW)).toBeTruthy();
  });

  it("a storage trace that does not line up: said in both views, no links, no failing line", async () => {
    const frames = fixture.js.frames.map((f, i) => (i === 2 ? { ...f, t: "CALL" } : f));
    publish({ ...fixture.js, frames });
    const diff = readStateDiff(fixture.diff);
    if (diff.kind !== "diff") throw new Error("no diff");
    render(wrap(<NamedStateChanges accounts={diff.accounts} model={model} />));
    const region = screen.getByRole("region", { name: /state changes/i });
    expect(within(region).getByRole("alert").textContent).toMatch(
      /does not line up with the call tree \(frame 0\.0\.0 is STATICCALL to 0x[0-9a-f]{40} in the call tree and CALL to/,
    );
    await within(region).findByRole("cell", { name: "serial uint64" }, SLOW);
    expect(within(region).queryAllByRole("link", { name: /frame/ })).toEqual([]);
    cleanup();
    render(wrap(<SourceView model={model} selected={-1} viewport={VIEW} />));
    const source = screen.getByRole("region", { name: /source/i });
    expect(within(source).getByRole("alert").textContent).toMatch(/does not line up/);
    expect(source.querySelector('[aria-current="true"]')).toBeNull();
  });

  it("a bound that cut entries: how many of each kind", () => {
    publish({ ...fixture.js, cut: { w: 3, r: 0, k: 1 } });
    const diff = readStateDiff(fixture.diff);
    if (diff.kind !== "diff") throw new Error("no diff");
    render(wrap(<NamedStateChanges accounts={diff.accounts} model={model} />));
    expect(screen.getByRole("alert").textContent).toMatch(
      /kept its first 20,000 entries \(truncated at 20000\) and left out 3 slots written, 1 hashed key:/,
    );
  });
});
