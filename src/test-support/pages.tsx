/**
 * Mounting a method page in a component test the way the app does: the app's QueryClient, an
 * RpcContext whose every method resolves to one test endpoint, and the route's search params
 * held in state (a submit writes them; `navigate` stands in for a link from outside).
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render } from "@testing-library/react";
import { StrictMode, useState, type ComponentType } from "react";
import type { ResolvedEndpoint, RoutedMethod } from "../endpoints";
import type { RpcClient } from "../rpc";
import { RpcContext, type RpcContextValue } from "../connection/context";
import type { DevnetManifest } from "../connection/manifest";
import type { MethodPageProps } from "../routing/page";
import { createQueryClient } from "../connection/query-client";

export function testEndpoint(rpcMethod: string, url = "http://node.test/"): ResolvedEndpoint {
  return {
    url,
    secrets: [],
    maskedUrl: url,
    host: new URL(url).host,
    rpcMethod,
    cacheId: `test:${url}`,
    provider: "custom",
  };
}

export function testRpcContext(
  client: RpcClient,
  devnet: DevnetManifest | null = null,
  url?: string,
): RpcContextValue {
  return {
    client,
    devnet,
    resolve: (method: RoutedMethod) => ({ ok: true, endpoint: testEndpoint(method, url) }),
  };
}

export function renderPage(
  Page: ComponentType<MethodPageProps>,
  opts: {
    client: RpcClient;
    initial?: Record<string, string>;
    devnet?: DevnetManifest | null;
    strict?: boolean;
    /** In place of the test context built from `client` and `devnet` (another endpoint). */
    context?: RpcContextValue;
  },
) {
  const searches: Record<string, string | undefined>[] = [];
  const outside: { navigate: (p: Record<string, string>) => void } = { navigate: () => {} };
  function Harness() {
    const [search, setSearch] = useState(() => new URLSearchParams(opts.initial ?? {}));
    outside.navigate = (p) => act(() => setSearch(new URLSearchParams(p)));
    return (
      <Page
        search={search}
        setSearch={(p) => {
          searches.push(p);
          const sp = new URLSearchParams();
          for (const [k, v] of Object.entries(p)) if (v !== undefined && v !== "") sp.set(k, v);
          setSearch(sp);
        }}
      />
    );
  }
  const tree = (
    <QueryClientProvider client={createQueryClient()}>
      <RpcContext.Provider value={opts.context ?? testRpcContext(opts.client, opts.devnet ?? null)}>
        <Harness />
      </RpcContext.Provider>
    </QueryClientProvider>
  );
  const result = render(opts.strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...result, searches, navigate: (p: Record<string, string>) => outside.navigate(p) };
}
