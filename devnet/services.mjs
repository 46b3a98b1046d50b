// The devnet's stand-ins for the two public decoding services, answered by the gateway:
// - an OpenChain-compatible signature database (api.openchain.xyz, api.4byte.sourcify.dev) at /sigdb,
// - a Sourcify v2 contract lookup (sourcify.dev/server) at /sourcify.
// Both are filled from the devnet's own compiled contracts. Shapes follow the services' OpenAPI
// documents (Sourcify: services/server/src/apiv2.yaml, services/4byte/src/openapi.yaml).
import { randomUUID } from "node:crypto";
import {
  getAddress,
  isAddress,
  keccak256,
  toBytes,
  toEventSelector,
  toEventSignature,
  toFunctionSelector,
  toFunctionSignature,
} from "viem";

/** Longest delay a `-slow-<ms>` base may ask for. */
export const MAX_SLOW_MS = 60_000;
/** The fault bases of each service: `/{service}-{fault}`. */
export const SERVICE_FAULTS = ["down", "garbage", "slow-<ms>"];
/** bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1) */
export const EIP1967_IMPLEMENTATION_SLOT =
  "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc";

/**
 * @typedef {"sigdb" | "sourcify" | "solc"} Service
 * @typedef {{ service: Service, fault: "down" | "garbage" | "slow" | null, slowMs: number, rest: string }} ServiceRoute
 * @typedef {{ name: string, filtered: boolean }} SignatureEntry
 * @typedef {{ function: Map<string, SignatureEntry[]>, event: Map<string, SignatureEntry[]>, error: Map<string, SignatureEntry[]> }} SignatureDatabase
 * @typedef {{ address: string, name: string, abi: import("viem").Abi, source: string,
 *   implementation?: { address: string, name?: string }, storageLayout?: unknown, sourceMap?: string,
 *   immutableReferences?: unknown, sourceFiles?: string[], runtimeCode?: string,
 *   bytecode?: string, creationSourceMap?: string, creationCode?: string,
 *   compiler?: import("./compile.mjs").Compiler, sources?: import("./compile.mjs").CompiledSources }} VerifiedContract
 *   storageLayout … runtimeCode: what the compiler said of it (and its code on the chain), served as
 *   Sourcify's storageLayout, runtimeBytecode and sources fields; bytecode, creationSourceMap: the
 *   compiler's creation bytecode and its source map, creationCode: the initcode that ran (with its
 *   constructor arguments) where the scenario knows it, served as creationBytecode; compiler, sources: its own
 *   compilation's, for a contract compiled apart from the others (the debugger's, optimizer off)
 * @typedef {{ chainId: number, compiler: import("./compile.mjs").Compiler, verifiedAt: string,
 *   contracts: Map<string, VerifiedContract & { matchId: string }>,
 *   sources: import("./compile.mjs").CompiledSources }} SourcifyRegistry
 * @typedef {{ sigdb: SignatureDatabase, sourcify: SourcifyRegistry,
 *   solc?: import("./solcBinaries.mjs").SolcBinaries }} Services
 * @typedef {{ status: number, body: unknown }} ServiceReply
 */

/**
 * Which service (and fault base) a path addresses, or null: `/sigdb/…`, `/sigdb-down/…`,
 * `/sigdb-garbage/…`, `/sigdb-slow-<ms>/…`, the same for `/sourcify`.
 * @param {string} pathname
 * @returns {ServiceRoute | null}
 */
export function serviceRoute(pathname) {
  const m = /^\/(sigdb|sourcify|solc)(?:-(down|garbage|slow-(\d{1,7})))?(\/.*)?$/.exec(pathname);
  if (!m) return null;
  const fault = m[2] === undefined ? null : m[3] === undefined ? m[2] : "slow";
  return {
    service: /** @type {Service} */ (m[1]),
    fault: /** @type {ServiceRoute["fault"]} */ (fault),
    slowMs: m[3] === undefined ? 0 : Math.min(Number(m[3]), MAX_SLOW_MS),
    rest: m[4] ?? "/",
  };
}

/**
 * The signature database: every function, event and error of the given artifacts (the same
 * signature from several contracts listed once), plus extra entries (collisions), which come first.
 * @param {Record<string, import("./compile.mjs").Artifact>} artifacts
 * @param {{ exclude?: string[], extra?: { kind: "function" | "event" | "error", signature: string }[] }} [options]
 *   exclude: contract names left out
 * @returns {SignatureDatabase}
 */
export function buildSignatureDatabase(artifacts, { exclude = [], extra = [] } = {}) {
  /** @type {SignatureDatabase} */
  const db = { function: new Map(), event: new Map(), error: new Map() };
  /** @param {"function" | "event" | "error"} kind @param {string} hash @param {string} name */
  const add = (kind, hash, name) => {
    const list = db[kind].get(hash) ?? [];
    if (!list.some((e) => e.name === name)) list.push({ name, filtered: false });
    db[kind].set(hash, list);
  };
  for (const { kind, signature } of extra)
    add(kind, kind === "event" ? keccak256(toBytes(signature)) : selectorOf(signature), signature);
  for (const [name, art] of Object.entries(artifacts)) {
    if (exclude.includes(name)) continue;
    for (const item of art.abi) {
      if (item.type === "function")
        add("function", toFunctionSelector(item), toFunctionSignature(item));
      else if (item.type === "event") add("event", toEventSelector(item), toEventSignature(item));
      else if (item.type === "error") {
        // an error selector is a 4-byte selector like a function's: both tables know it
        const signature = toFunctionSignature({
          ...item,
          type: "function",
          outputs: [],
          stateMutability: "nonpayable",
        });
        add("error", selectorOf(signature), signature);
        add("function", selectorOf(signature), signature);
      }
    }
  }
  return db;
}

/** @param {string} signature */
const selectorOf = (signature) => keccak256(toBytes(signature)).slice(0, 10);

const HASH = { function: /^0x[0-9a-f]{8}$/, event: /^0x[0-9a-f]{64}$/, error: /^0x[0-9a-f]{8}$/ };

/**
 * `GET /signature-database/v1/lookup?function=0x…,0x…&event=0x…&error=0x…&filter=true`.
 * Keys come back lower-cased; unknown ones map to null.
 * @param {SignatureDatabase} db
 * @param {string} path the path under the service's base
 * @param {URLSearchParams} query
 * @returns {ServiceReply}
 */
export function sigdbAnswer(db, path, query) {
  if (!/^\/signature-database\/v1\/lookup\/?$/.test(path))
    return { status: 404, body: { ok: false, error: `no route ${path}` } };
  const filter = (query.get("filter") ?? "true").toLowerCase() !== "false";
  /** @type {Record<string, Record<string, SignatureEntry[] | null>>} */
  const result = { function: {}, event: {} };
  for (const kind of /** @type {const} */ (["function", "event", "error"])) {
    const raw = query.getAll(kind);
    if (raw.length === 0) continue;
    /** @type {Record<string, SignatureEntry[] | null>} */
    const answers = {};
    for (const part of raw.join(",").split(",")) {
      const hash = part.trim().toLowerCase();
      if (hash === "") continue;
      if (!HASH[kind].test(hash))
        return { status: 400, body: { ok: false, error: `invalid ${kind} hash: ${part.trim()}` } };
      const entries = (db[kind].get(hash) ?? []).filter((e) => !filter || !e.filtered);
      answers[hash] = entries.length ? entries.map((e) => ({ ...e })) : null;
    }
    result[kind] = answers;
  }
  return { status: 200, body: { ok: true, result } };
}

/**
 * The Sourcify registry: the verified contracts at their addresses, each with a match id.
 * @param {{ chainId: number, compiler: import("./compile.mjs").Compiler, contracts: VerifiedContract[],
 *   verifiedAt?: string, sources?: import("./compile.mjs").CompiledSources }} options
 *   sources: the compilation's files with their ids (the sources and sourceIds fields)
 * @returns {SourcifyRegistry}
 */
export function buildSourcifyRegistry({ chainId, compiler, contracts, verifiedAt, sources = {} }) {
  /** @type {SourcifyRegistry["contracts"]} */
  const map = new Map();
  contracts.forEach((c, i) =>
    map.set(c.address.toLowerCase(), {
      ...c,
      address: getAddress(c.address),
      matchId: String(i + 1),
    }),
  );
  return {
    chainId,
    compiler,
    contracts: map,
    verifiedAt: verifiedAt ?? new Date().toISOString(),
    sources,
  };
}

/** Top-level fields of the real service and the sub-fields it selects with dot notation. */
const SOURCIFY_FIELDS = /** @type {Record<string, string[]>} */ ({
  matchId: [],
  creationMatch: [],
  runtimeMatch: [],
  verifiedAt: [],
  abi: [],
  metadata: [],
  sources: [],
  sourceIds: [],
  userdoc: [],
  devdoc: [],
  storageLayout: [],
  transientStorageLayout: [],
  additionalInput: [],
  stdJsonInput: [],
  stdJsonOutput: [],
  proxyResolution: [],
  creationBytecode: [
    "onchainBytecode",
    "recompiledBytecode",
    "sourceMap",
    "linkReferences",
    "cborAuxdata",
    "transformations",
    "transformationValues",
  ],
  runtimeBytecode: [
    "onchainBytecode",
    "recompiledBytecode",
    "sourceMap",
    "linkReferences",
    "cborAuxdata",
    "immutableReferences",
    "transformations",
    "transformationValues",
  ],
  deployment: ["transactionHash", "blockNumber", "transactionIndex", "deployer"],
  compilation: [
    "language",
    "compiler",
    "compilerVersion",
    "compilerSettings",
    "name",
    "fullyQualifiedName",
  ],
  signatures: ["function", "event", "error"],
});
/** The fields this stand-in has data for (others are accepted and left out). */
const SERVED = [
  "abi",
  "compilation",
  "signatures",
  "proxyResolution",
  "sources",
  "sourceIds",
  "storageLayout",
  "runtimeBytecode",
  "creationBytecode",
  "stdJsonInput",
];

/** @param {string} customCode @param {string} message */
const sourcifyError = (customCode, message) => ({ customCode, message, errorId: randomUUID() });

/**
 * `GET /v2/contract/{chainId}/{address}?fields=…|omit=…`.
 * @param {SourcifyRegistry} registry
 * @param {string} path the path under the service's base
 * @param {URLSearchParams} query
 * @returns {ServiceReply}
 */
export function sourcifyAnswer(registry, path, query) {
  const m = /^\/v2\/contract\/([^/]+)\/([^/]+)\/?$/.exec(path);
  if (!m) return { status: 404, body: sourcifyError("route_not_found", `Cannot GET ${path}`) };
  const chainId = decodeURIComponent(/** @type {string} */ (m[1]));
  const rawAddress = decodeURIComponent(/** @type {string} */ (m[2]));
  if (!/^\d{1,20}$/.test(chainId))
    return { status: 400, body: sourcifyError("invalid_parameter", `Invalid chainId: ${chainId}`) };
  if (chainId !== String(registry.chainId))
    return { status: 404, body: sourcifyError("unsupported_chain", `Chain ${chainId} not found`) };
  if (!isAddress(rawAddress, { strict: true }))
    return {
      status: 400,
      body: sourcifyError("invalid_parameter", `Invalid address: ${rawAddress}`),
    };
  const address = getAddress(rawAddress);

  const fieldsParam = query.get("fields");
  const omitParam = query.get("omit");
  if (fieldsParam !== null && omitParam !== null)
    return {
      status: 400,
      body: sourcifyError("invalid_parameter", "Cannot specify both fields and omit"),
    };
  const fields = fieldsParam === null ? [] : fieldsParam.split(",").filter((f) => f !== "");
  const omit = omitParam === null ? [] : omitParam.split(",").filter((f) => f !== "");
  if (fields.includes("all") && fields.length > 1)
    return {
      status: 400,
      body: sourcifyError("invalid_parameter", "Cannot specify 'all' with other fields"),
    };
  for (const f of fields.includes("all") ? omit : [...fields, ...omit]) {
    const [top = "", sub, more] = f.split(".");
    if (more !== undefined)
      return {
        status: 400,
        body: sourcifyError(
          "invalid_parameter",
          `Field selector cannot have more than one level subselectors: ${f}`,
        ),
      };
    const subs = SOURCIFY_FIELDS[top];
    if (!subs || (sub !== undefined && !subs.includes(sub)))
      return {
        status: 400,
        body: sourcifyError("invalid_parameter", `Field selector ${f} is not a valid field`),
      };
  }

  const contract = registry.contracts.get(address.toLowerCase());
  if (!contract)
    return {
      status: 404,
      body: { match: null, creationMatch: null, runtimeMatch: null, chainId, address },
    };

  /** @type {Record<string, unknown>} */
  const body = {
    match: "exact_match",
    creationMatch: "exact_match",
    runtimeMatch: "exact_match",
    chainId,
    address,
    verifiedAt: registry.verifiedAt,
    matchId: contract.matchId,
  };
  /** @type {Record<string, () => Record<string, unknown> | unknown[]>} */
  const values = {
    abi: () => contract.abi,
    compilation: () => ({
      language: "Solidity",
      compiler: "solc",
      compilerVersion: (contract.compiler ?? registry.compiler).version,
      compilerSettings: (contract.compiler ?? registry.compiler).settings,
      name: contract.name,
      fullyQualifiedName: `contracts/${contract.source}:${contract.name}`,
    }),
    signatures: () => signaturesOf(contract.abi),
    sources: () =>
      Object.fromEntries(
        (contract.sourceFiles ?? [contract.source]).map((f) => [
          f,
          { content: (contract.sources ?? registry.sources)[f]?.content ?? "" },
        ]),
      ),
    sourceIds: () =>
      Object.fromEntries(
        (contract.sourceFiles ?? [contract.source]).map((f) => [
          f,
          { id: (contract.sources ?? registry.sources)[f]?.id ?? 0 },
        ]),
      ),
    storageLayout: () =>
      /** @type {Record<string, unknown>} */ (
        contract.storageLayout ?? { storage: [], types: null }
      ),
    runtimeBytecode: () => ({
      onchainBytecode: contract.runtimeCode ?? null,
      recompiledBytecode: contract.runtimeCode ?? null,
      sourceMap: contract.sourceMap ?? null,
      linkReferences: {},
      cborAuxdata: {},
      immutableReferences: contract.immutableReferences ?? {},
      transformations: [],
      transformationValues: {},
    }),
    creationBytecode: () => ({
      onchainBytecode: contract.creationCode ?? null,
      recompiledBytecode: contract.bytecode ?? null,
      sourceMap: contract.creationSourceMap ?? null,
      linkReferences: {},
      cborAuxdata: {},
      transformations: [],
      transformationValues: {},
    }),
    stdJsonInput: () => {
      const compiler = contract.compiler ?? registry.compiler;
      return {
        language: "Solidity",
        sources: Object.fromEntries(
          (contract.sourceFiles ?? [contract.source]).map((f) => [
            f,
            { content: (contract.sources ?? registry.sources)[f]?.content ?? "" },
          ]),
        ),
        settings: { ...compiler.settings, outputSelection: { "*": { "*": ["*"] } } },
      };
    },
    proxyResolution: () =>
      contract.implementation
        ? {
            isProxy: true,
            proxyType: "EIP1967Proxy",
            implementations: [
              {
                address: getAddress(contract.implementation.address),
                ...(contract.implementation.name ? { name: contract.implementation.name } : {}),
              },
            ],
          }
        : { isProxy: false, proxyType: null, implementations: [] },
  };
  // without fields or omit: the minimal answer (no ABI), like the real service
  if (fieldsParam === null && omitParam === null) return { status: 200, body };
  for (const field of SERVED) {
    const value = /** @type {() => Record<string, unknown>} */ (values[field])();
    if (omitParam !== null) {
      if (omit.includes(field)) continue;
      const dropped = omit
        .filter((f) => f.startsWith(`${field}.`))
        .map((f) => f.slice(field.length + 1));
      body[field] = dropped.length
        ? pick(
            value,
            Object.keys(value).filter((k) => !dropped.includes(k)),
          )
        : value;
      continue;
    }
    if (fields.includes("all") || fields.includes(field)) body[field] = value;
    else {
      const subs = fields
        .filter((f) => f.startsWith(`${field}.`))
        .map((f) => f.slice(field.length + 1));
      if (subs.length) body[field] = pick(value, subs);
    }
  }
  return { status: 200, body };
}

/** @param {Record<string, unknown>} value @param {string[]} keys */
function pick(value, keys) {
  return Object.fromEntries(Object.entries(value).filter(([k]) => keys.includes(k)));
}

/** The `signatures` field: each function, event and error with its 32- and 4-byte hashes. @param {import("viem").Abi} abi */
function signaturesOf(abi) {
  /** @type {Record<"function" | "event" | "error", { signature: string, signatureHash32: string, signatureHash4: string }[]>} */
  const out = { function: [], event: [], error: [] };
  for (const item of abi) {
    if (item.type !== "function" && item.type !== "event" && item.type !== "error") continue;
    const signature =
      item.type === "event"
        ? toEventSignature(item)
        : toFunctionSignature(
            item.type === "function"
              ? item
              : { ...item, type: "function", outputs: [], stateMutability: "nonpayable" },
          );
    const hash = keccak256(toBytes(signature));
    out[item.type].push({ signature, signatureHash32: hash, signatureHash4: hash.slice(0, 10) });
  }
  return out;
}
