// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { createServer } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createQueryClient } from "../../connection/query-client";
import { RpcContext } from "../../connection/context";
import { createRpcClient } from "../../rpc";
import type { ResolvedEndpoint } from "../../endpoints";
import { testEndpoint, testRpcContext } from "../../test-support/pages";
import { debugTraceQueryOptions } from "../steps/requests";
import { flatten } from "../flatten";
import type { DebugQuery } from "../source/context";
import { sampleTrace } from "../testing";
import { useInternalCallsHost } from "./useInternalCallsHost";

// The debug tracer's run on a local node that never answers: a press shows as "busy" while the run
// is asked.
const sockets = new Set<Socket>();
const node = createServer(() => undefined);
node.on("connection", (s) => sockets.add(s));
let endpoint: ResolvedEndpoint;
beforeAll(async () => {
  await new Promise<void>((resolve) => node.listen(0, "127.0.0.1", resolve));
  endpoint = testEndpoint(
    "debug_traceTransaction",
    `http://127.0.0.1:${(node.address() as AddressInfo).port}/`,
  );
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => node.close(resolve));
});
const client = createRpcClient();
const debugQuery: DebugQuery = (options) =>
  debugTraceQueryOptions(
    client,
    endpoint,
    "debug_traceTransaction",
    options ? { lead: [`0x${"aa".repeat(32)}`] } : null,
    options ?? {},
  );

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <RpcContext.Provider value={testRpcContext(client)}>{children}</RpcContext.Provider>
    </QueryClientProvider>
  );
}

describe("Show internal calls, asked per request", () => {
  it("keeps a press when the same trace's model is handed over, and starts unasked on another request", () => {
    const host = (model: ReturnType<typeof flatten>, askKey: string) => ({
      endpoint,
      debugQuery,
      canAsk: true,
      model,
      askKey,
      hintFor: () => null,
      costNote: null,
    });
    const first = flatten(sampleTrace());
    const { result, rerender } = renderHook(
      (p: ReturnType<typeof host>) => useInternalCallsHost(p),
      {
        wrapper,
        initialProps: host(first, "hash=0xaa"),
      },
    );
    expect(result.current?.asked).toBe(false);
    act(() => result.current?.ask());
    expect(result.current?.asked).toBe(true);
    // the Worker's model, then the query's: another object for the same answer
    rerender(host(flatten(sampleTrace()), "hash=0xaa"));
    expect(result.current?.asked).toBe(true);
    expect(result.current?.busy).toBe(true);
    rerender(host(flatten(sampleTrace()), "hash=0xbb"));
    expect(result.current?.asked).toBe(false);
  });
});
