/** Test helpers: the page inside the app's providers, with a scripted client that records requests. */
import type { ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import type { RpcClient } from "../../rpc";
import { RpcContext, type RpcContextValue } from "../../connection/context";
import type { DevnetManifest } from "../../connection/manifest";
import { createQueryClient } from "../../connection/query-client";

export interface Sent {
  method: string;
  params: readonly unknown[];
}

const LOOKUPS = new Set(["eth_getTransactionByBlockHashAndIndex", "eth_getTransactionByHash"]);

/** What the summary asks beside a lookup, answered as a node that mined it would. */
export function summaryAnswer(method: string): unknown {
  switch (method) {
    case "eth_getTransactionReceipt":
      return { status: "0x1", gasUsed: "0x5208", effectiveGasPrice: "0x1", logs: [] };
    case "eth_blockNumber":
      return "0x10";
    case "eth_getBlockByHash":
      return { timestamp: "0x6553f100" };
    default:
      return "0x";
  }
}

export function fakeRpc(
  /** The node's answer to a lookup (`method` tells the lookup by hash from the one by position). */
  answer: (params: readonly unknown[], method: string) => unknown,
  devnet: DevnetManifest | null = null,
  /** The answer to the summary's requests (receipt, head, block, replay, token metadata). */
  other: (method: string, params: readonly unknown[]) => unknown = summaryAnswer,
) {
  /** The lookups sent (by position or by hash). */
  const sent: Sent[] = [];
  /** Everything else sent (the summary's requests). */
  const others: Sent[] = [];
  const request = async (
    _endpoint: unknown,
    method: string,
    params: readonly unknown[],
    opts?: { schema?: { parse: (x: unknown) => unknown } },
  ) => {
    const lookup = LOOKUPS.has(method);
    (lookup ? sent : others).push({ method, params });
    const result = lookup ? answer(params, method) : other(method, params);
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
  return { sent, others, wrap };
}
