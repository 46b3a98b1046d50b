import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { describe as describeFound, ensureBrowser, findBrowser } from "./ensure-browser.mjs";

/**
 * A host where `present` are the executable files; `installs` maps a command to the files it
 * makes appear when it succeeds. Records every command run.
 * @param {{ env?: Record<string, string>, present?: string[], playwright?: string[], installs?: Record<string, string[]>, failing?: string[], isRoot?: boolean, isDebian?: boolean }} spec
 */
function fakeHost({
  env = {},
  present = [],
  playwright = ["/pw/chromium_headless_shell-1/chrome-headless-shell", "/pw/chromium-1/chrome"],
  installs = {},
  failing = [],
  isRoot = true,
  isDebian = true,
}) {
  const files = new Set(present);
  /** @type {string[]} */
  const ran = [];
  /** @type {string[]} */
  const logged = [];
  return {
    ran,
    logged,
    host: {
      env,
      isExecutable: (/** @type {string} */ p) => files.has(p),
      playwrightPaths: () => playwright,
      run: (/** @type {string} */ command, /** @type {string[]} */ args) => {
        const line = [command, ...args].join(" ");
        ran.push(line);
        const key = Object.keys(installs).find((k) => line.includes(k));
        if (failing.some((f) => line.includes(f)) || !key) {
          return { ok: false, output: `E: ${line} failed\n` };
        }
        for (const f of installs[key] ?? []) files.add(f);
        return { ok: true, output: "done\n" };
      },
      isRoot,
      isDebian,
      log: (/** @type {string} */ l) => logged.push(l),
    },
  };
}

const APT = "-y --no-install-recommends";
const SHELL = "/usr/bin/chromium-headless-shell";

describe("findBrowser", () => {
  it("prefers CHROMIUM_PATH over everything else", () => {
    const { host } = fakeHost({
      env: { CHROMIUM_PATH: "/opt/my/chrome" },
      present: ["/opt/my/chrome", "/usr/bin/chromium", "/pw/chromium-1/chrome"],
    });
    expect(findBrowser(host)).toEqual({ path: "/opt/my/chrome", source: "CHROMIUM_PATH" });
  });

  it("refuses a CHROMIUM_PATH that is not there, naming it", () => {
    const { host } = fakeHost({
      env: { CHROMIUM_PATH: "/nope/chrome" },
      present: ["/usr/bin/chromium"],
    });
    expect(() => findBrowser(host)).toThrow(/CHROMIUM_PATH is set to \/nope\/chrome/);
  });

  it("then Playwright's own browser, the headless shell first", () => {
    const { host } = fakeHost({
      present: [
        "/pw/chromium_headless_shell-1/chrome-headless-shell",
        "/pw/chromium-1/chrome",
        "/usr/bin/chromium",
      ],
    });
    expect(findBrowser(host)?.path).toBe("/pw/chromium_headless_shell-1/chrome-headless-shell");
  });

  it("then a system Chromium or Chrome, by path or on PATH", () => {
    expect(findBrowser(fakeHost({ present: ["/usr/bin/google-chrome"] }).host)).toEqual({
      path: "/usr/bin/google-chrome",
      source: "system browser",
    });
    const onPath = fakeHost({ env: { PATH: "/a:/b" }, present: ["/b/chromium-browser"] }).host;
    expect(findBrowser(onPath)?.path).toBe("/b/chromium-browser");
  });

  it("finds nothing on a bare machine", () => {
    expect(findBrowser(fakeHost({}).host)).toBeNull();
  });
});

describe("ensureBrowser", () => {
  it("installs nothing when the headless shell is there", () => {
    const f = fakeHost({ present: ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"] });
    expect(ensureBrowser(f.host)).toEqual({
      found: { path: "/usr/bin/chromium-headless-shell", source: "system browser" },
    });
    expect(f.ran).toEqual([]);
  });

  it("adds the headless shell beside a full system Chromium (Debian, root) and uses it", () => {
    const f = fakeHost({
      present: ["/usr/bin/chromium"],
      installs: { [`apt-get install ${APT} chromium-headless-shell`]: [SHELL] },
    });
    expect(ensureBrowser(f.host)).toEqual({
      found: { path: SHELL, source: "system browser, just installed by apt-get" },
    });
    expect(f.ran).toEqual([`apt-get install ${APT} chromium-headless-shell`]);
  });

  it("keeps the full Chromium when the shell cannot be installed, and says so", () => {
    const f = fakeHost({ present: ["/usr/bin/chromium"] });
    expect(ensureBrowser(f.host)).toEqual({
      found: { path: "/usr/bin/chromium", source: "system browser" },
    });
    expect(f.ran).toEqual([`apt-get install ${APT} chromium-headless-shell`, "apt-get update"]);
    expect(f.logged.at(-1)).toMatch(/no headless shell .*using \/usr\/bin\/chromium/);
  });

  it("leaves a full Chromium alone without root, and a named or Playwright browser always", () => {
    const noRoot = fakeHost({ present: ["/usr/bin/chromium"], isRoot: false });
    expect(ensureBrowser(noRoot.host)).toMatchObject({ found: { path: "/usr/bin/chromium" } });
    const named = fakeHost({ env: { CHROMIUM_PATH: "/opt/chrome" }, present: ["/opt/chrome"] });
    expect(ensureBrowser(named.host)).toMatchObject({ found: { path: "/opt/chrome" } });
    const pw = fakeHost({ present: ["/pw/chromium-1/chrome"] });
    expect(ensureBrowser(pw.host)).toMatchObject({ found: { path: "/pw/chromium-1/chrome" } });
    expect([...noRoot.ran, ...named.ran, ...pw.ran]).toEqual([]);
  });

  it("uses Playwright's download where it works, and stops there", () => {
    const f = fakeHost({ installs: { "playwright install chromium": ["/pw/chromium-1/chrome"] } });
    const result = ensureBrowser(f.host);
    expect(result).toEqual({
      found: {
        path: "/pw/chromium-1/chrome",
        source: expect.stringMatching(/Playwright.*installed by npx playwright install/),
      },
    });
    expect(f.ran).toEqual(["npx --no-install playwright install chromium"]);
  });

  it("falls back to apt-get's headless shell as root on Debian when the download fails", () => {
    const f = fakeHost({
      installs: { [`apt-get install ${APT} chromium-headless-shell`]: [SHELL] },
    });
    expect(ensureBrowser(f.host)).toEqual({
      found: { path: SHELL, source: "system browser, just installed by apt-get" },
    });
    expect(f.ran).toEqual([
      "npx --no-install playwright install chromium",
      `apt-get install ${APT} chromium-headless-shell`,
    ]);
  });

  it("runs apt-get update first when the package is unknown", () => {
    /** @type {string[]} */
    let updated = [];
    const f = fakeHost({ installs: { "apt-get update": [] } });
    const run = f.host.run;
    f.host.run = (command, args, options) => {
      const line = [command, ...args].join(" ");
      if (line.startsWith("apt-get install") && updated.length > 0) {
        f.ran.push(line);
        f.host.isExecutable = (p) => p === SHELL;
        return { ok: true, output: "" };
      }
      if (line === "apt-get update") updated = [line];
      return run(command, args, options);
    };
    expect(ensureBrowser(f.host)).toMatchObject({ found: { path: SHELL } });
    expect(f.ran).toEqual([
      "npx --no-install playwright install chromium",
      `apt-get install ${APT} chromium-headless-shell`,
      "apt-get update",
      `apt-get install ${APT} chromium-headless-shell`,
    ]);
  });

  it("installs the full Chromium where the headless shell's package is unknown", () => {
    const f = fakeHost({
      installs: {
        "apt-get update": [],
        [`apt-get install ${APT} chromium`]: ["/usr/bin/chromium"],
      },
      failing: ["chromium-headless-shell"],
    });
    expect(ensureBrowser(f.host)).toMatchObject({ found: { path: "/usr/bin/chromium" } });
    expect(f.ran).toEqual([
      "npx --no-install playwright install chromium",
      `apt-get install ${APT} chromium-headless-shell`,
      "apt-get update",
      `apt-get install ${APT} chromium-headless-shell`,
      `apt-get install ${APT} chromium`,
    ]);
  });

  it("gives one message naming the command to run when nothing works", () => {
    const f = fakeHost({ isRoot: false });
    const result = ensureBrowser(f.host);
    expect(result).toHaveProperty("error");
    const error = "error" in result ? result.error : "";
    expect(error).toMatch(/npx playwright install chromium/);
    expect(error).toMatch(/apt-get install -y chromium/);
    expect(error).toMatch(/needs root/);
    expect(f.ran).toEqual(["npx --no-install playwright install chromium"]);
  });

  it("says which browser it uses", () => {
    expect(
      describeFound({ path: "/usr/bin/chromium", source: "system browser" }, "Chromium 150.0\n"),
    ).toBe("[browser] e2e uses /usr/bin/chromium (Chromium 150.0): system browser");
  });
});

describe("the script", () => {
  const dir = mkdtempSync(join(tmpdir(), "ensure-browser-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const script = join(dirname(fileURLToPath(import.meta.url)), "ensure-browser.mjs");

  it("prints the browser it found, with its version", () => {
    const fake = join(dir, "fake-chrome");
    writeFileSync(fake, "#!/bin/sh\necho 'Fake Chromium 1.2.3'\n");
    chmodSync(fake, 0o755);
    const r = spawnSync(process.execPath, [script], {
      env: { ...process.env, CHROMIUM_PATH: fake },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe(`[browser] e2e uses ${fake} (Fake Chromium 1.2.3): CHROMIUM_PATH`);
  });

  it("exits non-zero with one clear line for a wrong CHROMIUM_PATH", () => {
    const r = spawnSync(process.execPath, [script], {
      env: { ...process.env, CHROMIUM_PATH: join(dir, "missing") },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/CHROMIUM_PATH is set to .*missing, which is not an executable file/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
