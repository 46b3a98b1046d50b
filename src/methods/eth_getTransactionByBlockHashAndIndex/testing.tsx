/** Test helpers: the page inside the app's providers, with a scripted client that records requests. */
import type { ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import type { RpcClient } from "../../rpc";
import { RpcContext, type RpcContextValue } from "../../shared/context";
import type { DevnetManifest } from "../../shared/manifest";
import { createQueryClient } from "../../shared/query-client";

export interface Sent {
  method: string;
  params: readonly unknown[];
}

export function fakeRpc(
  /** The node's answer to a request (`method` tells the lookup by hash from the one by position). */
  answer: (params: readonly unknown[], method: string) => unknown,
  devnet: DevnetManifest | null = null,
) {
  const sent: Sent[] = [];
  const request = async (
    _endpoint: unknown,
    method: string,
    params: readonly unknown[],
    opts?: { schema?: { parse: (x: unknown) => unknown } },
  ) => {
    sent.push({ method, params });
    const result = answer(params, method);
    if (result instanceof Error) throw result;
    return opts?.schema ? opts.schema.parse(result) : result;
  };
  const client = { request } as unknown as RpcClient;
  const value: RpcContextValue = {
    client,
    devnet,
    resolve: () => ({
      ok: true,
      endpoint: {
        url: "http://node.test/secret-key/",
        secrets: ["secret-key"],
        maskedUrl: "http://node.test/***/",
        host: "node.test",
        rpcMethod: "eth_getTransactionByBlockHashAndIndex",
        cacheId: "test",
        provider: "custom" as const,
      },
    }),
  };
  const queryClient = createQueryClient();
  const wrap = (ui: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <RpcContext.Provider value={value}>{ui}</RpcContext.Provider>
    </QueryClientProvider>
  );
  return { sent, wrap };
}
