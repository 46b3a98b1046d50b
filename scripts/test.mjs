#!/usr/bin/env node
/**
 * `npm test`: the checks, then the tests, each pair side by side.
 *
 *   1. typecheck and lint (ESLint runs on one core; the type checker and Prettier use both);
 *   2. the unit tests and the end-to-end tests (`npm run test:unit`, `npm run test:e2e`).
 *
 * Run one after the other, the end-to-end run left a quarter of this 2-core machine idle (its
 * tests wait on the devnet, the page's timers and Playwright's polling); beside it the unit tests
 * fill that time: the same commit, unit + e2e back to back ~665 s, side by side 548 s with the CPU
 * 99 % busy (docs/testing.md, round five). Each one's output is printed as it comes, every line
 * prefixed with its name; the run fails when any of them fails, after all of them have finished
 * (a failure in one does not hide the other's). `npm run test:unit` and `npm run test:e2e` still
 * run one half alone.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const running = new Set();

/**
 * Runs `argv`, every line of its output prefixed with `label` and written to `out`/`err`
 * (default: this process's); resolves to its exit code.
 */
export function runPrefixed(argv, label, out = process.stdout, err = process.stderr) {
  return new Promise((resolve) => {
    const child = spawn(argv[0], argv.slice(1), {
      stdio: ["ignore", "pipe", "pipe"],
      // its own process group, so a stop reaches the browsers and servers it started
      detached: process.platform !== "win32",
      // colours as a terminal would get them (the children see a pipe)
      env: process.stdout.isTTY ? { ...process.env, FORCE_COLOR: "1" } : process.env,
    });
    running.add(child);
    const prefix = `${label.padEnd(9)}│ `;
    const closed = [child.stdout, child.stderr].map(
      (stream, k) =>
        new Promise((done) =>
          createInterface({ input: stream, crlfDelay: Infinity })
            .on("line", (line) => (k === 0 ? out : err).write(`${prefix}${line}\n`))
            .on("close", done),
        ),
    );
    child.on("error", (e) => {
      err.write(`${prefix}could not start: ${e.message}\n`);
      running.delete(child);
      resolve(1);
    });
    child.on("close", (code, signal) => {
      running.delete(child);
      // every line written before the code is known
      void Promise.all(closed).then(() => resolve(code ?? (signal ? 1 : 0)));
    });
  });
}

/** Runs `[argv, label]` pairs side by side; the labels of those that failed, in order. */
export async function runTogether(commands, out, err) {
  const codes = await Promise.all(
    commands.map(([argv, label]) => runPrefixed(argv, label, out, err)),
  );
  return commands.filter((_, i) => codes[i] !== 0).map(([, label]) => label);
}

/** `npm run <script>` for each script, side by side; the scripts that failed. */
const together = (scripts) =>
  runTogether(
    scripts.map((script) => [[npm, "run", "--silent", script], script.replace(/^test:/, "")]),
  );

function stopAll(signal) {
  for (const child of running) {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      child.kill(signal);
    }
  }
}
async function main() {
  for (const signal of ["SIGINT", "SIGTERM"])
    process.on(signal, () => {
      stopAll(signal);
      process.exit(130);
    });
  const started = Date.now();
  const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;

  const checks = await together(["typecheck", "lint"]);
  if (checks.length > 0) {
    console.error(`\nnpm test: ${checks.join(" and ")} failed (${seconds()}); no test ran.`);
    return 1;
  }
  console.log(`\nnpm test: typecheck and lint passed (${seconds()}); unit and e2e side by side\n`);
  const tests = await together(["test:unit", "test:e2e"]);
  if (tests.length > 0) {
    console.error(`\nnpm test: ${tests.join(" and ")} failed (${seconds()}).`);
    return 1;
  }
  console.log(`\nnpm test: everything passed in ${seconds()}.`);
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await main();
