#!/usr/bin/env node
// `npm start`: devnet (anvil + scenarios + gateway) and the Vite dev server. `--no-app`: devnet only.
// Opens the app in the desktop browser when there is one (`--no-open` to skip; never under CI=true). `--port N`: the gateway's port.
// Ctrl-C (SIGINT/SIGTERM) stops every child process.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startDevnet } from "./index.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const flag = (/** @type {string} */ name) => args.includes(name);
/** @param {string} name */
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
if (flag("--help") || flag("-h")) {
  console.log(
    "usage: node devnet/start.mjs [--no-app] [--no-open] [--port N] [--anvil-port N] [--app-port N] [--verbose]",
  );
  process.exit(0);
}
const withApp = !flag("--no-app");
const devnetDir = resolve(root, ".devnet");
// `.devnet/devnet.json` is the newest devnet, for a bare `npm run dev`; the app this process starts
// reads a file of its own, so a second `npm start` in the same checkout never repoints the first.
const sharedManifest = process.env.NODESCOPE_DEVNET_FILE ?? resolve(devnetDir, "devnet.json");
const ownManifest =
  process.env.NODESCOPE_DEVNET_FILE ?? resolve(devnetDir, `devnet-${process.pid}.json`);
removeStaleManifests();
const t0 = Date.now();

/** @type {Set<import("node:child_process").ChildProcess>} */
const children = new Set();
/** @type {Awaited<ReturnType<typeof startDevnet>> | undefined} */
let devnet;
let stopping = false;

/** Kills a child's whole process group (it was spawned detached, as a group leader). @param {import("node:child_process").ChildProcess} child @param {NodeJS.Signals} signal */
function killGroup(child, signal) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

/** @param {number} code */
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  const waits = [...children].map(
    (child) =>
      new Promise((resolveExit) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolveExit(undefined);
        child.once("exit", resolveExit);
        killGroup(child, "SIGTERM");
      }),
  );
  const force = setTimeout(() => {
    for (const child of children) killGroup(child, "SIGKILL");
  }, 3_000);
  await Promise.all(waits);
  clearTimeout(force);
  await devnet?.stop().catch(() => {});
  if (ownManifest !== sharedManifest) rmSync(ownManifest, { force: true });
  process.exit(code);
}

process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));
process.on("exit", () => {
  for (const child of children) killGroup(child, "SIGKILL");
});

try {
  const port = Number(option("--port") ?? process.env.NODESCOPE_GATEWAY_PORT ?? 0);
  const anvilPort = Number(option("--anvil-port") ?? 0);
  devnet = await startDevnet({ port, anvilPort, quiet: !flag("--verbose") });
} catch (error) {
  console.error(`devnet failed to start: ${error instanceof Error ? error.stack : String(error)}`);
  await shutdown(1);
}
if (!devnet) process.exit(1);
devnet.writeManifestFile(sharedManifest);
if (ownManifest !== sharedManifest) devnet.writeManifestFile(ownManifest);
const m = devnet.manifest;
console.log(
  `Nodescope devnet ready in ${m.readyMs} ms (chain ${m.chainId}, ${m.latestBlock} blocks, ${m.token.logCount} token logs)`,
);
console.log(`  gateway:       ${devnet.gatewayUrl}`);
console.log(`  anvil:         ${devnet.anvilUrl} (pid ${devnet.anvilPid})`);
console.log(`  rollup-nitro:  ${m.endpoints.rollupNitro}`);
console.log(`  rollup:        ${m.endpoints.rollup}`);
console.log(`  trace:         ${m.endpoints.trace}`);
console.log(`  API key:       ${m.apiKey}`);
console.log(
  `  standard node: ${m.nodes.standard} (no debug_, trace_, ots_; open the app with rpc=<this>)`,
);
console.log(`  no JS tracers: ${m.nodes.noJsTracers} (callTracer and prestateTracer only)`);
console.log(`  signature db:  ${m.decoding.sigdb}`);
console.log(`  sourcify:      ${m.decoding.sourcify}`);
console.log(`  manifest:      ${sharedManifest} (and ${devnet.gatewayUrl}/manifest.json)`);
console.log(`  request log:   ${devnet.gatewayUrl}/__log`);

if (withApp) {
  const appPort = option("--app-port");
  const viteBin = join(root, "node_modules", "vite", "bin", "vite.js");
  const viteArgs = [
    existsSync(viteBin) ? viteBin : join(root, "node_modules", ".bin", "vite"),
    "--host",
    "127.0.0.1",
    ...(appPort ? ["--port", appPort, "--strictPort"] : []),
  ];
  const vite = spawn(process.execPath, viteArgs, {
    cwd: root,
    detached: true,
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, NODESCOPE_DEVNET_FILE: ownManifest },
  });
  children.add(vite);
  vite.once("exit", (code) => {
    children.delete(vite);
    if (!stopping) {
      console.error(`vite exited (${code}); stopping the devnet`);
      void shutdown(1);
    }
  });
  let announced = false;
  vite.stdout?.on("data", (/** @type {Buffer} */ chunk) => {
    const text = chunk.toString();
    process.stdout.write(text);
    const url = /(http:\/\/127\.0\.0\.1:\d+\/?)/.exec(
      text.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), ""),
    )?.[1];
    if (url && !announced) {
      announced = true;
      console.log(`Nodescope app: ${url} (ready ${Date.now() - t0} ms after start)`);
      if (!flag("--no-open")) openBrowser(url);
    }
  });
} else {
  console.log(`Devnet only (--no-app). Ctrl-C stops it.`);
}

/** Removes the per-process manifests of `npm start`s that are no longer running (killed hard). */
function removeStaleManifests() {
  if (!existsSync(devnetDir)) return;
  for (const name of readdirSync(devnetDir)) {
    const pid = /^devnet-(\d+)\.json$/.exec(name)?.[1];
    if (!pid || Number(pid) === process.pid) continue;
    try {
      process.kill(Number(pid), 0);
    } catch {
      rmSync(join(devnetDir, name), { force: true });
    }
  }
}

/** Opens a URL in the desktop browser when one exists; never under CI. @param {string} url */
function openBrowser(url) {
  if (process.env.CI === "true" || process.env.CI === "1") return;
  const opener =
    process.platform === "darwin" ? "open" : process.platform === "win32" ? "explorer" : "xdg-open";
  const found =
    process.platform === "win32" ||
    spawnSync("sh", ["-c", `command -v ${opener}`], { stdio: "ignore" }).status === 0;
  if (!found) {
    console.log(`(no browser opener found; open ${url} yourself)`);
    return;
  }
  try {
    const child = spawn(opener, [url], { detached: true, stdio: "ignore" });
    child.on("error", () => {});
    child.unref();
  } catch {
    // no browser: fine
  }
}
