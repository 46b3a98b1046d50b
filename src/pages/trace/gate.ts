/**
 * Which trace links wait for the user before their request is sent (issue 29). A link runs at once
 * when it asks only what the app itself would ask; one carrying tracer code, or asking for an
 * unusually long trace, was chosen by whoever wrote the link, and on the user's own connection it
 * would spend the user's key: it waits for a press of "Run this tracer". The trace Worker
 * (worker/call.ts) and the page (useLinkGate.ts) both ask here, so they cannot disagree.
 */
import type { ConnectionKind } from "../../endpoints";
import { BUILTIN_TRACERS, durationMs, EXAMPLE_JS_TRACER, type TraceRequest } from "./params";
import { STORAGE_TRACER } from "../../trace/source/tracer";

/**
 * The JavaScript tracer sources the app itself ships, matched exactly: a link carrying one of them
 * runs at once, like a built-in tracer. Keep it a plain list; a tracer the app adds joins it.
 */
export const APP_TRACERS: readonly string[] = [EXAMPLE_JS_TRACER, STORAGE_TRACER];

/** geth's default: a trace stops after 5 s unless the request sets `timeout`. */
export const NODE_DEFAULT_TIMEOUT_MS = 5_000;

/** What in a link's request needs the user's OK. */
export type LinkCost =
  | {
      kind: "code";
      /** The tracer exactly as it would be sent. */
      source: string;
      /** UTF-8 bytes, as the request carries it. */
      bytes: number;
      lines: number;
    }
  | { kind: "timeout"; timeout: string; ms: number };

/** Whose compute a trace spends: the link's own endpoint, the local devnet, or the user's. */
export type Spender = "link" | "devnet" | "user";

export function isAppTracer(tracer: string): boolean {
  return (BUILTIN_TRACERS as readonly string[]).includes(tracer) || APP_TRACERS.includes(tracer);
}

/** The parts of `request` a link may not send on the user's key without asking; empty: none. */
export function costlyParts(request: TraceRequest): LinkCost[] {
  const out: LinkCost[] = [];
  const { tracer, timeout } = request.options;
  if (!isAppTracer(tracer))
    out.push({
      kind: "code",
      source: tracer,
      bytes: new TextEncoder().encode(tracer).length,
      lines: tracer.split("\n").length,
    });
  if (timeout !== undefined) {
    const ms = durationMs(timeout);
    if (ms > NODE_DEFAULT_TIMEOUT_MS) out.push({ kind: "timeout", timeout, ms });
  }
  return out;
}

/**
 * Who pays for a trace sent on a `provider` endpoint. A link that names its own endpoint (`rpc=`)
 * spends no key of the user's, nor does the devnet (its demo key is no one's). Anything else is
 * the user's: the provider with their key, their own custom URL (its path may hold a key), and a
 * link endpoint this tab kept from an earlier link while the current link names none.
 */
export function spenderOf(provider: ConnectionKind, linkNamesEndpoint: boolean): Spender {
  if (linkNamesEndpoint && provider === "custom") return "link";
  return provider === "devnet" ? "devnet" : "user";
}

/** Why a link's request waits for the user's press; null when it is sent at once. */
export function linkGate(request: TraceRequest, spender: Spender): LinkCost[] | null {
  if (spender !== "user") return null;
  const parts = costlyParts(request);
  return parts.length > 0 ? parts : null;
}
