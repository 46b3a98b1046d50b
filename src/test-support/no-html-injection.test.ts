/**
 * On-chain strings (revert reasons, decoded arguments, log data) reach the views; they must only
 * ever become text nodes. No source file may write HTML from a string or compile code at run time.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(__dirname, "..");
const THIS_FILE = resolve(__filename);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && path !== THIS_FILE ? [path] : [];
  });
}

/** Built from pieces so this file does not match itself. */
const FORBIDDEN: [string, RegExp][] = [
  [["dangerously", "SetInnerHTML"].join(""), new RegExp(["dangerously", "SetInnerHTML"].join(""))],
  ["innerHTML / outerHTML assignment", new RegExp(`\\.(inner|outer)HTML\\s*[+]?=`)],
  ["insertAdjacentHTML", new RegExp(["insertAdjacent", "HTML"].join(""))],
  ["document.write", new RegExp(`document\\.write(ln)?\\s*\\(`)],
  ["eval", new RegExp(`(^|[^\\w.$])eval\\s*\\(`)],
  ["new Function", new RegExp(`new\\s+Function\\s*\\(`)],
];

/**
 * The two places that compile code at run time, each for a reason no text from a page or a link
 * reaches: the compiler's Worker evaluates the solc build it was given (a JavaScript program by
 * nature; a Worker has no document), and the replay's tracer host runs only this app's own tracer
 * constants, recognised by identity (any other tracer text is refused before it).
 */
const EVALUATES_BY_DESIGN = new Set(["variables/solc.worker.ts", "replay/engine/jsHost.ts"]);
const OFF_PAGE = { test: (f: string) => EVALUATES_BY_DESIGN.has(relative(SRC, f)) };

describe("no HTML injection points in src", () => {
  const files = sources(SRC);

  it("finds the app's sources (the scan below looks at real files)", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.some((f) => f.endsWith("ErrorPanel.tsx"))).toBe(true);
  });

  it.each(FORBIDDEN)("no %s", (name, pattern) => {
    const hits = files
      .filter((f) => !(name === "new Function" && OFF_PAGE.test(f)))
      .filter((f) => pattern.test(readFileSync(f, "utf8")))
      .map((f) => relative(SRC, f));
    expect(hits).toEqual([]);
  });
});
