import type { RoutedMethod, TraceMethodName } from "./methods";
import type { DevnetInfo } from "./devnetInfo";
import { hostOf } from "../rpc/errors";
import { maskSecrets } from "../rpc/mask";

/** Networks on which the provider documents debug_jstraceTransaction. */
export const NODEREAL_TRACE_NETWORKS = ["bsc-mainnet", "eth-mainnet", "polygon-mainnet"] as const;

export const NODEREAL_DEFAULTS = {
  rollupNitroSegment: "arbitrum-nitro",
  rollupSegment: "arbitrum",
  traceNetwork: "bsc-mainnet",
} as const;

export type Connection =
  | {
      kind: "devnet";
      devnet: DevnetInfo | null;
      /** The devnet's manifest is still on the way: not known to be absent yet. */
      loading?: boolean;
    }
  | {
      kind: "nodereal";
      apiKey: string;
      rollupNitroSegment: string;
      rollupSegment: string;
      traceNetwork: string;
    }
  | { kind: "custom"; url: string; traceMethod: TraceMethodName };

export type ConnectionKind = Connection["kind"];

export const CONNECTION_LABELS: Record<ConnectionKind, string> = {
  devnet: "Local devnet",
  nodereal: "NodeReal",
  custom: "Custom JSON-RPC URL",
};

/** Where one method goes: the URL to POST to, the secret inside it, and the method name to send. */
export interface ResolvedEndpoint {
  url: string;
  secrets: readonly string[];
  /** URL with the API key masked: safe to show, log and put in query keys. */
  maskedUrl: string;
  host: string;
  /** The JSON-RPC method name actually sent (the trace method may be renamed for custom URLs). */
  rpcMethod: string;
  /** Stable id for caches: masked URL plus a fingerprint, so two keys never share a cache entry. */
  cacheId: string;
  /** Whose endpoint it is: the provider's (priced in compute units), the devnet, or the user's own. */
  provider: Connection["kind"];
  /**
   * "replay": the trace methods are answered in this browser from the node's state, not by the
   * node (src/replay/onDemand.ts). `cacheId` differs, so the two answers are kept apart.
   */
  via?: "replay";
}

export type ResolveResult =
  | { ok: true; endpoint: ResolvedEndpoint }
  /** `pending`: no endpoint yet, but one may come (the devnet's manifest is loading). */
  | { ok: false; reason: string; pending?: boolean };

const SEGMENT_RE = /^[A-Za-z0-9][A-Za-z0-9._~/-]*$/;
const NETWORK_RE = /^[a-z0-9]+(?:-[a-z0-9]+)+$/;

/** FNV-1a: a short fingerprint that tells keys apart without revealing them. */
function fingerprint(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

function build(
  url: string,
  secrets: readonly string[],
  rpcMethod: string,
  provider: Connection["kind"],
): ResolveResult {
  const maskedUrl = maskSecrets(url, secrets);
  return {
    ok: true,
    endpoint: {
      url,
      secrets,
      maskedUrl,
      host: hostOf(url),
      rpcMethod,
      cacheId: `${maskedUrl}#${fingerprint(url)}`,
      provider,
    },
  };
}

/** Checks that a custom URL is something fetch can POST to. */
export function checkRpcUrl(
  text: string,
): { ok: true; url: string } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, message: "Enter a JSON-RPC URL, e.g. http://127.0.0.1:8545" };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, message: "Not a URL: it must start with http:// or https://" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { ok: false, message: `Unsupported scheme ${url.protocol} — use http:// or https://` };
  if (url.username || url.password)
    return { ok: false, message: "Put no user name or password in the URL" };
  return { ok: true, url: url.toString() };
}

/** The endpoint each method is sent to under a connection (the spec's endpoint shapes). */
export function resolveEndpoint(connection: Connection, method: RoutedMethod): ResolveResult {
  switch (connection.kind) {
    case "devnet": {
      const devnet = connection.devnet;
      if (!devnet && connection.loading)
        return { ok: false, pending: true, reason: "Looking for the local devnet…" };
      if (!devnet)
        return {
          ok: false,
          reason:
            "The local devnet is not running. Start it with `npm start`, or pick another connection.",
        };
      const url =
        method === "eth_getLogs"
          ? devnet.endpoints.rollup
          : method === "debug_jstraceTransaction" || method === "debug_traceCall"
            ? devnet.endpoints.trace
            : devnet.endpoints.rollupNitro;
      return build(url, [devnet.apiKey], method, "devnet");
    }
    case "nodereal": {
      const key = connection.apiKey.trim();
      if (!key) return { ok: false, reason: "Enter your NodeReal API key to call this method." };
      if (!/^[A-Za-z0-9_-]+$/.test(key))
        return { ok: false, reason: "The API key may hold only letters, digits, '-' and '_'." };
      if (method === "debug_jstraceTransaction" || method === "debug_traceCall") {
        const network = connection.traceNetwork.trim();
        if (!NETWORK_RE.test(network))
          return {
            ok: false,
            reason: "The trace network must look like chain-network, e.g. bsc-mainnet.",
          };
        return build(`https://${network}.nodereal.io/v1/${key}`, [key], method, "nodereal");
      }
      const segment = (
        method === "eth_getLogs" ? connection.rollupSegment : connection.rollupNitroSegment
      )
        .trim()
        .replace(/^\/+|\/+$/g, "");
      if (!SEGMENT_RE.test(segment))
        return {
          ok: false,
          reason: `The network segment "${segment}" is not a valid path segment.`,
        };
      return build(
        `https://open-platform.nodereal.io/${key}/${segment}/`,
        [key],
        method,
        "nodereal",
      );
    }
    case "custom": {
      const checked = checkRpcUrl(connection.url);
      if (!checked.ok) return { ok: false, reason: checked.message };
      const rpcMethod = method === "debug_jstraceTransaction" ? connection.traceMethod : method;
      return build(checked.url, [], rpcMethod, "custom");
    }
  }
}
