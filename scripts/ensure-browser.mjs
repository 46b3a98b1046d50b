#!/usr/bin/env node
// Finds, or provides, the Chromium the end-to-end tests drive, so that `npm test` works on a fresh
// machine with nothing but Node. Order: CHROMIUM_PATH; Playwright's own installed browser; a system
// Chromium/Chrome (the headless shell first); `npx playwright install chromium`; on Debian/Ubuntu as
// root, `apt-get install chromium-headless-shell` (or `chromium` where that package is unknown).
// Prints one line naming the browser and where it came from, or one message naming the command to
// run. `findBrowser` (no installs, synchronous) is what playwright.config.ts calls.
//
// The headless shell is what Playwright itself launches for headless tests: the same engine without
// the full browser's UI layers. The e2e suite ran 18–22 % faster on it than on the full Chromium
// (the same 32 tests, interleaved: 120/101 s against 102/79 s; docs/testing.md), so a Debian root
// that only has the full browser gets the shell added beside it.
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** System browsers, by absolute path and then by command name on PATH. */
export const SYSTEM_BROWSERS = [
  "/usr/bin/chromium-headless-shell",
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/snap/bin/chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
];
const SYSTEM_COMMANDS = [
  "chromium-headless-shell",
  "chromium",
  "chromium-browser",
  "google-chrome",
  "google-chrome-stable",
];

/** What a clear failure tells the user to run. */
export const MANUAL_HINT =
  "Install a Chromium and run again: `npx playwright install chromium` (where its download is reachable), " +
  "or on Debian/Ubuntu `sudo apt-get install -y chromium-headless-shell` (or `chromium`), or point CHROMIUM_PATH at a Chromium/Chrome binary.";

/**
 * @typedef {{
 *   env: Record<string, string | undefined>,
 *   isExecutable: (path: string) => boolean,
 *   playwrightPaths: () => string[],
 *   run: (command: string, args: string[], options: { timeoutMs: number, env?: Record<string, string> }) => { ok: boolean, output: string },
 *   isRoot: boolean,
 *   isDebian: boolean,
 *   log: (line: string) => void,
 * }} Host
 * @typedef {{ path: string, source: string }} Found
 */

/** @param {string} path */
function isExecutableFile(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where Playwright keeps the browsers of the installed version: the headless shell (what it
 * launches headless by default) first, then its full Chromium. Empty when playwright-core is absent.
 * @returns {string[]}
 */
function defaultPlaywrightPaths() {
  try {
    const require = createRequire(join(root, "package.json"));
    /** @type {{ chromium: { executablePath: () => string } }} */
    const core = require("playwright-core");
    const full = core.chromium.executablePath();
    // <browsers>/chromium-<rev>/chrome-linux64/chrome → <browsers>/chromium_headless_shell-<rev>/…
    const revisionDir = dirname(dirname(full));
    const rev = basename(revisionDir).replace(/^chromium-/, "");
    const shellDir = join(dirname(revisionDir), `chromium_headless_shell-${rev}`);
    const shells = [
      "chrome-headless-shell-linux64",
      "chrome-linux",
      "chrome-headless-shell-mac-arm64",
      "chrome-headless-shell-mac-x64",
    ].map((d) => join(shellDir, d, "chrome-headless-shell"));
    return [...shells, full];
  } catch {
    return [];
  }
}

/** @param {string} command @param {string[]} args @param {{ timeoutMs: number, env?: Record<string, string> }} options */
function defaultRun(command, args, { timeoutMs, env }) {
  const r = spawnSync(command, args, {
    cwd: root,
    encoding: "utf8",
    timeout: timeoutMs,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = `${r.stdout ?? ""}${r.stderr ?? ""}${r.error ? String(r.error) : ""}`;
  return { ok: r.status === 0, output };
}

/** @returns {Host} */
export function defaultHost() {
  return {
    env: process.env,
    isExecutable: isExecutableFile,
    playwrightPaths: defaultPlaywrightPaths,
    run: defaultRun,
    isRoot: typeof process.getuid === "function" && process.getuid() === 0,
    isDebian: existsSync("/etc/debian_version") && existsSync("/usr/bin/apt-get"),
    log: (line) => console.log(line),
  };
}

/**
 * The browser to use without installing anything, or null.
 * @param {Host} host
 * @returns {Found | null}
 */
export function findBrowser(host = defaultHost()) {
  const named = host.env.CHROMIUM_PATH;
  if (named) {
    if (host.isExecutable(named)) return { path: named, source: "CHROMIUM_PATH" };
    throw new Error(
      `CHROMIUM_PATH is set to ${named}, which is not an executable file. ${MANUAL_HINT}`,
    );
  }
  for (const path of host.playwrightPaths()) {
    if (host.isExecutable(path)) return { path, source: "Playwright's installed browser" };
  }
  for (const path of SYSTEM_BROWSERS) {
    if (host.isExecutable(path)) return { path, source: "system browser" };
  }
  for (const dir of (host.env.PATH ?? "").split(delimiter).filter(Boolean)) {
    for (const name of SYSTEM_COMMANDS) {
      const path = join(dir, name);
      if (host.isExecutable(path)) return { path, source: "system browser on PATH" };
    }
  }
  return null;
}

/**
 * Finds the browser, installing one when none is there; never throws for a missing browser, it
 * returns the message to show instead.
 * @param {Host} host
 * @returns {{ found: Found } | { error: string }}
 */
export function ensureBrowser(host = defaultHost()) {
  try {
    const found = findBrowser(host);
    if (found) return { found: withHeadlessShell(host, found) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  /** @type {string[]} */
  const tried = [];

  host.log("[browser] no Chromium found; trying `npx playwright install chromium`…");
  const npx = host.run("npx", ["--no-install", "playwright", "install", "chromium"], {
    timeoutMs: 300_000,
  });
  const afterNpx = findBrowser(host);
  if (afterNpx)
    return {
      found: {
        ...afterNpx,
        source: `${afterNpx.source}, just installed by npx playwright install`,
      },
    };
  tried.push(`npx playwright install chromium: ${lastLine(npx.output) || "failed"}`);

  if (host.isDebian && host.isRoot) {
    for (const pkg of [HEADLESS_SHELL_PACKAGE, "chromium"]) {
      const apt = aptInstall(host, pkg);
      const afterApt = findBrowser(host);
      if (afterApt)
        return { found: { ...afterApt, source: `${afterApt.source}, just installed by apt-get` } };
      tried.push(`apt-get install ${pkg}: ${lastLine(apt.output) || "failed"}`);
    }
  } else if (host.isDebian) {
    tried.push("apt-get: not run (needs root)");
  }

  return {
    error: `No Chromium for the end-to-end tests, and none could be installed.\n  ${tried.join("\n  ")}\n${MANUAL_HINT}`,
  };
}

/** Debian's package of the headless shell (bookworm and later). */
const HEADLESS_SHELL_PACKAGE = "chromium-headless-shell";

/** @param {string} path */
const isHeadlessShell = (path) => /headless[-_]shell/.test(basename(path));

/**
 * A system's full Chromium on Debian as root: adds the headless shell beside it and uses that (the
 * lighter browser, see the top of this file); keeps the full one when the install fails. A browser
 * the user named (CHROMIUM_PATH) or Playwright's own is used as it is.
 * @param {Host} host @param {Found} found
 * @returns {Found}
 */
function withHeadlessShell(host, found) {
  if (!found.source.startsWith("system") || isHeadlessShell(found.path)) return found;
  if (!host.isDebian || !host.isRoot) return found;
  host.log(`[browser] adding the headless shell beside ${found.path} (apt-get)…`);
  const apt = aptInstall(host, HEADLESS_SHELL_PACKAGE);
  const after = findBrowser(host);
  if (after && isHeadlessShell(after.path))
    return { ...after, source: `${after.source}, just installed by apt-get` };
  host.log(
    `[browser] no headless shell (${lastLine(apt.output) || "apt-get failed"}); using ${found.path}`,
  );
  return found;
}

/**
 * `apt-get install` of one package; once more after `apt-get update` when the first try fails
 * (an image without package lists).
 * @param {Host} host @param {string} pkg
 */
function aptInstall(host, pkg) {
  const env = { DEBIAN_FRONTEND: "noninteractive" };
  const args = ["install", "-y", "--no-install-recommends", pkg];
  host.log(`[browser] trying \`apt-get install -y ${pkg}\`…`);
  const apt = host.run("apt-get", args, { timeoutMs: 600_000, env });
  if (apt.ok) return apt;
  host.log(`[browser] \`apt-get update\`, then \`apt-get install -y ${pkg}\` again…`);
  const update = host.run("apt-get", ["update"], { timeoutMs: 300_000, env });
  return update.ok ? host.run("apt-get", args, { timeoutMs: 600_000, env }) : update;
}

/** @param {string} text */
function lastLine(text) {
  const lines = text
    .trim()
    .split("\n")
    .filter((l) => l.trim() !== "");
  return (lines.at(-1) ?? "").trim().slice(0, 300);
}

/**
 * The one line the e2e run prints about its browser.
 * @param {Found} found @param {string} [version] what the binary says of itself
 */
export function describe(found, version = "") {
  const v = version.trim().split("\n")[0]?.trim();
  return `[browser] e2e uses ${found.path}${v ? ` (${v})` : ""}: ${found.source}`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = ensureBrowser();
  if ("error" in result) {
    console.error(`[browser] ${result.error}`);
    process.exit(1);
  }
  const version = defaultRun(result.found.path, ["--version"], { timeoutMs: 15_000 });
  console.log(describe(result.found, version.ok ? version.output : ""));
}
