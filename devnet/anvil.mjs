// Starts anvil (from the @foundry-rs/anvil npm package) on a loopback port with fixed settings.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { rpc } from "./rpc.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

export const CHAIN_ID = 31337;
export const MNEMONIC = "test test test test test test test test test test test junk";
/** Blocks whose state anvil keeps (older transactions can no longer be traced). */
export const KEPT_STATES = 256;

/** The native anvil binary (spawned directly: the npm wrapper would add a process in between). */
export function anvilBinary() {
  const arch = { x64: "amd64", arm64: "arm64" }[process.arch] ?? process.arch;
  const native = join(
    root,
    "node_modules",
    "@foundry-rs",
    `anvil-${process.platform}-${arch}`,
    "bin",
    process.platform === "win32" ? "anvil.exe" : "anvil",
  );
  if (existsSync(native)) return { command: native, args: [] };
  return {
    command: process.execPath,
    args: [join(root, "node_modules", "@foundry-rs", "anvil", "bin.mjs")],
  };
}

/** A free TCP port on 127.0.0.1 (asked of the OS, then released). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts anvil and waits (bounded) until it answers.
 * @param {{ port?: number, quiet?: boolean, genesisTimestamp?: number, readyTimeoutMs?: number }} [options]
 * @returns {Promise<{ url: string, port: number, pid: number, stop(): Promise<void>, kill(): void }>}
 */
export async function startAnvil({
  port = 0,
  quiet = true,
  genesisTimestamp,
  readyTimeoutMs = 20_000,
} = {}) {
  const chosen = port || (await freePort());
  const { command, args } = anvilBinary();
  const argv = [
    ...args,
    "--host",
    "127.0.0.1",
    "--port",
    String(chosen),
    "--chain-id",
    String(CHAIN_ID),
    "--mnemonic",
    MNEMONIC,
    "--accounts",
    "10",
    "--balance",
    "10000",
    "--gas-limit",
    "1000000000",
    "--code-size-limit",
    "100000",
    // Cancun, not Prague: Prague's block-hash history contract (EIP-2935) grows the state every
    // block, which makes anvil_mine quadratic over ~12,500 blocks.
    "--hardfork",
    "cancun",
    // Keep only the last KEPT_STATES states in memory; without it anvil persists every state and
    // mining slows down quadratically. Transactions older than that cannot be traced.
    "--prune-history",
    String(KEPT_STATES),
    "--order",
    "fifo",
    "--silent",
  ];
  if (genesisTimestamp !== undefined) argv.push("--timestamp", String(genesisTimestamp));
  const child = spawn(command, argv, { stdio: ["ignore", quiet ? "ignore" : "inherit", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
    if (!quiet) process.stderr.write(chunk);
  });
  /** @type {Promise<void>} */
  const exited = new Promise((resolve) => child.once("exit", () => resolve()));
  let gone = false;
  child.once("exit", () => (gone = true));
  const onExit = () => kill();
  process.once("exit", onExit);
  function kill() {
    if (!gone && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
  async function stop() {
    process.removeListener("exit", onExit);
    if (gone) return;
    child.kill("SIGTERM");
    const timer = setTimeout(kill, 5_000);
    await exited;
    clearTimeout(timer);
  }
  const url = `http://127.0.0.1:${chosen}`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (gone) throw new Error(`anvil exited before it answered: ${stderr.trim()}`);
    try {
      await rpc(url, "eth_chainId", [], { timeoutMs: 1_000 });
      break;
    } catch (error) {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(
          `anvil did not answer on ${url} within ${readyTimeoutMs} ms: ${String(error)} ${stderr.trim()}`,
          { cause: error },
        );
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return { url, port: chosen, pid: child.pid ?? 0, stop, kill };
}
