/**
 * The page's `connect-src`, narrowed at run time to exactly the hosts the configuration names.
 *
 * The built index.html carries the outer bound (`connect-src 'self' http: https:`: a user may
 * point the app at any node). Once the configuration is known (the devnet manifest loaded, the
 * saved connection and decoding settings read, the tab's link applied), the app adds a second
 * policy listing only the origins it needs: the provider's hosts, the devnet gateway, the custom
 * or linked RPC URL, and the decoding services that are switched on. Policies only narrow, so
 * the page can talk to nothing else for its lifetime; a host configured later (a new custom URL,
 * a service switched on) is reachable after a reload, and the app says so.
 */
import { useEffect, useMemo } from "react";

const NONE: readonly string[] = [];
import type { ServiceBases } from "../decoding/settings";

/** The provider's endpoint hosts (every network and segment): always allowed. */
export const PROVIDER_ORIGINS = ["https://*.nodereal.io"] as const;

export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === "http:" || u.protocol === "https:" ? u.origin : null;
  } catch {
    return null;
  }
}

/** The origins a configuration needs, deduplicated, in a stable order. */
export function neededOrigins(rpcUrls: readonly string[], bases: ServiceBases): string[] {
  const out = new Set<string>();
  for (const u of [...rpcUrls, bases.sigdb, bases.sourcify, bases.solc]) {
    const o = u ? originOf(u) : null;
    if (o) out.add(o);
  }
  return [...out].sort();
}

export function connectSrc(origins: readonly string[]): string {
  return ["'self'", ...PROVIDER_ORIGINS, ...origins].join(" ");
}

function covered(origin: string, allowed: ReadonlySet<string>): boolean {
  if (allowed.has(origin)) return true;
  return /^https:\/\/[^/]+\.nodereal\.io$/.test(origin);
}

let installed: Set<string> | null = null;

/** Adds the narrowed policy once (built app only: the dev server needs its inline preamble). */
function install(origins: readonly string[]): void {
  if (installed || typeof document === "undefined") return;
  installed = new Set(origins);
  const meta = document.createElement("meta");
  meta.httpEquiv = "Content-Security-Policy";
  meta.content = `connect-src ${connectSrc(origins)}`;
  meta.dataset.nodescope = "connect-src";
  document.head.appendChild(meta);
}

/**
 * Installs the policy when the configuration is `ready`, then reports the origins the current
 * configuration needs that the page's policy does not allow (empty: all reachable).
 */
export function useConnectPolicy(ready: boolean, needed: readonly string[]): readonly string[] {
  const enforce = import.meta.env.PROD;
  // Nothing to re-render at install: the policy then allows exactly what is needed. Later
  // renders (a changed configuration) compare against it.
  useEffect(() => {
    if (!enforce || !ready || installed) return;
    install(needed);
  }, [enforce, ready, needed]);
  const allowed = enforce ? installed : null;
  return useMemo(
    () => (allowed ? needed.filter((o) => !covered(o, allowed)) : NONE),
    [allowed, needed],
  );
}

/** What a view is told instead of an endpoint the page's policy would refuse. */
export function blockedReason(origin: string): string {
  return `This page may connect only to the hosts configured when it loaded: reload it to reach ${origin}.`;
}

/**
 * The endpoint resolver views use, refusing (with the reason, before any request) endpoints whose
 * origin the page's policy does not allow, so nothing is sent that the browser would block.
 */
export function guardResolve<
  M,
  R extends { ok: true; endpoint: { url: string } } | { ok: false; reason: string },
>(
  resolve: (method: M) => R | { ok: false; reason: string },
  blocked: readonly string[],
): (method: M) => R | { ok: false; reason: string } {
  if (blocked.length === 0) return resolve;
  return (method) => {
    const r = resolve(method);
    if (!r.ok) return r;
    const origin = originOf(r.endpoint.url);
    return origin && blocked.includes(origin) ? { ok: false, reason: blockedReason(origin) } : r;
  };
}
