import type { Abi } from "viem";

/** Where the two decoding services live; null switches one off. */
export interface ServiceBases {
  sigdb: string | null;
  sourcify: string | null;
  /** The compiler binaries (laid out as binaries.soliditylang.org's list); absent: the public one. */
  solc?: string | null;
}

export const DEFAULT_SIGDB = "https://api.4byte.sourcify.dev";
export const DEFAULT_SOURCIFY = "https://sourcify.dev/server";
/** The official compiler binaries: `list.json` (`builds[].path`, `longVersion`) and each build. */
export const DEFAULT_SOLC = "https://binaries.soliditylang.org/wasm";

export type DecodingService = "sigdb" | "sourcify";

/** A contract Sourcify has verified, reduced to what decoding needs. */
export interface VerifiedContract {
  chainId: number;
  /** Lower-case. */
  address: string;
  /** The compilation target's contract name, e.g. "CounterV1". */
  name: string | null;
  /** The usable items of the verified ABI (items that could not be used are dropped). */
  abi: Abi;
  /** Sourcify's match level: "exact_match", "match", or null when it sent none. */
  match: string | null;
  /** Set when Sourcify says the contract is a proxy. */
  proxy: {
    type: string | null;
    implementations: { address: string; name: string | null }[];
  } | null;
}

export interface DecodingSources {
  /** Signature DB answers: selector/topic (lower-case) → candidate signatures, [] = asked, unknown. */
  functions: Record<string, string[]>;
  events: Record<string, string[]>;
  /** Sourcify answers by lower-case address; null = not verified. Implementations of proxies included. */
  contracts: Record<string, VerifiedContract | null>;
  /** Quiet notes for the UI when a service failed or was slow: never thrown. */
  failures: { service: DecodingService; message: string }[];
  /**
   * Proxies read from the chain (when the request gave readers) among the addresses Sourcify has
   * not verified, by lower-case address; null = checked, not a proxy. Their implementations are
   * looked up in `contracts` like those Sourcify names.
   */
  proxies?: Record<
    string,
    { type: string; implementation: string | null; beacon: string | null } | null
  >;
}

export function emptySources(): DecodingSources {
  return { functions: {}, events: {}, contracts: {}, failures: [] };
}

/** Options every service call takes. */
export interface ServiceCallOptions {
  signal?: AbortSignal;
  fetch?: typeof fetch;
  /** Per request; default 10 s. */
  timeoutMs?: number;
}

/** A decoding service failed (HTTP status, timeout, network, unreadable answer). Never an abort. */
export class DecodingServiceError extends Error {
  override readonly name = "DecodingServiceError";
  constructor(
    readonly service: DecodingService,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** True for the error an aborted signal rejects with (ours or the platform's). */
export function isAbortError(err: unknown): boolean {
  return (
    (err instanceof Error ||
      (typeof DOMException !== "undefined" && err instanceof DOMException)) &&
    (err as Error).name === "AbortError"
  );
}

/** The base URL without trailing slashes. */
export function trimBase(base: string): string {
  return base.trim().replace(/\/+$/, "");
}
