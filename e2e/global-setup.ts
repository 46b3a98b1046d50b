import { spawn, spawnSync } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startDevnet } from "../devnet/index.mjs";
import { resetLocks } from "./chainLock";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
// NODESCOPE_E2E_TAG lets two runs share a checkout (own manifest, process file and build dir).
const tag = process.env.NODESCOPE_E2E_TAG ?? "";
export const E2E_MANIFEST = resolve(root, `.devnet/e2e-devnet${tag}.json`);
export const E2E_PROCESSES = resolve(root, `.devnet/e2e-processes${tag}.json`);
const distDir = `dist${tag}`;
const viteBin = join(root, "node_modules", "vite", "bin", "vite.js");

/** Newest modification time under a path (files and folders), 0 when it does not exist. */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let t = st.mtimeMs;
  for (const entry of readdirSync(path)) t = Math.max(t, newest(join(path, entry)));
  return t;
}

/** Builds dist/ when it is missing or older than its sources (NODESCOPE_E2E_BUILD=0 skips, =1 forces). */
function buildIfStale(): void {
  const flag = process.env.NODESCOPE_E2E_BUILD;
  if (flag === "0") return;
  const built = newest(join(root, distDir, "index.html"));
  const sources = Math.max(
    ...["src", "public", "index.html", "vite.config.ts", "package.json"].map((p) =>
      newest(join(root, p)),
    ),
  );
  if (flag !== "1" && built > 0 && built >= sources) return;
  console.log("[e2e] building the app (vite build)…");
  const r = spawnSync(
    process.execPath,
    [viteBin, "build", "--logLevel", "warn", "--outDir", distDir],
    {
      cwd: root,
      stdio: "inherit",
      timeout: 300_000,
    },
  );
  if (r.status !== 0) throw new Error(`vite build failed (${r.status ?? r.signal})`);
}

/** Kills a detached child's process group. */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

/**
 * Waits until our preview serves `url`, the devnet manifest, naming our own gateway: a server of
 * another run that took the same port in the meantime (two runs probing one free port at once)
 * answers too, and testing against it would fail once that run stops.
 */
async function waitForHttp(
  url: string,
  child: ChildProcess,
  timeoutMs: number,
  output: () => string,
  ours: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`vite preview exited (${child.exitCode}):\n${output()}`);
    let body: string | null = null;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) body = await res.text();
    } catch {
      // not up yet
    }
    if (body !== null && body.includes(ours)) return;
    if (body !== null)
      throw new Error(
        `${url} is served by another run's preview (its devnet is not ours): set NODESCOPE_E2E_PORT to a free port, or wait for that run.\n${output()}`,
      );
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`vite preview did not answer ${url} within ${timeoutMs} ms:\n${output()}`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.NODESCOPE_E2E_PORT ?? 4317);
  buildIfStale();

  const devnet = await startDevnet({ quiet: true });
  console.log(
    `[e2e] devnet ready in ${devnet.manifest.readyMs} ms: gateway ${devnet.gatewayUrl}, anvil ${devnet.anvilUrl}`,
  );
  mkdirSync(dirname(E2E_MANIFEST), { recursive: true });
  devnet.writeManifestFile(E2E_MANIFEST);
  resetLocks(E2E_MANIFEST);

  let output = "";
  const preview = spawn(
    process.execPath,
    [
      viteBin,
      "preview",
      "--host",
      "127.0.0.1",
      "--port",
      String(port),
      "--strictPort",
      "--outDir",
      distDir,
    ],
    {
      cwd: root,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NODESCOPE_DEVNET_FILE: E2E_MANIFEST },
    },
  );
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  preview.stdout?.on("data", collect);
  preview.stderr?.on("data", collect);
  const killPreview = () => killGroup(preview, "SIGKILL");
  process.once("exit", killPreview);
  writeFileSync(E2E_PROCESSES, JSON.stringify({ preview: preview.pid, anvil: devnet.anvilPid }));

  try {
    await waitForHttp(
      `http://127.0.0.1:${port}/devnet.json`,
      preview,
      30_000,
      () => output,
      devnet.gatewayUrl,
    );
  } catch (error) {
    killPreview();
    await devnet.stop();
    throw error;
  }
  console.log(`[e2e] app on http://127.0.0.1:${port}`);

  return async () => {
    process.removeListener("exit", killPreview);
    if (preview.exitCode === null && preview.signalCode === null) {
      const exited = new Promise((r) => preview.once("exit", r));
      killGroup(preview, "SIGTERM");
      const force = setTimeout(() => killGroup(preview, "SIGKILL"), 5_000);
      await exited;
      clearTimeout(force);
    }
    await devnet.stop();
    rmSync(E2E_PROCESSES, { force: true });
  };
}
