/**
 * What the storage and source views need of a verified contract, from Sourcify v2: its source
 * files and their ids, its storage layout, its runtime bytecode's source map (with the immutable
 * references and the bytecode the map's instructions are counted in), its creation bytecode's
 * source map and bytecode (a CREATE frame runs the initcode, counted by that map), its
 * compilation and its proxy resolution. Asked only when such a view asks, per address, a few at a time, through the
 * device cache like the ABIs (30 days; "not verified" a day), and a proxy's implementation with
 * it. Only the chain id and the address are sent.
 */
import { z } from "../../platform/zod";
import { storageLayoutSchema, type StorageLayout } from "../solidity/layout";
import { cacheKey, isFresh, type CachedAnswer, type DecodingCache } from "./cache";
import { getJson, hostOf } from "./http";
import { DecodingServiceError, isAbortError, trimBase, type ServiceCallOptions } from "./types";

export const SOURCE_BUNDLE_FIELDS = [
  "sources",
  "sourceIds",
  "storageLayout",
  "runtimeBytecode.sourceMap",
  "runtimeBytecode.immutableReferences",
  "runtimeBytecode.onchainBytecode",
  "creationBytecode.sourceMap",
  // the compiled initcode alone: the one that ran has the same instructions, plus the
  // constructor's arguments (data), and would double what is kept
  "creationBytecode.recompiledBytecode",
  "compilation.name",
  "compilation.language",
  "compilation.compilerVersion",
  "compilation.fullyQualifiedName",
  "compilation.compilerSettings",
  "proxyResolution",
].join(",");

export interface SourceBundle {
  address: string;
  name: string | null;
  compilerVersion: string | null;
  fullyQualifiedName: string | null;
  /** Files by path, with the ids the source map uses (-1 where Sourcify gave none). */
  sources: { path: string; id: number; content: string }[];
  storageLayout: StorageLayout | null;
  sourceMap: string | null;
  immutableReferences: Record<string, { start: number; length: number }[]> | null;
  runtimeCode: string | null;
  /** The initcode's source map and the bytecode it counts instructions in (constructor included). */
  creationSourceMap: string | null;
  creationCode: string | null;
  /** A proxy's implementation (lower-case), as Sourcify resolves it. */
  implementation: string | null;
  /**
   * The settings it was compiled with (`stdJsonInput.settings`, as Sourcify keeps them): with
   * `sources` and `language`, what compiling it again needs. Null when not said.
   */
  compilerSettings: CompilerSettings | null;
  language: string | null;
}

/** Which of a contract's two codes a frame runs. */
export type CodeKind = "runtime" | "creation";

/**
 * A CREATE or CREATE2 frame (the top frame of a contract-creation transaction is one) runs the
 * initcode, whose instructions the creation source map counts; every other frame the runtime code.
 */
export function codeKindOf(frameType: string | null | undefined): CodeKind {
  const t = frameType?.toUpperCase();
  return t === "CREATE" || t === "CREATE2" ? "creation" : "runtime";
}

/** One of the bundle's codes with its source map, or null when Sourcify sent either not. */
export function bundleCode(
  bundle: SourceBundle,
  kind: CodeKind,
): { sourceMap: string; code: string } | null {
  const sourceMap = kind === "creation" ? bundle.creationSourceMap : bundle.sourceMap;
  const code = kind === "creation" ? bundle.creationCode : bundle.runtimeCode;
  return sourceMap && code && code.length > 2 ? { sourceMap, code } : null;
}

/** What is read of the settings; the rest is kept as sent (it goes back to the compiler). */
const compilerSettingsSchema = z.looseObject({
  optimizer: z.nullish(
    z.looseObject({ enabled: z.nullish(z.boolean()), runs: z.nullish(z.number()) }),
  ),
  viaIR: z.nullish(z.boolean()),
  evmVersion: z.nullish(z.string()),
});
export type CompilerSettings = z.infer<typeof compilerSettingsSchema>;

const ADDRESS_RE = /^0x[0-9a-f]{40}$/;
const idsSchema = z.record(z.string(), z.looseObject({ id: z.int() }));
const bundleSchema = z.looseObject({
  match: z.nullish(z.string()),
  sources: z.nullish(z.record(z.string(), z.looseObject({ content: z.string() }))),
  sourceIds: z.nullish(idsSchema),
  stdJsonOutput: z.nullish(z.looseObject({ sources: z.nullish(idsSchema) })),
  storageLayout: z.optional(z.unknown()),
  runtimeBytecode: z.nullish(
    z.looseObject({
      sourceMap: z.nullish(z.string()),
      onchainBytecode: z.nullish(z.string()),
      recompiledBytecode: z.nullish(z.string()),
      immutableReferences: z.nullish(
        z.record(z.string(), z.array(z.looseObject({ start: z.number(), length: z.number() }))),
      ),
    }),
  ),
  creationBytecode: z.nullish(
    z.looseObject({
      sourceMap: z.nullish(z.string()),
      onchainBytecode: z.nullish(z.string()),
      recompiledBytecode: z.nullish(z.string()),
    }),
  ),
  compilation: z.nullish(
    z.looseObject({
      name: z.nullish(z.string()),
      compilerVersion: z.nullish(z.string()),
      fullyQualifiedName: z.nullish(z.string()),
      language: z.nullish(z.string()),
      compilerSettings: z.optional(z.unknown()),
    }),
  ),
  proxyResolution: z.nullish(
    z.looseObject({
      isProxy: z.nullish(z.boolean()),
      implementations: z.nullish(z.array(z.looseObject({ address: z.string() }))),
    }),
  ),
});

/** A v2 answer as a bundle; null when it is not one (or names no match). */
export function parseSourceBundle(body: unknown, address: string): SourceBundle | null {
  const parsed = bundleSchema.safeParse(body);
  if (!parsed.success || parsed.data.match === null) return null;
  const c = parsed.data;
  const ids = c.sourceIds ?? c.stdJsonOutput?.sources ?? {};
  const sources = Object.entries(c.sources ?? {}).map(([path, s]) => ({
    path,
    id: ids[path]?.id ?? -1,
    content: s.content,
  }));
  const layout = storageLayoutSchema.safeParse(c.storageLayout);
  const settings = z.nullish(compilerSettingsSchema).safeParse(c.compilation?.compilerSettings);
  const rb = c.runtimeBytecode;
  const impl = c.proxyResolution?.isProxy
    ? (c.proxyResolution.implementations ?? [])
        .map((i) => i.address.toLowerCase())
        .find((a) => ADDRESS_RE.test(a))
    : undefined;
  return {
    address: address.toLowerCase(),
    name: c.compilation?.name ?? null,
    compilerVersion: c.compilation?.compilerVersion ?? null,
    fullyQualifiedName: c.compilation?.fullyQualifiedName ?? null,
    sources,
    storageLayout: layout.success ? layout.data : null,
    sourceMap: rb?.sourceMap ?? null,
    immutableReferences: rb?.immutableReferences ?? null,
    runtimeCode: rb?.onchainBytecode ?? rb?.recompiledBytecode ?? null,
    creationSourceMap: c.creationBytecode?.sourceMap ?? null,
    creationCode:
      c.creationBytecode?.recompiledBytecode ?? c.creationBytecode?.onchainBytecode ?? null,
    implementation: impl ?? null,
    compilerSettings: settings.success ? (settings.data ?? null) : null,
    language: c.compilation?.language ?? null,
  };
}

/** One address's bundle, or null when Sourcify has not verified it. */
export async function lookupSourceBundle(
  base: string,
  chainId: number,
  address: string,
  opts: ServiceCallOptions = {},
): Promise<SourceBundle | null> {
  const addr = address.toLowerCase();
  if (!ADDRESS_RE.test(addr)) throw new TypeError(`not an address: ${JSON.stringify(address)}`);
  const url = `${trimBase(base)}/v2/contract/${chainId}/${addr}?fields=${SOURCE_BUNDLE_FIELDS}`;
  const { status, body } = await getJson("sourcify", url, { timeoutMs: 20_000, ...opts });
  if (status === 404) return null;
  if (status < 200 || status >= 300)
    throw new DecodingServiceError("sourcify", `${hostOf(url)} answered HTTP ${status}`, status);
  if (!bundleSchema.safeParse(body).success)
    throw new DecodingServiceError(
      "sourcify",
      `${hostOf(url)} sent an answer that is not a contract`,
    );
  return parseSourceBundle(body, addr);
}

export interface BundleRequest {
  base: string;
  chainId: number;
  addresses: string[];
}

export interface BundleAnswer {
  /** By lower-case address; null = not verified. Implementations of proxies included. */
  bundles: Record<string, SourceBundle | null>;
  failures: string[];
}

const MAX_BUNDLES = 12;

function readCached(value: unknown): SourceBundle | null | undefined {
  if (value === null) return null;
  if (typeof value !== "object" || value === null || !("address" in value)) return undefined;
  const v = value as SourceBundle;
  // a bundle kept before the creation code and the compiler settings were asked for is asked again
  return Array.isArray(v.sources) &&
    typeof v.address === "string" &&
    "creationSourceMap" in v &&
    "compilerSettings" in v
    ? v
    : undefined;
}

/** Bundles through the cache; service failures become `failures`, only an abort rejects. */
export async function resolveSourceBundles(
  req: BundleRequest,
  deps: { cache: DecodingCache; fetch?: typeof fetch; now?: () => number },
  signal?: AbortSignal,
): Promise<BundleAnswer> {
  const now = deps.now ?? Date.now;
  const out: BundleAnswer = { bundles: {}, failures: [] };
  const keyOf = (a: string) => cacheKey("sourcify", req.base, `bundle:${req.chainId}:${a}`);
  const round = async (addresses: string[]) => {
    const wanted = [...new Set(addresses.map((a) => a.toLowerCase()))]
      .filter((a) => ADDRESS_RE.test(a) && !(a in out.bundles))
      .slice(0, MAX_BUNDLES);
    if (wanted.length === 0) return;
    let cached: (CachedAnswer | undefined)[];
    try {
      cached = await deps.cache.getMany(wanted.map(keyOf));
    } catch {
      cached = wanted.map(() => undefined);
    }
    const missing: string[] = [];
    wanted.forEach((a, i) => {
      const hit = cached[i];
      const b = hit === undefined ? undefined : readCached(hit.value);
      if (hit !== undefined && b !== undefined && isFresh(hit, b === null, now()))
        out.bundles[a] = b;
      else missing.push(a);
    });
    const entries: [string, CachedAnswer][] = [];
    let next = 0;
    const worker = async () => {
      while (next < missing.length) {
        const a = missing[next++] as string;
        try {
          const b = await lookupSourceBundle(req.base, req.chainId, a, {
            signal,
            fetch: deps.fetch,
          });
          out.bundles[a] = b;
          entries.push([keyOf(a), { value: b, storedAt: now() }]);
        } catch (err) {
          if (signal?.aborted || isAbortError(err)) throw err;
          out.failures.push(err instanceof Error ? err.message : String(err));
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(4, missing.length) }, worker));
    try {
      await deps.cache.setMany(entries);
    } catch {
      // a cache that cannot be written only costs a lookup next time
    }
  };
  await round(req.addresses);
  await round(
    Object.values(out.bundles).flatMap((b) => (b?.implementation ? [b.implementation] : [])),
  );
  return out;
}
