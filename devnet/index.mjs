// Programmatic API: anvil + compiled scenario contracts + scenario transactions + the gateway.
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { CHAIN_ID, startAnvil } from "./anvil.mjs";
import { compileContracts, compileDebugContracts } from "./compile.mjs";
import { rpc } from "./rpc.mjs";
import { COLLISION } from "./decoding.mjs";
import { API_KEY, startGateway } from "./gateway.mjs";
import { BLOCK_INTERVAL, STREAM_BLOCKS, runScenarios } from "./scenarios.mjs";
import { buildSignatureDatabase, buildSourcifyRegistry } from "./services.mjs";
import { solcBinaries } from "./solcBinaries.mjs";

export { API_KEY, FAULT_MODES, MAX_BLOCK_RANGE, MAX_RESULTS, TRACE_NETWORKS } from "./gateway.mjs";
export { CHAIN_ID } from "./anvil.mjs";
export { MAX_SLOW_MS, SERVICE_FAULTS } from "./services.mjs";

/**
 * @typedef {{ label: string, hash: string, blockHash: string, blockNumber: number, index: number, from: string,
 *   to: string | null, type: string, status: "success" | "reverted", frames: number }} ManifestTransaction
 * @typedef {{ from: string, to: string, data: string, value: string, estimate?: string, reason?: string,
 *   panicCode?: string, error?: string, args?: string[] }} ManifestCall
 * @typedef {{
 *   chainId: number, apiKey: string, gatewayUrl: string, anvilUrl: string,
 *   endpoints: { rollupNitro: string, rollup: string, trace: string },
 *   nodes: { full: string, standard: string, noJsTracers: string },
 *   readyMs: number, latestBlock: number,
 *   transactions: Record<string, ManifestTransaction>,
 *   blocks: { label: string, hash: string, number: number, txCount: number }[],
 *   contracts: Record<string, { address: string, abi: import("viem").Abi }>,
 *   events: { name: string, signature: string, topic0: string }[],
 *   token: { address: string, fromBlock: number, toBlock: number, logCount: number, transferCount: number, denseRange: [number, number] },
 *   calls: Record<string, ManifestCall>,
 *   insight: { recipients: string[], value: string, nftId: string },
 *   decoding: import("./decoding.mjs").DecodingContracts & { sigdb: string, sourcify: string, solc: string, chainId: number },
 *   storage: import("./storage.mjs").StorageContracts,
 *   tally: import("./tally.mjs").TallyScenario,
 *   debug: import("./debug.mjs").DebugContracts,
 *   variables: import("./variables.mjs").VariablesContracts,
 * }} Manifest
 * @typedef {{ gatewayUrl: string, anvilUrl: string, anvilPid: number, manifest: Manifest,
 *   writeManifestFile(path: string): void, stop(): Promise<void> }} Devnet
 */

/**
 * The verified contracts with what Sourcify also serves of them: layout, both source maps, immutable
 * references, creation bytecode and files from the compiler, runtime code from the chain.
 * @param {string} anvilUrl
 * @param {import("./services.mjs").VerifiedContract[]} verified
 * @param {Record<string, import("./compile.mjs").Artifact>} artifacts
 */
async function withCompilerOutput(anvilUrl, verified, artifacts) {
  return Promise.all(
    verified.map(async (c) => {
      const a = artifacts[c.name];
      const runtimeCode = /** @type {string} */ (
        await rpc(anvilUrl, "eth_getCode", [c.address, "latest"])
      );
      return {
        ...c,
        runtimeCode,
        // a contract compiled apart (the debugger's) brings its own compiler output
        storageLayout: c.storageLayout ?? a?.storageLayout,
        sourceMap: c.sourceMap ?? a?.sourceMap,
        immutableReferences: c.immutableReferences ?? a?.immutableReferences,
        bytecode: c.bytecode ?? a?.bytecode,
        creationSourceMap: c.creationSourceMap ?? a?.creationSourceMap,
        sourceFiles: c.sourceFiles ?? a?.sourceFiles,
      };
    }),
  );
}

/**
 * Starts anvil on a loopback port, runs every scenario and puts the gateway in front of it.
 * @param {{ port?: number, anvilPort?: number, quiet?: boolean }} [options] port: the gateway's
 *   (0 = any free one); anvilPort: anvil's (0 = any free one); quiet: no progress output.
 * @returns {Promise<Devnet>}
 */
export async function startDevnet({ port = 0, anvilPort = 0, quiet = true } = {}) {
  const t0 = Date.now();
  const say = quiet ? () => {} : (/** @type {string} */ msg) => console.log(`[devnet] ${msg}`);
  const compiled = compileContracts();
  say(`contracts ${compiled.cached ? "from cache" : "compiled"} in ${compiled.ms} ms`);
  const debugCompiled = compileDebugContracts();
  // The stream's timestamps end about now.
  const genesisTimestamp = Math.floor(Date.now() / 1000) - (STREAM_BLOCKS + 100) * BLOCK_INTERVAL;
  /** @type {Awaited<ReturnType<typeof startAnvil>> | undefined} */
  let anvil;
  for (let attempt = 0; !anvil; attempt++) {
    try {
      anvil = await startAnvil({ port: anvilPort, genesisTimestamp });
    } catch (error) {
      // a free port taken in between: try another one
      if (anvilPort || attempt >= 2) throw error;
    }
  }
  const node = anvil;
  say(`anvil on ${node.url} (pid ${node.pid})`);
  /** @type {Awaited<ReturnType<typeof startGateway>> | undefined} */
  let gateway;
  try {
    const chain = await runScenarios(node.url, compiled.artifacts, {
      log: say,
      debug: debugCompiled,
    });
    const services = {
      // Mystery stays unknown to both services
      sigdb: buildSignatureDatabase(compiled.artifacts, {
        exclude: ["Mystery"],
        extra: [{ kind: "function", signature: COLLISION.other }],
      }),
      sourcify: buildSourcifyRegistry({
        chainId: CHAIN_ID,
        compiler: compiled.compiler,
        contracts: await withCompilerOutput(node.url, chain.verified, compiled.artifacts),
        sources: compiled.sources,
      }),
      // the compiler the contracts were compiled with, laid out as the official binaries list
      solc: solcBinaries(debugCompiled.plain.compiler.version),
    };
    gateway = await startGateway({ anvilUrl: node.url, port, services });
    const g = gateway.url;
    /** @type {Manifest} */
    const manifest = {
      chainId: CHAIN_ID,
      apiKey: API_KEY,
      gatewayUrl: g,
      anvilUrl: node.url,
      endpoints: {
        rollupNitro: `${g}/${API_KEY}/rollup-nitro/`,
        rollup: `${g}/${API_KEY}/rollup/`,
        trace: `${g}/bsc-mainnet/v1/${API_KEY}`,
      },
      // Keyless nodes of the kinds people have, for `rpc=` links (gateway/routes.mjs NODE_MODES).
      nodes: {
        full: `${g}/node/full/`,
        standard: `${g}/node/standard/`,
        noJsTracers: `${g}/node/no-js-tracers/`,
      },
      readyMs: 0,
      latestBlock: chain.latestBlock,
      transactions: chain.transactions,
      blocks: chain.blocks,
      contracts: chain.contracts,
      events: chain.events,
      token: /** @type {Manifest["token"]} */ (chain.token),
      calls: chain.calls,
      insight: chain.insight,
      storage: chain.storage,
      tally: chain.tally,
      debug: chain.debug,
      variables: chain.variables,
      decoding: {
        ...chain.decoding,
        sigdb: `${g}/sigdb`,
        sourcify: `${g}/sourcify`,
        solc: `${g}/solc`,
        chainId: CHAIN_ID,
      },
    };
    manifest.readyMs = Date.now() - t0;
    gateway.setManifest(manifest);
    say(`ready in ${manifest.readyMs} ms`);
    const gw = gateway;
    let stopped = false;
    return {
      gatewayUrl: g,
      anvilUrl: node.url,
      anvilPid: node.pid,
      manifest,
      writeManifestFile(path) {
        mkdirSync(dirname(path), { recursive: true });
        const tmp = `${path}.${process.pid}.tmp`;
        writeFileSync(tmp, `${JSON.stringify(manifest, null, 2)}\n`);
        renameSync(tmp, path);
      },
      async stop() {
        if (stopped) return;
        stopped = true;
        await gw.close();
        await node.stop();
      },
    };
  } catch (error) {
    await gateway?.close();
    await node.stop();
    throw error;
  }
}
