import { lazy, Suspense, useCallback, useMemo, useState, type ComponentType } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { createRpcClient } from "../rpc";
import { ROUTED_METHODS, readOverride, resolveEndpoint, type RoutedMethod } from "../endpoints";
import { RpcContext, type RpcContextValue } from "../connection/context";
import type { MethodPageProps } from "../routing/page";
import type { RouteId } from "../routing/links";
import { ConnectionBar } from "./ConnectionBar";
import { useConnection, useConnectionSettings, useDevnet } from "./connection";
import { ErrorBoundary } from "./ErrorBoundary";
import { SearchBox } from "./SearchBox";
import { inspectorStore } from "./inspector-store";
import { responseLimitBytes } from "./settings/limits";
import { createQueryClient } from "../connection/query-client";
import { navigate, parseHash, ROUTES, useLocation } from "./router";
import { viewSearch } from "../routing/route";
import { useTheme, type ThemeChoice } from "./theme";
import { clearDecodingCache, onDevnet, useAddressNamer, useDecodingSetup } from "./decoding";
import { DecodingBanner } from "./DecodingBanner";
import { lazyPage } from "./lazyPage";
import { guardResolve, neededOrigins, originOf, useConnectPolicy } from "./csp";
import { DecodingContext } from "../decoding/context";
import { AddressNames } from "../ui";
import { useStore } from "../ui/store";
import { onDemandReplay, withReplay } from "../replay/onDemand";
import { connectReplayEngine } from "./replay";
import { NoSuchPage, useDocumentTitle } from "./NoSuchPage";

// Route-level code splitting: each method view is its own chunk, loaded when first opened (or
// as the app boots, for a deep link's route: pages.ts).
const PAGES: Record<RouteId, ComponentType<MethodPageProps>> = {
  tx: lazyPage("tx"),
  logs: lazyPage("logs"),
  trace: lazyPage("trace"),
  estimate: lazyPage("estimate"),
  simulate: lazyPage("simulate"),
  address: lazyPage("address"),
  compare: lazyPage("compare"),
  block: lazyPage("block"),
};

// The drawers load when first opened, or pointed at: a first visit does not download them.
const loadInspector = () => import("./Inspector").then((m) => ({ default: m.Inspector }));
const loadSettings = () =>
  import("./settings/SettingsPanel").then((m) => ({ default: m.SettingsPanel }));
const Inspector = lazy(loadInspector);
const SettingsPanel = lazy(loadSettings);
const DRAWER_LOADERS = { requests: loadInspector, settings: loadSettings } as const;

const queryClient = createQueryClient();
connectReplayEngine();
// The response size limit is a setting (Settings → Response size limit), read at each request.
const client = createRpcClient({
  onRecord: inspectorStore.push,
  maxResponseBytes: responseLimitBytes,
});

export function App() {
  const location = useLocation();
  const [initialSearch] = useState(() => location.search);
  const devnet = useDevnet();
  const { settings, setSettings, override, setOverride } = useConnectionSettings(initialSearch);
  const connection = useConnection(settings, override, devnet);
  const [theme, setTheme] = useTheme();
  const [drawer, setDrawer] = useState<"requests" | "settings" | null>(null);
  const devnetManifest =
    connection.kind === "devnet" && devnet.status === "ready" ? devnet.manifest : null;
  // The devnet's stand-ins for the decoding services serve its own chain: used when the
  // connection is the devnet, or a link points the tab at the devnet's gateway or anvil.
  const decodingDevnet =
    devnet.status !== "ready"
      ? null
      : connection.kind === "devnet" ||
          (connection.kind === "custom" && onDevnet(connection.url, devnet.manifest))
        ? devnet.manifest
        : null;
  const decoding = useDecodingSetup(initialSearch, decodingDevnet);
  const namer = useAddressNamer();
  const needed = useMemo(() => {
    const urls = ROUTED_METHODS.flatMap((m) => {
      const r = resolveEndpoint(connection, m);
      return r.ok ? [r.endpoint.url] : [];
    });
    return neededOrigins(urls, decoding.bases);
  }, [connection, decoding.bases]);
  const blocked = useConnectPolicy(devnet.status !== "loading", needed);
  // The secret the request URLs carry (the provider's key, the devnet's demo key), for the
  // inspector's "Reveal API key in cURL"; never shown unless the user asks.
  const probe = resolveEndpoint(connection, "eth_getLogs");
  const inspectorSecret = probe.ok ? (probe.endpoint.secrets[0] ?? "") : "";

  // Each view keeps its last params while another tab is shown, so nothing typed is lost.
  const [lastSearch, setLastSearch] = useState<Partial<Record<RouteId, string>>>({});
  // The page shown: none when the link names a page that does not exist.
  const current: RouteId | null = location.unknown === null ? location.route : null;
  const [visited, setVisited] = useState<RouteId[]>(current ? [current] : []);
  const currentSearch = viewSearch(location.search).toString();
  if (current && lastSearch[current] !== currentSearch)
    setLastSearch((s) => ({ ...s, [current]: currentSearch }));
  if (current && !visited.includes(current)) setVisited((v) => [...v, current]);
  useDocumentTitle(current);

  // A service whose host the page's policy refuses (its URL changed since the page loaded) is
  // not asked until the reload.
  const decodingContext = useMemo(() => {
    const ctx = decoding.context;
    if (blocked.length === 0) return ctx;
    const keep = (base: string | null) =>
      base && blocked.includes(originOf(base) ?? "") ? null : base;
    return {
      ...ctx,
      bases: {
        sigdb: keep(ctx.bases.sigdb),
        sourcify: keep(ctx.bases.sourcify),
        solc: keep(ctx.bases.solc ?? null),
      },
    };
  }, [decoding.context, blocked]);
  // "Replay in this browser" (src/replay/onDemand.ts): the trace methods answered locally.
  const replayOn = useStore(onDemandReplay);
  const resolve = useMemo(
    () =>
      withReplay(
        guardResolve((method: RoutedMethod) => resolveEndpoint(connection, method), blocked),
        replayOn,
      ),
    [connection, blocked, replayOn],
  );
  // The trace page asks before a link's costly request spends the user's key (issue 29); a link
  // that names its own endpoint spends none.
  const linkEndpoint = override !== null && readOverride(location.search)?.url === override.url;
  const rpc = useMemo<RpcContextValue>(
    () => ({ client, resolve, devnet: devnetManifest, linkEndpoint }),
    [resolve, devnetManifest, linkEndpoint],
  );

  const setSearchFor = useCallback(
    (route: RouteId) =>
      (params: Record<string, string | undefined>, opts?: { replace?: boolean }) => {
        const sp = new URLSearchParams();
        for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") sp.set(k, v);
        const qs = sp.toString();
        // A page kept mounted behind another route (or one still finishing its lookup when the
        // user left it) keeps its search for the user's return: it never takes them back to itself.
        if (parseHash(window.location.hash).route !== route) {
          setLastSearch((s) => (s[route] === qs ? s : { ...s, [route]: qs }));
          return;
        }
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
        <DecodingContext.Provider value={decodingContext}>
          <AddressNames.Provider value={namer}>
            <div className="flex min-h-screen flex-col">
              <header className="border-b border-slate-200 px-3 py-2 dark:border-slate-800">
                <div className="mx-auto flex max-w-7xl flex-col gap-2">
                  <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1.5">
                    <a
                      href="#/tx"
                      className="text-base font-bold text-indigo-700 sm:text-lg dark:text-indigo-300"
                    >
                      Nodescope
                    </a>
                    <SearchBox />
                    <div className="flex items-center gap-2 text-xs">
                      <label className="flex items-center gap-1">
                        <span className="sr-only sm:not-sr-only">Theme</span>
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
                      {(
                        [
                          ["settings", "Settings"],
                          ["requests", "Requests"],
                        ] as const
                      ).map(([id, label]) => (
                        <button
                          key={id}
                          type="button"
                          className="rounded border border-slate-300 px-2 py-0.5 dark:border-slate-600"
                          aria-expanded={drawer === id}
                          onPointerEnter={() => void DRAWER_LOADERS[id]().catch(() => undefined)}
                          onFocus={() => void DRAWER_LOADERS[id]().catch(() => undefined)}
                          onClick={() => setDrawer((d) => (d === id ? null : id))}
                        >
                          {label}
                        </button>
                      ))}
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
                    resolve={resolve}
                  />
                  <DecodingBanner override={decoding.override} />
                  {blocked.length > 0 ? (
                    <div
                      role="region"
                      aria-label="Reload needed"
                      className="flex flex-wrap items-center gap-2 rounded border border-amber-300 bg-amber-50 px-2 py-1 text-xs text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
                    >
                      <span>
                        This page may connect only to the hosts configured when it loaded. Reload to
                        reach {blocked.join(", ")}.
                      </span>
                      <button
                        type="button"
                        className="underline"
                        onClick={() => window.location.reload()}
                      >
                        Reload
                      </button>
                    </div>
                  ) : null}
                  {/* One row of tabs that scrolls on a phone, rather than two rows: the header keeps
                      to a quarter of the first screen (issue 37). */}
                  <nav aria-label="Methods" className="-mb-2 overflow-x-auto">
                    <ul className="flex gap-1">
                      {ROUTES.map((r) => (
                        <li key={r.id} className="shrink-0">
                          <a
                            href={`#/${r.id}${lastSearch[r.id] ? `?${lastSearch[r.id]}` : ""}`}
                            aria-current={current === r.id ? "page" : undefined}
                            className={`block rounded-t px-3 py-1.5 text-sm ${
                              current === r.id
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
                {current === null ? <NoSuchPage name={location.unknown ?? ""} /> : null}
                {ROUTES.filter((r) => visited.includes(r.id)).map((r) => {
                  const Page = PAGES[r.id];
                  return (
                    <div key={r.id} hidden={current !== r.id}>
                      <ErrorBoundary name={r.label}>
                        <Suspense fallback={<p role="status">Loading the {r.label} view…</p>}>
                          <Page
                            search={searches[r.id]}
                            setSearch={setters[r.id]}
                            active={current === r.id}
                          />
                        </Suspense>
                      </ErrorBoundary>
                    </div>
                  );
                })}
              </main>
              <Suspense fallback={null}>
                {drawer === "requests" ? (
                  <Inspector secret={inspectorSecret} onClose={() => setDrawer(null)} />
                ) : null}
                {drawer === "settings" ? (
                  <SettingsPanel
                    onClose={() => setDrawer(null)}
                    bases={decoding.bases}
                    override={decoding.override}
                    devnetBases={decoding.devnetBases}
                    onClearCache={() =>
                      clearDecodingCache().then(() =>
                        queryClient.removeQueries({ queryKey: ["decoding"] }),
                      )
                    }
                  />
                ) : null}
              </Suspense>
            </div>
          </AddressNames.Provider>
        </DecodingContext.Provider>
      </RpcContext.Provider>
    </QueryClientProvider>
  );
}
