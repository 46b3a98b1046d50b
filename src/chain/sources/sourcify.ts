/**
 * Sourcify API v2: `GET {base}/v2/contract/{chainId}/{address}?fields=…` for a verified ABI, the
 * contract's name and Sourcify's proxy resolution. Only the chain id and the address are sent.
 */
import type { Abi } from "viem";
import { z } from "../../platform/zod";
import { getJson, hostOf } from "./http";
import {
  DecodingServiceError,
  trimBase,
  type ServiceCallOptions,
  type VerifiedContract,
} from "./types";

const ADDRESS_RE = /^0x[0-9a-f]{40}$/;

/**
 * `compilation.name` rather than all of `compilation` (compiler settings can be large); without
 * `fields` Sourcify sends no ABI at all.
 */
export const SOURCIFY_FIELDS = "abi,compilation.name,proxyResolution";

export function contractUrl(base: string, chainId: number, address: string): string {
  return `${trimBase(base)}/v2/contract/${chainId}/${address.toLowerCase()}?fields=${SOURCIFY_FIELDS}`;
}

// ---- ABI items: plain JSON from the verifier; keep what can be used, drop the rest -----------

const INT_SIZES = new Set(Array.from({ length: 32 }, (_, i) => String((i + 1) * 8)));
function isAbiType(type: string): boolean {
  const m = /^([a-z]+)(\d*)((?:\[\d*\])*)$/.exec(type);
  if (m === null) return false;
  const [, base = "", size = ""] = m;
  switch (base) {
    case "address":
    case "bool":
    case "string":
    case "function":
    case "tuple":
      return size === "";
    case "bytes":
      return size === "" || (Number(size) >= 1 && Number(size) <= 32);
    case "int":
    case "uint":
      return size === "" || INT_SIZES.has(size);
    default:
      return false;
  }
}

interface RawParam {
  name?: string | null;
  type: string;
  components?: RawParam[] | null;
  [k: string]: unknown;
}
const paramSchema: z.ZodMiniType<RawParam> = z.lazy(() =>
  z
    .looseObject({
      name: z.nullish(z.string()),
      type: z.string().check(z.refine(isAbiType, "unknown ABI type")),
      indexed: z.nullish(z.boolean()),
      internalType: z.nullish(z.string()),
      components: z.nullish(z.array(paramSchema)),
    })
    .check(
      z.refine((p) => !p.type.startsWith("tuple") || Array.isArray(p.components), {
        message: "a tuple needs components",
      }),
    ),
);
const NAME_RE = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const namedItemSchema = z.looseObject({
  type: z.enum(["function", "event", "error"]),
  name: z.string().check(z.regex(NAME_RE)),
  inputs: z.nullish(z.array(paramSchema)),
  outputs: z.nullish(z.array(paramSchema)),
  anonymous: z.nullish(z.boolean()),
  stateMutability: z.nullish(z.string()),
});
const otherItemSchema = z.looseObject({
  type: z.enum(["constructor", "fallback", "receive"]),
  inputs: z.nullish(z.array(paramSchema)),
  stateMutability: z.nullish(z.string()),
});

/** viem's shapes want names as strings and lists present; JSON from the verifier may hold nulls. */
function normaliseParam(p: RawParam): RawParam {
  const out: RawParam = { ...p, name: p.name ?? "" };
  if (p.components) out.components = p.components.map(normaliseParam);
  else delete out.components;
  return out;
}

/** The usable items of a verified ABI: functions, events and errors with valid types; the rest dropped. */
export function usableAbi(raw: unknown): Abi {
  if (!Array.isArray(raw)) return [];
  const out: unknown[] = [];
  for (const item of raw) {
    const named = namedItemSchema.safeParse(item);
    if (named.success) {
      const v = named.data;
      const fixed: Record<string, unknown> = { ...v, inputs: (v.inputs ?? []).map(normaliseParam) };
      if (v.type === "function") {
        fixed.outputs = (v.outputs ?? []).map(normaliseParam);
        fixed.stateMutability = v.stateMutability ?? "nonpayable";
      }
      if (v.type === "event") fixed.anonymous = v.anonymous ?? false;
      out.push(fixed);
      continue;
    }
    const other = otherItemSchema.safeParse(item);
    if (other.success) out.push(other.data);
  }
  return out as Abi;
}

// ---- the response ------------------------------------------------------------------------------

const implementationSchema = z.looseObject({ address: z.string(), name: z.nullish(z.string()) });
const contractResponseSchema = z.looseObject({
  match: z.nullish(z.string()),
  chainId: z.nullish(z.union([z.string(), z.number()])),
  address: z.nullish(z.string()),
  abi: z.optional(z.unknown()),
  compilation: z.nullish(z.looseObject({ name: z.nullish(z.string()) })),
  proxyResolution: z.nullish(
    z.looseObject({
      isProxy: z.nullish(z.boolean()),
      proxyType: z.nullish(z.string()),
      implementations: z.nullish(z.array(z.unknown())),
    }),
  ),
});
const errorBodySchema = z.looseObject({ customCode: z.nullish(z.string()) });

/** Parses a v2 contract answer (status 200); null when it names no match. */
export function parseContract(
  body: unknown,
  chainId: number,
  address: string,
): VerifiedContract | null {
  const parsed = contractResponseSchema.safeParse(body);
  if (!parsed.success) return null;
  const c = parsed.data;
  if (c.match === null) return null;
  const pr = c.proxyResolution;
  const implementations =
    pr?.isProxy === true
      ? (pr.implementations ?? []).flatMap((raw) => {
          const impl = implementationSchema.safeParse(raw);
          if (!impl.success) return [];
          const addr = impl.data.address.toLowerCase();
          return ADDRESS_RE.test(addr) ? [{ address: addr, name: impl.data.name ?? null }] : [];
        })
      : [];
  return {
    chainId,
    address: address.toLowerCase(),
    name: c.compilation?.name ?? null,
    abi: usableAbi(c.abi),
    match: c.match ?? null,
    proxy: pr?.isProxy === true ? { type: pr.proxyType ?? null, implementations } : null,
  };
}

/**
 * The verified contract at `address` on `chainId`, or null when Sourcify has not verified it
 * (404, or a chain Sourcify does not support). Rejects with DecodingServiceError on other
 * failures and AbortError on abort.
 */
export async function lookupContract(
  base: string,
  chainId: number,
  address: string,
  opts: ServiceCallOptions = {},
): Promise<VerifiedContract | null> {
  const addr = address.trim().toLowerCase();
  if (!ADDRESS_RE.test(addr)) throw new TypeError(`not an address: ${JSON.stringify(address)}`);
  if (!Number.isSafeInteger(chainId) || chainId < 0)
    throw new TypeError(`not a chain id: ${String(chainId)}`);
  const url = contractUrl(base, chainId, addr);
  const { status, body } = await getJson("sourcify", url, opts);
  if (status === 404) return null;
  if (status === 400) {
    const err = errorBodySchema.safeParse(body);
    if (err.success && err.data.customCode === "unsupported_chain") return null;
  }
  if (status < 200 || status >= 300)
    throw new DecodingServiceError("sourcify", `${hostOf(url)} answered HTTP ${status}`, status);
  if (contractResponseSchema.safeParse(body).success === false)
    throw new DecodingServiceError(
      "sourcify",
      `${hostOf(url)} sent an answer that is not a contract`,
    );
  return parseContract(body, chainId, addr);
}
