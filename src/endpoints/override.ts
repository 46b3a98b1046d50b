/**
 * A link's `rpc=` endpoint and this tab's kept override: read without zod or the stored settings,
 * so a deep link's first request can leave before either loads (app/boot.ts).
 */
import { TRACE_METHODS, type TraceMethodName } from "./methods";
import { checkRpcUrl, type Connection } from "./presets";
import type { StoredConnection } from "./keys";

export interface RpcOverride {
  url: string;
  traceMethod: TraceMethodName;
}

/** `rpc=<url>` in a link: a key-less custom endpoint for this tab only. */
export function readOverride(search: URLSearchParams): RpcOverride | null {
  const rpc = search.get("rpc");
  if (!rpc) return null;
  const checked = checkRpcUrl(rpc);
  if (!checked.ok) return null;
  const tm = search.get("traceMethod");
  const traceMethod = TRACE_METHODS.find((m) => m === tm) ?? "debug_traceTransaction";
  return { url: checked.url, traceMethod };
}

/** This tab's kept override (sessionStorage text), or null. */
export function parseOverride(raw: string | null): RpcOverride | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as { url?: unknown; traceMethod?: unknown };
    if (typeof v.url !== "string") return null;
    return readOverride(
      new URLSearchParams({ rpc: v.url, traceMethod: String(v.traceMethod ?? "") }),
    );
  } catch {
    return null;
  }
}

/** The connection a link's `rpc=`, else this tab's kept override, names; null when neither does. */
export function overrideConnection(
  search: URLSearchParams,
  stored: StoredConnection,
): Extract<Connection, { kind: "custom" }> | null {
  const override = readOverride(search) ?? parseOverride(stored.override);
  return override ? { kind: "custom", url: override.url, traceMethod: override.traceMethod } : null;
}
