/**
 * The connection a page opens with, from its link and what the browser keeps (no React, no
 * storage access: the caller reads the stores, so a Worker can use it too).
 */
import { fromStored, toConnection } from "./persist";
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

/**
 * A link's `rpc=`, else this tab's override, else the settings kept on this device (the devnet's
 * connection needs its manifest, `devnet`; null while it is not known).
 */
export function initialConnectionOf(
  search: URLSearchParams,
  stored: StoredConnection,
  devnet: Extract<Connection, { kind: "devnet" }>["devnet"],
): Connection {
  const override = readOverride(search) ?? parseOverride(stored.override);
  if (override) return { kind: "custom", url: override.url, traceMethod: override.traceMethod };
  return toConnection(fromStored(stored.settings), devnet);
}
