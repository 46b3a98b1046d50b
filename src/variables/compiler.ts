/**
 * The compiler on demand: a verified contract compiled again, in the browser, for its AST (the
 * Variables' names, types and scopes). The exact solc build is found in the binaries list at the
 * `solc` base (`list.json`: `builds[].path`, `longVersion`), fetched once and kept in IndexedDB by
 * base and version (database "nodescope-solc"; a memory copy where IndexedDB refuses), and run in a Worker
 * on the contract's sources and settings, asking only for the AST. No React.
 */
import { createStore, get, set, type UseStore } from "idb-keyval";
import { z } from "../platform/zod";
import type { FromSolc, ToSolc } from "./solc.worker";

export type CompileStage =
  | { stage: "list" }
  | { stage: "download"; received: number; total: number | null }
  | { stage: "compile" };

export class CompilerUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CompilerUnavailableError";
  }
}

export class CompileFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CompileFailedError";
  }
}

const listSchema = z.looseObject({
  builds: z.array(z.looseObject({ path: z.string(), longVersion: z.string() })),
});

/** `v0.8.37+commit.f401782d` or `0.8.37+commit.f401782d` → the list's longVersion. */
export function longVersionOf(compilerVersion: string): string {
  return compilerVersion.trim().replace(/^v/, "");
}

/** The build's file in the list, or null when the list has no such version. */
export function buildPath(list: unknown, longVersion: string): string | null {
  const parsed = listSchema.safeParse(list);
  if (!parsed.success) throw new CompilerUnavailableError("the binaries list is not one");
  return parsed.data.builds.find((b) => b.longVersion === longVersion)?.path ?? null;
}

let store: UseStore | null = null;
const memory = new Map<string, string>();
function soljsonStore(): UseStore | null {
  if (store) return store;
  try {
    store = createStore("nodescope-solc", "soljson");
  } catch {
    store = null;
  }
  return store;
}

async function cached(key: string): Promise<string | null> {
  const hit = memory.get(key);
  if (hit) return hit;
  const s = soljsonStore();
  if (!s) return null;
  try {
    const v: unknown = await get(key, s);
    return typeof v === "string" ? v : null;
  } catch {
    return null;
  }
}

async function keep(key: string, text: string): Promise<void> {
  memory.set(key, text);
  const s = soljsonStore();
  if (!s) return;
  try {
    await set(key, text, s);
  } catch {
    // a build that cannot be kept is fetched again next time
  }
}

const trim = (base: string) => base.replace(/\/+$/, "");

async function download(
  base: string,
  longVersion: string,
  progress: (s: CompileStage) => void,
  signal?: AbortSignal,
): Promise<string> {
  progress({ stage: "list" });
  const listUrl = `${trim(base)}/list.json`;
  let res = await fetch(listUrl, { signal });
  if (!res.ok)
    throw new CompilerUnavailableError(
      `${new URL(listUrl).host} answered HTTP ${res.status} for its list.json`,
    );
  const path = buildPath(await res.json(), longVersion);
  if (!path)
    throw new CompilerUnavailableError(
      `the binaries list at ${new URL(listUrl).host} has no solc ${longVersion}`,
    );
  const url = `${trim(base)}/${path}`;
  res = await fetch(url, { signal });
  if (!res.ok || !res.body)
    throw new CompilerUnavailableError(
      `${new URL(url).host} answered HTTP ${res.status} for ${path}`,
    );
  const length = Number(res.headers.get("Content-Length"));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    progress({ stage: "download", received, total });
  }
  const all = new Uint8Array(received);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  return new TextDecoder().decode(all);
}

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, (m: FromSolc) => void>();

function solcWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL("./solc.worker.ts", import.meta.url), { type: "module" });
  w.onmessage = (e: MessageEvent<FromSolc>) => {
    const done = waiting.get(e.data.id);
    waiting.delete(e.data.id);
    done?.(e.data);
  };
  w.onerror = (e) => {
    for (const done of waiting.values())
      done({ id: -1, ok: false, error: e.message || "the compiler's Worker failed" });
    waiting.clear();
    worker = null;
  };
  worker = w;
  return w;
}

function ask(msg: Omit<ToSolc, "id">): Promise<FromSolc> {
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    solcWorker().postMessage({ ...msg, id } satisfies ToSolc);
  });
}

export interface CompileResult {
  output: unknown;
  /** Milliseconds: fetching the build (0 when kept), loading it in the Worker, compiling. */
  fetchMs: number;
  loadMs: number;
  compileMs: number;
}

/** Compiles `input` (standard JSON) with solc `compilerVersion` from the binaries at `base`. */
export async function compileWith(
  base: string,
  compilerVersion: string,
  input: object,
  progress: (s: CompileStage) => void = () => {},
  signal?: AbortSignal,
): Promise<CompileResult> {
  const version = longVersionOf(compilerVersion);
  // Kept and loaded by where it came from as well as its version: a link's `solc=` names any
  // server, and what it serves must not stand in later for the build of the same version from the
  // saved or default list.
  const key = `${trim(base)}|${version}`;
  const text = JSON.stringify(input);
  progress({ stage: "compile" });
  // the Worker may hold the build already (another contract of the same version)
  let answer = await ask({ version: key, soljson: null, input: text });
  let fetchMs = 0;
  if (!answer.ok && "needSoljson" in answer) {
    const t0 = performance.now();
    let soljson = await cached(key);
    if (soljson === null) {
      soljson = await download(base, version, progress, signal);
      void keep(key, soljson);
    } else memory.set(key, soljson);
    fetchMs = performance.now() - t0;
    progress({ stage: "compile" });
    answer = await ask({ version: key, soljson, input: text });
  }
  if (!answer.ok)
    throw new CompileFailedError("error" in answer ? answer.error : "the compiler did not answer");
  let output: unknown;
  try {
    output = JSON.parse(answer.output);
  } catch {
    throw new CompileFailedError("the compiler's answer is not JSON");
  }
  return { output, fetchMs, loadMs: answer.loadMs, compileMs: answer.compileMs };
}
