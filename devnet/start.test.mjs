// `node devnet/start.mjs --no-app` prints its URLs, answers, and leaves no process behind on SIGINT.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "nodescope-devnet-"));
/** @type {import("node:child_process").ChildProcess | undefined} */
let child;

afterAll(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/** @param {number} pid */
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it("starts, answers, writes the manifest and stops everything on SIGINT", async () => {
  const file = join(dir, "devnet.json");
  const proc = spawn(process.execPath, [join(here, "start.mjs"), "--no-app"], {
    cwd: join(here, ".."),
    env: { ...process.env, NODESCOPE_DEVNET_FILE: file, CI: "true" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child = proc;
  let out = "";
  proc.stderr?.on("data", (c) => (out += c));
  /** @type {{ gateway: string, anvil: string, pid: number }} */
  const urls = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URLs within 90 s:\n${out}`)), 90_000);
    proc.stdout?.on("data", (c) => {
      out += c;
      const gateway = /gateway: +(http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      const anvil = /anvil: +(http:\/\/127\.0\.0\.1:\d+) \(pid (\d+)\)/.exec(out);
      if (gateway && anvil && /ready in \d+ ms/.test(out)) {
        clearTimeout(timer);
        resolve({ gateway, anvil: /** @type {string} */ (anvil[1]), pid: Number(anvil[2]) });
      }
    });
    proc.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`exited early (${code}):\n${out}`));
    });
  });
  expect(alive(urls.pid)).toBe(true);
  const res = await fetch(`${urls.gateway}/nodescope-demo/rollup-nitro/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
    signal: AbortSignal.timeout(10_000),
  });
  expect(await res.json()).toEqual({ jsonrpc: "2.0", id: 1, result: "0x7a69" });
  const manifest = JSON.parse(readFileSync(file, "utf8"));
  expect(manifest.gatewayUrl).toBe(urls.gateway);
  expect(manifest.anvilUrl).toBe(urls.anvil);

  const exited = new Promise((resolve) =>
    proc.once("exit", (code, signal) => resolve({ code, signal })),
  );
  proc.kill("SIGINT");
  const result = await Promise.race([
    exited,
    new Promise((r) => setTimeout(() => r("timeout"), 15_000)),
  ]);
  expect(result).toEqual({ code: 0, signal: null });
  // anvil is gone too (bounded wait for the kernel to reap it)
  for (let i = 0; i < 50 && alive(urls.pid); i++) await new Promise((r) => setTimeout(r, 100));
  expect(alive(urls.pid)).toBe(false);
  await expect(
    fetch(urls.anvil, { method: "POST", body: "{}", signal: AbortSignal.timeout(2_000) }),
  ).rejects.toThrow();
}, 120_000);
