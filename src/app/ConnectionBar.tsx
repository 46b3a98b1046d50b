import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { chainIdQueryOptions } from "../connection/chainId";
import {
  CONNECTION_LABELS,
  ROUTED_METHODS,
  NODEREAL_TRACE_NETWORKS,
  resolveEndpoint,
  TRACE_METHODS,
  type Connection,
  type ConnectionKind,
  type ConnectionSettings,
  type RoutedMethod,
  type ResolveResult,
} from "../endpoints";
import type { RpcClient } from "../rpc";
import type { DevnetState, RpcOverride } from "./connection";

const inputCls =
  "rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";

/** How long a typed key or URL must stand still before the connection check asks the node. */
export const PROBE_DELAY_MS = 600;

function StatusDot({
  client,
  connection,
  devnetLoading,
  resolve,
}: {
  client: RpcClient;
  connection: Connection;
  devnetLoading: boolean;
  resolve: (method: RoutedMethod) => ResolveResult;
}) {
  const resolved = resolve("eth_getTransactionByBlockHashAndIndex");
  const endpoint = resolved.ok ? resolved.endpoint : null;
  // A key or URL being typed is checked once it has stood still for a moment, not once per
  // keystroke with every partial key.
  const typed = connection.kind !== "devnet";
  const [settled, setSettled] = useState<string | null>(typed ? null : (endpoint?.cacheId ?? null));
  const cacheId = endpoint?.cacheId ?? null;
  useEffect(() => {
    const t = setTimeout(() => setSettled(cacheId), typed ? PROBE_DELAY_MS : 0);
    return () => clearTimeout(t);
  }, [cacheId, typed]);
  const probe = useQuery(
    chainIdQueryOptions(client, endpoint && settled === cacheId ? endpoint : null),
  );
  const state = !endpoint
    ? "idle"
    : settled !== cacheId || probe.isPending
      ? "pending"
      : probe.isError
        ? "down"
        : "ok";
  const color = {
    idle: "bg-slate-400",
    pending: "bg-amber-400",
    down: "bg-red-600",
    ok: "bg-emerald-500",
  }[state];
  const text =
    state === "idle"
      ? devnetLoading
        ? "looking for the local devnet…"
        : resolved.ok
          ? "not checked"
          : resolved.reason
      : state === "pending"
        ? "checking…"
        : state === "down"
          ? `unreachable: ${probe.error?.human ?? probe.error?.message ?? ""}`
          : probe.data === null
            ? "answering (eth_chainId not offered)"
            : probe.data === undefined
              ? "connected"
              : `chain id ${probe.data}`;
  return (
    <span
      className={`inline-flex items-center gap-1.5 text-xs ${state === "down" ? "basis-full" : ""}`}
      role="status"
      aria-label={`Connection status: ${text}`}
      title={text}
    >
      <span className={`inline-block h-2.5 w-2.5 rounded-full ${color}`} aria-hidden="true" />
      {/* a failure is read in full (it says what to do), a short state fits on the line */}
      <span
        className={state === "down" ? "break-words whitespace-normal" : "max-w-[16rem] truncate"}
      >
        {text}
      </span>
    </span>
  );
}

export function ConnectionBar({
  settings,
  setSettings,
  connection,
  override,
  setOverride,
  devnet,
  client,
  resolve,
}: {
  settings: ConnectionSettings;
  setSettings: (s: ConnectionSettings) => void;
  connection: Connection;
  override: RpcOverride | null;
  setOverride: (o: RpcOverride | null) => void;
  devnet: DevnetState;
  client: RpcClient;
  /** The app's endpoint resolver (it refuses hosts the page's policy would block). */
  resolve: (method: RoutedMethod) => ResolveResult;
}) {
  const [open, setOpen] = useState(false);
  const [showKey, setShowKey] = useState(false);
  const set = <K extends keyof ConnectionSettings>(k: K, v: ConnectionSettings[K]) =>
    setSettings({ ...settings, [k]: v });
  const networkIsPreset = (NODEREAL_TRACE_NETWORKS as readonly string[]).includes(
    settings.traceNetwork,
  );

  return (
    <div className="flex flex-col gap-2">
      {override ? (
        <div
          role="status"
          className="flex flex-wrap items-center gap-2 rounded border border-amber-400 bg-amber-50 px-2 py-1 text-sm text-amber-950 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-100"
        >
          <span>
            This tab sends every request to <strong>{new URL(override.url).host}</strong> (from the
            link you opened), trace method <code>{override.traceMethod}</code>.
          </span>
          <button type="button" className="underline" onClick={() => setOverride(null)}>
            Use my own connection
          </button>
        </div>
      ) : null}
      <div className="flex flex-wrap items-end gap-x-2 gap-y-1">
        {/* Beside its select, and named only to screen readers on a phone: the header keeps to a
            quarter of a phone's screen (issue 37). */}
        <label className="flex items-center gap-1 text-xs font-medium">
          <span className="sr-only sm:not-sr-only">Connection</span>
          <select
            className={inputCls}
            value={override ? "override" : settings.kind}
            disabled={override !== null}
            onChange={(e) => set("kind", e.target.value as ConnectionKind)}
          >
            {override ? <option value="override">Link endpoint</option> : null}
            {(Object.keys(CONNECTION_LABELS) as ConnectionKind[]).map((k) => (
              <option key={k} value={k}>
                {CONNECTION_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        {!override && settings.kind === "nodereal" ? (
          <>
            <div className="flex flex-col text-xs font-medium">
              <label htmlFor="nodescope-api-key">API key</label>
              <span className="flex gap-1">
                <input
                  id="nodescope-api-key"
                  className={`${inputCls} w-56 font-mono`}
                  type={showKey ? "text" : "password"}
                  autoComplete="off"
                  spellCheck={false}
                  value={settings.apiKey}
                  onChange={(e) => set("apiKey", e.target.value.trim())}
                  placeholder="your NodeReal API key"
                />
                <button
                  type="button"
                  className="rounded border px-1.5 text-xs dark:border-slate-600"
                  onClick={() => setShowKey((s) => !s)}
                  aria-label={showKey ? "Hide API key" : "Show API key"}
                >
                  {showKey ? "Hide" : "Show"}
                </button>
              </span>
            </div>
            <label className="flex items-center gap-1 text-xs">
              <input
                type="checkbox"
                checked={settings.rememberKey}
                onChange={(e) => set("rememberKey", e.target.checked)}
              />
              Remember on this device
            </label>
          </>
        ) : null}
        {!override && settings.kind === "custom" ? (
          <>
            <label className="flex flex-col text-xs font-medium">
              JSON-RPC URL
              <input
                className={`${inputCls} w-72 font-mono`}
                value={settings.customUrl}
                placeholder="http://127.0.0.1:8545"
                onChange={(e) => set("customUrl", e.target.value)}
              />
            </label>
            <label className="flex flex-col text-xs font-medium">
              Trace method
              <select
                className={inputCls}
                value={settings.traceMethod}
                onChange={(e) =>
                  set("traceMethod", e.target.value as ConnectionSettings["traceMethod"])
                }
              >
                {TRACE_METHODS.map((m) => (
                  <option key={m}>{m}</option>
                ))}
              </select>
            </label>
          </>
        ) : null}
        <StatusDot
          client={client}
          connection={connection}
          devnetLoading={connection.kind === "devnet" && devnet.status === "loading"}
          resolve={resolve}
        />
        <button
          type="button"
          className="text-xs underline"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? "Hide endpoints" : "Endpoints"}
        </button>
      </div>
      {!override && settings.kind === "devnet" && devnet.status === "absent" ? (
        <p className="text-xs text-amber-800 dark:text-amber-300">
          The local devnet is not running here ({devnet.reason}). Run <code>npm start</code>, or
          pick NodeReal or a custom URL.
        </p>
      ) : null}
      {open ? (
        <div className="rounded border border-slate-200 p-2 text-xs dark:border-slate-700">
          {!override && settings.kind === "nodereal" ? (
            <div className="mb-2 flex flex-wrap gap-2">
              {(
                [
                  ["rollupNitroSegment", "Rollup (Nitro) segment"],
                  ["rollupSegment", "Rollup (logs) segment"],
                ] as const
              ).map(([key, label]) => (
                <label key={key} className="flex flex-col font-medium">
                  {label}
                  <input
                    className={`${inputCls} font-mono`}
                    value={settings[key]}
                    onChange={(e) => set(key, e.target.value)}
                  />
                </label>
              ))}
              <label className="flex flex-col font-medium">
                Trace network
                <select
                  className={inputCls}
                  value={networkIsPreset ? settings.traceNetwork : "other"}
                  onChange={(e) =>
                    set("traceNetwork", e.target.value === "other" ? "" : e.target.value)
                  }
                >
                  {NODEREAL_TRACE_NETWORKS.map((n) => (
                    <option key={n}>{n}</option>
                  ))}
                  <option value="other">other…</option>
                </select>
              </label>
              {!networkIsPreset ? (
                <label className="flex flex-col font-medium">
                  Other network (chain-network)
                  <input
                    className={`${inputCls} font-mono`}
                    value={settings.traceNetwork}
                    placeholder="opbnb-mainnet"
                    onChange={(e) => set("traceNetwork", e.target.value)}
                  />
                </label>
              ) : null}
            </div>
          ) : null}
          <table className="w-full text-left">
            <caption className="sr-only">Endpoint each method calls</caption>
            <thead>
              <tr>
                <th scope="col" className="pr-2">
                  Method
                </th>
                <th scope="col">URL (key masked)</th>
              </tr>
            </thead>
            <tbody>
              {ROUTED_METHODS.map((m) => {
                const r = resolveEndpoint(connection, m);
                return (
                  <tr key={m}>
                    <td className="pr-2 font-mono">
                      {r.ok && r.endpoint.rpcMethod !== m
                        ? `${m} (sent as ${r.endpoint.rpcMethod})`
                        : m}
                    </td>
                    <td className="break-all font-mono">
                      {r.ok ? r.endpoint.maskedUrl : <em>{r.reason}</em>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
