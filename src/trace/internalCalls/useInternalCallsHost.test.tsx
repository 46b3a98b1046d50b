// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "../../connection/query-client";
import { RpcContext } from "../../connection/context";
import { createRpcClient } from "../../rpc";
import { testRpcContext } from "../../test-support/pages";
import { flatten } from "../flatten";
import type { DebugQuery } from "../source/context";
import { sampleTrace } from "../testing";
import { useInternalCallsHost } from "./useInternalCallsHost";

// The debug tracer's run, never answered here: a press shows as "busy" while it is asked.
const debugQuery: DebugQuery = (options) => ({
  queryKey: ["debug-test", options],
  queryFn: () => new Promise<never>(() => {}),
  enabled: options !== null,
});

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <RpcContext.Provider value={testRpcContext(createRpcClient())}>
        {children}
      </RpcContext.Provider>
    </QueryClientProvider>
  );
}

describe("Show internal calls, asked per request", () => {
  it("keeps a press when the same trace's model is handed over, and starts unasked on another request", () => {
    const host = (model: ReturnType<typeof flatten>, askKey: string) => ({
      endpoint: null,
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
