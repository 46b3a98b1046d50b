import { lazy, Suspense, useCallback, useMemo, useState, type ComponentType } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { createRpcClient } from "../rpc";
import { resolveEndpoint, type MethodName } from "../endpoints";
import { RpcContext, type RpcContextValue } from "../shared/context";
import type { MethodPageProps } from "../shared/page";
import type { RouteId } from "../shared/links";
import { ConnectionBar } from "./ConnectionBar";
import { useConnection, useConnectionSettings, useDevnet } from "./connection";
import { ErrorBoundary } from "./ErrorBoundary";
import { Inspector } from "./Inspector";
import { SearchBox } from "./SearchBox";
import { inspectorStore } from "./inspector-store";
import { createQueryClient } from "../shared/query-client";
import { navigate, ROUTES, useLocation } from "./router";
import { useTheme, type ThemeChoice } from "./theme";

// Route-level code splitting: each method view is its own chunk, loaded when first opened.
const PAGES: Record<RouteId, ComponentType<MethodPageProps>> = {
  tx: lazy(() => import("../methods/eth_getTransactionByBlockHashAndIndex")),
  logs: lazy(() => import("../methods/eth_getLogs")),
  trace: lazy(() => import("../methods/debug_jstraceTransaction")),
  estimate: lazy(() => import("../methods/eth_estimateGas")),
};

const queryClient = createQueryClient();
const client = createRpcClient({ onRecord: inspectorStore.push });

/** Params that belong to the app, not to a view's form. */
const APP_PARAMS = ["rpc", "traceMethod"];

function viewSearch(search: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(search);
  for (const k of APP_PARAMS) out.delete(k);
  return out;
}

export function App() {
  const location = useLocation();
  const [initialSearch] = useState(() => location.search);
  const devnet = useDevnet();
  const { settings, setSettings, override, setOverride } = useConnectionSettings(initialSearch);
  const connection = useConnection(settings, override, devnet);
  const [theme, setTheme] = useTheme();
  const [inspectorOpen, setInspectorOpen] = useState(false);
  // The secret the request URLs carry (the provider's key, the devnet's demo key), for the
  // inspector's "Reveal API key in cURL"; never shown unless the user asks.
  const probe = resolveEndpoint(connection, "eth_getLogs");
  const inspectorSecret = probe.ok ? (probe.endpoint.secrets[0] ?? "") : "";

  // Each view keeps its last params while another tab is shown, so nothing typed is lost.
  const [lastSearch, setLastSearch] = useState<Partial<Record<RouteId, string>>>({});
  const [visited, setVisited] = useState<RouteId[]>([location.route]);
  const current = viewSearch(location.search).toString();
  if (lastSearch[location.route] !== current)
    setLastSearch((s) => ({ ...s, [location.route]: current }));
  if (!visited.includes(location.route)) setVisited((v) => [...v, location.route]);

  const rpc = useMemo<RpcContextValue>(
    () => ({
      client,
      resolve: (method: MethodName) => resolveEndpoint(connection, method),
      devnet: connection.kind === "devnet" && devnet.status === "ready" ? devnet.manifest : null,
    }),
    [connection, devnet],
  );

  const setSearchFor = useCallback(
    (route: RouteId) =>
      (params: Record<string, string | undefined>, opts?: { replace?: boolean }) => {
        const sp = new URLSearchParams();
        for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") sp.set(k, v);
        const qs = sp.toString();
        navigate(`#/${route}${qs ? `?${qs}` : ""}`, opts);
      },
    [],
  );
  const setters = useMemo(
    () =>
      Object.fromEntries(ROUTES.map((r) => [r.id, setSearchFor(r.id)])) as Record<
        RouteId,
        MethodPageProps["setSearch"]
      >,
    [setSearchFor],
  );
  const searches = useMemo(
    () =>
      Object.fromEntries(
        ROUTES.map((r) => [r.id, new URLSearchParams(lastSearch[r.id] ?? "")]),
      ) as Record<RouteId, URLSearchParams>,
    [lastSearch],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <RpcContext.Provider value={rpc}>
        <div className="flex min-h-screen flex-col">
          <header className="border-b border-slate-200 px-3 py-2 dark:border-slate-800">
            <div className="mx-auto flex max-w-7xl flex-col gap-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <a href="#/tx" className="text-lg font-bold text-indigo-700 dark:text-indigo-300">
                  Nodescope
                </a>
                <SearchBox />
                <div className="flex items-center gap-2 text-xs">
                  <label className="flex items-center gap-1">
                    Theme
                    <select
                      className="rounded border border-slate-300 bg-white px-1 py-0.5 dark:border-slate-600 dark:bg-slate-900"
                      value={theme}
                      onChange={(e) => setTheme(e.target.value as ThemeChoice)}
                    >
                      <option value="system">System</option>
                      <option value="light">Light</option>
                      <option value="dark">Dark</option>
                    </select>
                  </label>
                  <button
                    type="button"
                    className="rounded border border-slate-300 px-2 py-0.5 dark:border-slate-600"
                    aria-expanded={inspectorOpen}
                    onClick={() => setInspectorOpen((o) => !o)}
                  >
                    Requests
                  </button>
                </div>
              </div>
              <ConnectionBar
                settings={settings}
                setSettings={setSettings}
                connection={connection}
                override={override}
                setOverride={setOverride}
                devnet={devnet}
                client={client}
              />
              <nav aria-label="Methods">
                <ul className="flex flex-wrap gap-1">
                  {ROUTES.map((r) => (
                    <li key={r.id}>
                      <a
                        href={`#/${r.id}${lastSearch[r.id] ? `?${lastSearch[r.id]}` : ""}`}
                        aria-current={location.route === r.id ? "page" : undefined}
                        className={`block rounded-t px-3 py-1.5 text-sm ${
                          location.route === r.id
                            ? "bg-indigo-700 text-white"
                            : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                        }`}
                      >
                        {r.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            </div>
          </header>
          <main className="mx-auto w-full max-w-7xl flex-1 px-3 py-3">
            {ROUTES.filter((r) => visited.includes(r.id)).map((r) => {
              const Page = PAGES[r.id];
              return (
                <div key={r.id} hidden={location.route !== r.id}>
                  <ErrorBoundary name={r.label}>
                    <Suspense fallback={<p role="status">Loading the {r.label} view…</p>}>
                      <Page search={searches[r.id]} setSearch={setters[r.id]} />
                    </Suspense>
                  </ErrorBoundary>
                </div>
              );
            })}
          </main>
          {inspectorOpen ? (
            <Inspector secret={inspectorSecret} onClose={() => setInspectorOpen(false)} />
          ) : null}
        </div>
      </RpcContext.Provider>
    </QueryClientProvider>
  );
}
