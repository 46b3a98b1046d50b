/**
 * Resolves what a view needs to decode: cached answers first, then one batched signature lookup
 * and one Sourcify lookup per address (plus the implementations of proxies). Service failures
 * become quiet notes in `failures`; only an abort rejects.
 */
import { z } from "../../platform/zod";
import { cacheKey, isFresh, type CachedAnswer, type DecodingCache } from "./cache";
import { loadGuesser } from "./guess";
import { detectProxy, type DetectedProxy, type ProxyReaders } from "./proxy";
import { lookupSignatures } from "./sigdb";
import { lookupContract, usableAbi } from "./sourcify";
import { resolveSourceBundles, type BundleAnswer, type BundleRequest } from "./sourceBundle";
import {
  emptySources,
  isAbortError,
  type DecodingSources,
  type ServiceBases,
  type VerifiedContract,
} from "./types";

export interface ResolveRequest {
  bases: ServiceBases;
  /** Decimal chain id of the endpoint (eth_chainId); null = unknown, Sourcify is not asked. */
  chainId: number | null;
  /** 4-byte selectors (functions and custom errors) nothing local knows. */
  functions: string[];
  /** topic0s nothing local knows. */
  events: string[];
  /** Contract addresses to ask Sourcify about, most important first. */
  addresses: string[];
  /**
   * Optional: reads from the endpoint (eth_getCode / eth_getStorageAt / eth_call) to find the
   * implementation of proxies Sourcify has not verified (EIP-1167/1967/1822/897). Each check costs
   * the endpoint 1–5 calls, so at most `maxProxyChecks` addresses are checked per resolve.
   */
  readers?: ProxyReaders;
}

export interface DecodingResolverOptions {
  cache: DecodingCache;
  fetch?: typeof fetch;
  now?: () => number;
  /** At most this many addresses are asked of Sourcify per resolve (default 40). */
  maxAddresses?: number;
  /** Parallel Sourcify requests (default 4). */
  concurrency?: number;
  /** Per request (default 10 s). */
  timeoutMs?: number;
  /** Unverified addresses checked for a proxy pattern per resolve, when readers are given (default 10). */
  maxProxyChecks?: number;
}

const SELECTOR_RE = /^0x[0-9a-f]{8}$/;
const TOPIC_RE = /^0x[0-9a-f]{64}$/;
const ADDRESS_RE = /^0x[0-9a-f]{40}$/;

function abortError(): Error {
  const err = new Error("the decoding lookup was aborted");
  err.name = "AbortError";
  return err;
}

function unique(keys: readonly string[], re: RegExp): string[] {
  return [...new Set(keys.map((k) => k.trim().toLowerCase()).filter((k) => re.test(k)))];
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

const cachedSignaturesSchema = z.array(z.string());
const cachedContractSchema = z.looseObject({
  chainId: z.number(),
  address: z.string(),
  name: z.nullable(z.string()),
  abi: z.array(z.unknown()),
  match: z.nullable(z.string()),
  proxy: z.nullable(
    z.looseObject({
      type: z.nullable(z.string()),
      implementations: z.array(
        z.looseObject({ address: z.string(), name: z.nullable(z.string()) }),
      ),
    }),
  ),
});

/** A cached contract answer: a contract, null (not verified), or undefined when unreadable. */
function readCachedContract(value: unknown): VerifiedContract | null | undefined {
  if (value === null) return null;
  const parsed = cachedContractSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const c = parsed.data;
  return {
    chainId: c.chainId,
    address: c.address,
    name: c.name,
    abi: usableAbi(c.abi),
    match: c.match,
    proxy:
      c.proxy === null
        ? null
        : {
            type: c.proxy.type,
            implementations: c.proxy.implementations.map((i) => ({
              address: i.address,
              name: i.name,
            })),
          },
  };
}

const cachedProxySchema = z.nullable(
  z.looseObject({
    type: z.enum(["eip1167", "eip1967", "eip1967-beacon", "eip1822", "eip897"]),
    implementation: z.nullable(z.string()),
    beacon: z.nullable(z.string()),
  }),
);

/** Runs `task` over `items`, at most `limit` at a time; rejects with the first rejection. */
async function pool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, () => worker()));
}

interface Flight {
  promise: Promise<DecodingSources>;
  controller: AbortController;
  waiters: number;
}

export class DecodingResolver {
  private readonly cache: DecodingCache;
  private readonly fetchFn: typeof fetch | undefined;
  private readonly now: () => number;
  private readonly maxAddresses: number;
  private readonly concurrency: number;
  private readonly timeoutMs: number | undefined;
  private readonly maxProxyChecks: number;
  private readonly flights = new Map<string, Flight>();

  constructor(opts: DecodingResolverOptions) {
    this.cache = opts.cache;
    this.fetchFn = opts.fetch;
    this.now = opts.now ?? Date.now;
    this.maxAddresses = opts.maxAddresses ?? 40;
    this.concurrency = Math.max(1, opts.concurrency ?? 4);
    this.timeoutMs = opts.timeoutMs;
    this.maxProxyChecks = opts.maxProxyChecks ?? 10;
  }

  /**
   * Cached answers first; then ONE batched DB lookup for everything still unknown (split only by
   * URL length); then Sourcify once per address (concurrency 4, at most maxAddresses, in the
   * given order), and once per proxy implementation it names. Never throws for service failures
   * (they go to `failures`); rejects only on abort. Concurrent identical requests share one flight.
   */
  resolve(req: ResolveRequest, signal?: AbortSignal): Promise<DecodingSources> {
    if (signal?.aborted) return Promise.reject(abortError());
    const norm = this.normalise(req);
    const key = JSON.stringify({ ...norm, readers: norm.readers !== undefined });
    let flight = this.flights.get(key);
    if (flight === undefined) {
      const controller = new AbortController();
      const created: Flight = {
        controller,
        waiters: 0,
        promise: this.run(norm, controller.signal).finally(() => {
          if (this.flights.get(key) === created) this.flights.delete(key);
        }),
      };
      // Rejections reach each waiter; one nobody waits for any more must not surface.
      created.promise.catch(() => undefined);
      this.flights.set(key, created);
      flight = created;
    }
    const shared = flight;
    shared.waiters++;
    return new Promise<DecodingSources>((resolve, reject) => {
      let done = false;
      const leave = () => {
        if (done) return;
        done = true;
        signal?.removeEventListener("abort", onAbort);
        shared.waiters--;
      };
      const onAbort = () => {
        leave();
        if (shared.waiters === 0) {
          shared.controller.abort();
          if (this.flights.get(key) === shared) this.flights.delete(key);
        }
        reject(abortError());
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      shared.promise.then(
        (value) => {
          if (done) return;
          leave();
          resolve(value);
        },
        (err: unknown) => {
          if (done) return;
          leave();
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
  }

  /** Sources, layouts and source maps (sourceBundle.ts), through the same device cache. */
  bundles(req: BundleRequest, signal?: AbortSignal): Promise<BundleAnswer> {
    return resolveSourceBundles(
      req,
      { cache: this.cache, fetch: this.fetchFn, now: this.now },
      signal,
    );
  }

  private normalise(req: ResolveRequest): ResolveRequest {
    const chainId =
      req.chainId !== null && Number.isSafeInteger(req.chainId) && req.chainId >= 0
        ? req.chainId
        : null;
    return {
      bases: { sigdb: req.bases.sigdb, sourcify: req.bases.sourcify },
      chainId,
      functions: unique(req.functions, SELECTOR_RE).sort(),
      events: unique(req.events, TOPIC_RE).sort(),
      addresses: unique(req.addresses, ADDRESS_RE).slice(0, this.maxAddresses),
      ...(req.readers ? { readers: req.readers } : {}),
    };
  }

  private async run(req: ResolveRequest, signal: AbortSignal): Promise<DecodingSources> {
    const out = emptySources();
    const tasks: Promise<void>[] = [];
    const { sigdb, sourcify } = req.bases;
    if (sigdb !== null && req.functions.length + req.events.length > 0)
      tasks.push(this.resolveSignatures(sigdb, req, out, signal));
    if (sourcify !== null && req.chainId !== null && req.addresses.length > 0)
      tasks.push(
        this.resolveContracts(sourcify, req.chainId, req.addresses, req.readers, out, signal),
      );
    await Promise.all(tasks);
    // Selectors nobody knows get guessed argument types; the guesser loads only when needed.
    if (req.functions.some((f) => (out.functions[f]?.length ?? 0) === 0)) await loadGuesser();
    if (signal.aborted) throw abortError();
    return out;
  }

  private async readCache(keys: string[]): Promise<(CachedAnswer | undefined)[]> {
    try {
      return await this.cache.getMany(keys);
    } catch {
      return keys.map(() => undefined);
    }
  }

  private async writeCache(entries: [string, CachedAnswer][]): Promise<void> {
    try {
      await this.cache.setMany(entries);
    } catch {
      // A cache that cannot be written only costs a lookup next time.
    }
  }

  private async resolveSignatures(
    base: string,
    req: ResolveRequest,
    out: DecodingSources,
    signal: AbortSignal,
  ): Promise<void> {
    const wanted = [
      ...req.functions.map((k) => ({ kind: "functions" as const, key: k, id: `f:${k}` })),
      ...req.events.map((k) => ({ kind: "events" as const, key: k, id: `e:${k}` })),
    ];
    const cached = await this.readCache(wanted.map((w) => cacheKey("sigdb", base, w.id)));
    const now = this.now();
    const missing = { functions: [] as string[], events: [] as string[] };
    wanted.forEach((w, i) => {
      const hit = cached[i];
      const names = hit === undefined ? null : cachedSignaturesSchema.safeParse(hit.value);
      if (
        hit !== undefined &&
        names?.success === true &&
        isFresh(hit, names.data.length === 0, now)
      )
        out[w.kind][w.key] = names.data;
      else missing[w.kind].push(w.key);
    });
    if (missing.functions.length + missing.events.length === 0) return;
    let answers;
    try {
      answers = await lookupSignatures(base, missing, {
        signal,
        fetch: this.fetchFn,
        timeoutMs: this.timeoutMs,
      });
    } catch (err) {
      if (signal.aborted || isAbortError(err)) throw abortError();
      out.failures.push({ service: "sigdb", message: messageOf(err) });
      return;
    }
    const storedAt = this.now();
    const entries: [string, CachedAnswer][] = [];
    for (const kind of ["functions", "events"] as const) {
      for (const [k, names] of Object.entries(answers[kind])) {
        out[kind][k] = names;
        entries.push([
          cacheKey("sigdb", base, `${kind === "functions" ? "f" : "e"}:${k}`),
          { value: names, storedAt },
        ]);
      }
    }
    await this.writeCache(entries);
  }

  private async resolveContracts(
    base: string,
    chainId: number,
    addresses: string[],
    readers: ProxyReaders | undefined,
    out: DecodingSources,
    signal: AbortSignal,
  ): Promise<void> {
    const failures: string[] = [];
    await this.fetchContracts(base, chainId, addresses, out, failures, signal);
    if (readers) {
      const unverified = addresses.filter((a) => out.contracts[a] === null);
      await this.detectProxies(
        chainId,
        unverified.slice(0, this.maxProxyChecks),
        readers,
        out,
        signal,
      );
    }
    const implementations = [
      ...new Set([
        ...Object.values(out.contracts).flatMap(
          (c) => c?.proxy?.implementations.map((i) => i.address) ?? [],
        ),
        ...Object.values(out.proxies ?? {}).flatMap((p) =>
          p?.implementation ? [p.implementation] : [],
        ),
      ]),
    ]
      .filter((a) => !(a in out.contracts))
      .slice(0, this.maxAddresses);
    if (implementations.length > 0)
      await this.fetchContracts(base, chainId, implementations, out, failures, signal);
    const [first] = failures;
    if (first !== undefined) {
      out.failures.push({
        service: "sourcify",
        message:
          failures.length === 1
            ? first
            : `${first} (${failures.length} of the contract lookups failed)`,
      });
    }
  }

  /** Proxy checks on the chain, through the device cache (a day: implementations get upgraded). */
  private async detectProxies(
    chainId: number,
    addresses: string[],
    readers: ProxyReaders,
    out: DecodingSources,
    signal: AbortSignal,
  ): Promise<void> {
    if (addresses.length === 0) return;
    const proxies: NonNullable<DecodingSources["proxies"]> = (out.proxies ??= {});
    const keyOf = (a: string) => cacheKey("chain", String(chainId), `proxy:${a}`);
    const cached = await this.readCache(addresses.map(keyOf));
    const now = this.now();
    const missing: string[] = [];
    addresses.forEach((a, i) => {
      const hit = cached[i];
      const value = hit === undefined ? undefined : cachedProxySchema.safeParse(hit.value);
      if (hit !== undefined && value?.success === true && isFresh(hit, true, now))
        proxies[a] = value.data;
      else missing.push(a);
    });
    const entries: [string, CachedAnswer][] = [];
    await pool(missing, this.concurrency, async (address) => {
      if (signal.aborted) throw abortError();
      let found: DetectedProxy | null;
      try {
        found = await detectProxy(address, readers);
      } catch {
        // The endpoint could not say: no note (the names are simply missing), nothing cached.
        return;
      }
      if (signal.aborted) throw abortError();
      proxies[address] = found;
      entries.push([keyOf(address), { value: found, storedAt: this.now() }]);
    });
    await this.writeCache(entries);
  }

  private async fetchContracts(
    base: string,
    chainId: number,
    addresses: string[],
    out: DecodingSources,
    failures: string[],
    signal: AbortSignal,
  ): Promise<void> {
    const keyOf = (a: string) => cacheKey("sourcify", base, `${chainId}:${a}`);
    const cached = await this.readCache(addresses.map(keyOf));
    const now = this.now();
    const missing: string[] = [];
    addresses.forEach((a, i) => {
      const hit = cached[i];
      const contract = hit === undefined ? undefined : readCachedContract(hit.value);
      if (hit !== undefined && contract !== undefined && isFresh(hit, contract === null, now))
        out.contracts[a] = contract;
      else missing.push(a);
    });
    if (missing.length === 0) return;
    const entries: [string, CachedAnswer][] = [];
    await pool(missing, this.concurrency, async (address) => {
      try {
        const contract = await lookupContract(base, chainId, address, {
          signal,
          fetch: this.fetchFn,
          timeoutMs: this.timeoutMs,
        });
        out.contracts[address] = contract;
        entries.push([keyOf(address), { value: contract, storedAt: this.now() }]);
      } catch (err) {
        if (signal.aborted || isAbortError(err)) throw abortError();
        failures.push(messageOf(err));
      }
    });
    await this.writeCache(entries);
  }
}
