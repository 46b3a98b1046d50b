// Compiles devnet/contracts/*.sol with solc-js, cached by source hash in devnet/.cache/.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const contractsDir = join(here, "contracts");
/** The debugger's contracts, compiled on their own twice (compileDebugContracts). */
const debugDir = join(contractsDir, "debug");
const cacheDir = join(here, ".cache");
const require = createRequire(import.meta.url);

/** The EVM version the contracts target (anvil runs the same hardfork). */
export const EVM_VERSION = "cancun";

/**
 * @typedef {{ abi: import("viem").Abi, bytecode: `0x${string}`, source: string,
 *   storageLayout?: unknown, sourceMap?: string, immutableReferences?: unknown,
 *   creationSourceMap?: string, sourceFiles?: string[] }} Artifact
 *   source: the file under devnet/contracts/ the contract is declared in; storageLayout, sourceMap
 *   (the runtime bytecode's), immutableReferences and creationSourceMap (the bytecode's, which
 *   runs the constructor) as solc puts them; sourceFiles: the files
 *   its metadata names (what Sourcify would hold for it)
 * @typedef {Record<string, { id: number, content: string }>} CompiledSources  by file name
 * @typedef {Record<string, Artifact>} Artifacts  keyed by contract name
 * @typedef {{ version: string, settings: Record<string, unknown> }} Compiler
 *   version: solc's full version (`0.8.x+commit.…`), as Sourcify reports it
 */

/** Bumped when the cache file's shape changes. */
const CACHE_FORMAT = 4;

/**
 * @typedef {{ artifacts: Artifacts, compiler: Compiler, sources: CompiledSources, cached: boolean, ms: number }} Compiled
 */

/** The scenario contracts (devnet/contracts/*.sol), optimizer on. @returns {Compiled} */
export function compileContracts() {
  return compileDir(contractsDir, { enabled: true, runs: 200 });
}

/**
 * The debugger's contracts (devnet/contracts/debug/*.sol) compiled twice: `plain` without the
 * optimizer (every internal call a JUMP the source map marks `i`, every return one marked `o`)
 * and `optimized` with it (small helpers inlined). Each is a compilation of its own, with its own
 * settings and source ids, as Sourcify would hold two verifications.
 * @returns {{ plain: Compiled, optimized: Compiled }}
 */
export function compileDebugContracts() {
  return {
    plain: compileDir(debugDir, { enabled: false, runs: 200 }),
    optimized: compileDir(debugDir, { enabled: true, runs: 200 }),
  };
}

/**
 * @param {string} dir
 * @param {{ enabled: boolean, runs: number }} optimizer
 * @returns {Compiled}
 */
function compileDir(dir, optimizer) {
  const t0 = Date.now();
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".sol"))
    .sort();
  /** @type {Record<string, { content: string }>} */
  const sources = {};
  for (const f of files) sources[f] = { content: readFileSync(join(dir, f), "utf8") };
  const solcVersion = /** @type {string} */ (require("solc/package.json").version);
  const settings = {
    evmVersion: EVM_VERSION,
    optimizer,
    // what the Sourcify stand-in serves besides the ABI: layouts, both source maps, metadata
    outputSelection: {
      "*": {
        "*": [
          "abi",
          "evm.bytecode.object",
          "evm.bytecode.sourceMap",
          "storageLayout",
          "metadata",
          "evm.deployedBytecode.sourceMap",
          "evm.deployedBytecode.immutableReferences",
        ],
      },
    },
  };
  const hash = createHash("sha256")
    .update(JSON.stringify({ CACHE_FORMAT, solcVersion, settings, sources }))
    .digest("hex")
    .slice(0, 16);
  const cacheFile = join(cacheDir, `contracts-${hash}.json`);
  try {
    const cachedFile = JSON.parse(readFileSync(cacheFile, "utf8"));
    return { ...cachedFile, cached: true, ms: Date.now() - t0 };
  } catch {
    // not cached yet
  }
  const solc = require("solc");
  const output = JSON.parse(
    solc.compile(JSON.stringify({ language: "Solidity", sources, settings })),
  );
  const errors = (output.errors ?? []).filter(
    (/** @type {{ severity: string }} */ e) => e.severity === "error",
  );
  if (errors.length)
    throw new Error(
      `solc: ${errors.map((/** @type {{ formattedMessage: string }} */ e) => e.formattedMessage).join("\n")}`,
    );
  /** @type {Artifacts} */
  const artifacts = {};
  for (const [source, contracts] of Object.entries(output.contracts ?? {}))
    for (const [name, c] of Object.entries(
      /** @type {Record<string, { abi: import("viem").Abi, metadata: string, storageLayout: unknown,
       *   evm: { bytecode: { object: string, sourceMap: string }, deployedBytecode: { sourceMap: string, immutableReferences: unknown } } }>} */ (
        contracts
      ),
    ))
      artifacts[name] = {
        abi: c.abi,
        bytecode: `0x${c.evm.bytecode.object}`,
        source,
        storageLayout: c.storageLayout,
        sourceMap: c.evm.deployedBytecode.sourceMap,
        immutableReferences: c.evm.deployedBytecode.immutableReferences,
        creationSourceMap: c.evm.bytecode.sourceMap,
        sourceFiles: Object.keys(JSON.parse(c.metadata).sources ?? {}).sort(),
      };
  /** @type {CompiledSources} */
  const compiledSources = {};
  for (const [file, info] of Object.entries(
    /** @type {Record<string, { id: number }>} */ (output.sources ?? {}),
  ))
    compiledSources[file] = { id: info.id, content: sources[file]?.content ?? "" };
  /** @type {Compiler} */
  const compiler = {
    version: String(solc.version()).replace(/\.Emscripten\.clang$/, ""),
    settings: { evmVersion: settings.evmVersion, optimizer: settings.optimizer },
  };
  mkdirSync(cacheDir, { recursive: true });
  const tmp = `${cacheFile}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify({ artifacts, compiler, sources: compiledSources }));
  renameSync(tmp, cacheFile);
  return { artifacts, compiler, sources: compiledSources, cached: false, ms: Date.now() - t0 };
}
