import { QueryClient } from "@tanstack/react-query";
import type { RpcError } from "../rpc";

declare module "@tanstack/react-query" {
  interface Register {
    defaultError: RpcError;
  }
}

/**
 * Retries belong to the JSON-RPC client (its `shouldRetry` knows which failures are worth it and
 * never repeats a trace), so react-query does not retry on its own, nor refetch on focus. The app
 * and the component tests both build their client here, so tests run under the app's defaults.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        gcTime: 30 * 60_000,
      },
      mutations: { retry: false },
    },
  });
}
