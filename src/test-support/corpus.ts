/**
 * Test-only helpers for the conformance corpus: real node output kept outside the project in
 * `../shared/conformance` (relative to the project root, i.e. the directory vitest runs in).
 * Set NODESCOPE_CONFORMANCE_DIR to read it from elsewhere.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { basename, join, resolve } from "node:path";

export function corpusPath(): string {
  return process.env.NODESCOPE_CONFORMANCE_DIR ?? resolve(process.cwd(), "../shared/conformance");
}

/** The corpus directory, or null when it is absent. */
export function corpusDir(): string | null {
  const dir = corpusPath();
  return existsSync(dir) && statSync(dir).isDirectory() ? dir : null;
}

/**
 * The corpus directory (or a sub-directory of it) for a test file to use with
 * `describe.skipIf(dir === null)`. When absent: on CI (`CI=true`) it throws, so the test file
 * fails instead of silently skipping; locally it logs why the tests are skipped and returns null.
 */
export function requireCorpus(sub = ""): string | null {
  const root = corpusDir();
  const dir = root === null ? null : join(root, sub);
  if (dir !== null && existsSync(dir)) return dir;
  const wanted = join(corpusPath(), sub);
  if (process.env.CI === "true") {
    throw new Error(
      `conformance corpus missing at ${wanted}: CI must run the conformance tests, not skip them`,
    );
  }
  console.warn(
    `conformance tests skipped: ../shared/conformance is missing (looked for ${wanted})`,
  );
  return null;
}

/** One request/response exchange. */
export interface IoExchange {
  request: unknown;
  response: unknown;
}

/** One execution-apis `.io` file. */
export interface IoCase {
  /** File name without `.io`. */
  name: string;
  /** The `//` comment lines, without the `//` and surrounding spaces. */
  comments: string[];
  /** The first request and its response (undefined for a file without one: some are empty). */
  request: unknown;
  response: unknown;
  /** Every exchange in order (a few files hold more than one, e.g. estimate-with-eip7702). */
  exchanges: IoExchange[];
  /** True when a comment says `speconly:` (clients only check the response's shape). */
  specOnly: boolean;
}

/** Parses an `.io` file: `//` comments, `>> {json}` request, `<< {json}` response. Throws on malformed lines. */
export function parseIoFile(text: string, name: string): IoCase {
  const comments: string[] = [];
  const exchanges: IoExchange[] = [];
  let request: unknown = undefined;
  let pending = false;
  text.split(/\r?\n/).forEach((rawLine, i) => {
    const line = rawLine.trim();
    if (line === "") return;
    if (line.startsWith("//")) {
      comments.push(line.slice(2).trim());
    } else if (line.startsWith(">>")) {
      if (pending)
        throw new Error(`${name}.io line ${i + 1}: request without a response before it`);
      request = JSON.parse(line.slice(2));
      pending = true;
    } else if (line.startsWith("<<")) {
      if (!pending) throw new Error(`${name}.io line ${i + 1}: response without a request`);
      exchanges.push({ request, response: JSON.parse(line.slice(2)) });
      pending = false;
    } else {
      throw new Error(
        `${name}.io line ${i + 1}: unexpected line ${JSON.stringify(line.slice(0, 40))}`,
      );
    }
  });
  if (pending) throw new Error(`${name}.io: request without a response`);
  const first = exchanges[0];
  return {
    name,
    comments,
    request: first?.request,
    response: first?.response,
    exchanges,
    specOnly: comments.some((c) => c.startsWith("speconly:")),
  };
}

/** Every case of one execution-apis method folder, e.g. `readIoCases(dir, "eth_getLogs")`. */
export function readIoCases(corpus: string, method: string): IoCase[] {
  const dir = join(corpus, "execution-apis", method);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".io"))
    .sort()
    .map((f) => parseIoFile(readFileSync(join(dir, f), "utf8"), basename(f, ".io")));
}

export interface CallTracerCase {
  suite: string;
  name: string;
  /** The whole fixture: genesis, context, input, tracerConfig, result. */
  fixture: Record<string, unknown>;
  /** What debug_traceTransaction with callTracer returned. */
  result: unknown;
}

export const CALL_TRACER_SUITES = [
  "call_tracer",
  "call_tracer_withLog",
  "call_tracer_legacy",
] as const;

/** Every fixture of one geth-call-tracer suite. */
export function readCallTracerCases(corpus: string, suite: string): CallTracerCase[] {
  const dir = join(corpus, "geth-call-tracer", suite);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => {
      const fixture = JSON.parse(readFileSync(join(dir, f), "utf8")) as Record<string, unknown>;
      return { suite, name: basename(f, ".json"), fixture, result: fixture.result };
    });
}

/** Every frame of a callTracer result, depth-first in order, with its depth (top frame 0). */
export function walkFrames(result: unknown): { frame: Record<string, unknown>; depth: number }[] {
  const out: { frame: Record<string, unknown>; depth: number }[] = [];
  const visit = (node: unknown, depth: number) => {
    if (typeof node !== "object" || node === null || Array.isArray(node)) return;
    const frame = node as Record<string, unknown>;
    out.push({ frame, depth });
    if (Array.isArray(frame.calls)) for (const c of frame.calls) visit(c, depth + 1);
  };
  visit(result, 0);
  return out;
}
