// The bench's processes: everything it starts (vite build and preview, the devnet, the synthetic
// server, Chromium) is bounded in time and stopped, in reverse order, on success, failure or a
// signal — a benchmark that leaks servers skews the next one.
import { spawn } from "node:child_process";
import { createServer } from "node:net";

const cleanups = [];
let cleaning = null;

/** Registers a stop step; `cleanup` runs them last-registered first. */
export function onCleanup(fn) {
  cleanups.push(fn);
}

/** Runs every stop step once (each bounded to 15 s); later calls wait for the same run. */
export async function cleanup() {
  cleaning ??= (async () => {
    while (cleanups.length) {
      const fn = cleanups.pop();
      try {
        await withTimeout(Promise.resolve().then(fn), 15_000, "cleanup step");
      } catch (e) {
        console.error(`[bench] cleanup: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  })();
  return cleaning;
}

/** On Ctrl-C or a kill: stop what was started, then exit 130. */
export function stopOnSignals() {
  for (const sig of ["SIGINT", "SIGTERM"]) {
    process.on(sig, () => {
      console.error(`[bench] ${sig}: stopping what was started`);
      void cleanup().finally(() => process.exit(130));
    });
  }
}

export function withTimeout(promise, ms, label) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${label}: no result within ${Math.round(ms / 1000)} s`)),
        ms,
      );
    }),
  ]);
}

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}

/** Runs a command to completion (bounded), output shown only on failure. */
export function run(cmd, args, { timeoutMs, env, cwd }) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      reject(
        new Error(
          `${cmd} ${args.join(" ")}: no end within ${Math.round(timeoutMs / 1000)} s\n${out.slice(-4000)}`,
        ),
      );
    }, timeoutMs);
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      if (code === 0) resolveRun(out);
      else reject(new Error(`${cmd} ${args.join(" ")} exited with ${code}\n${out.slice(-4000)}`));
    });
  });
}

/** Starts a long-running process; stopped by cleanup (its pid only). */
export function startProcess(cmd, args, { env, cwd }) {
  const child = spawn(cmd, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d) => (out = (out + d).slice(-8000)));
  child.stderr.on("data", (d) => (out = (out + d).slice(-8000)));
  onCleanup(
    () =>
      new Promise((resolveStop) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolveStop(undefined);
        const timer = setTimeout(() => {
          child.kill("SIGKILL");
          resolveStop(undefined);
        }, 5_000);
        child.once("exit", () => {
          clearTimeout(timer);
          resolveStop(undefined);
        });
        child.kill("SIGTERM");
      }),
  );
  return { child, output: () => out };
}

/** Waits until `url` answers 2xx; fails early when `proc` (the server) has exited. */
export async function waitForHttp(url, timeoutMs, proc) {
  const t0 = Date.now();
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (proc && proc.child.exitCode !== null)
      throw new Error(`the server exited early:\n${proc.output()}`);
    if (Date.now() - t0 > timeoutMs)
      throw new Error(
        `${url} did not answer within ${timeoutMs / 1000} s\n${proc?.output() ?? ""}`,
      );
    await new Promise((r) => setTimeout(r, 200));
  }
}
