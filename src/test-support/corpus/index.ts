/**
 * Test-only loader for the real-output corpus: JSON-RPC answers recorded by clients other than the
 * reference one (Erigon, Besu, Nethermind, Arbitrum Nitro, Klaytn, OpenEthereum, OP Stack, zkSync, BSC),
 * each wrapped with where it came from. See README.md beside this file for every file's source and
 * licence. Data only, read by tests (the `clients.test` files run every file through the app).
 */
import { z } from "../../platform/zod";

/** Where a file's data came from. `commit` is null when the text could not be pinned to one. */
export const corpusSourceSchema = z.strictObject({
  repo: z.string().check(z.regex(/^[\w.-]+\/[\w.-]+$/, "expected owner/name")),
  path: z.string().check(z.minLength(1)),
  commit: z.nullable(z.string().check(z.regex(/^[0-9a-f]{40}$/, "expected a 40-digit commit"))),
  license: z.string().check(z.minLength(1, "every file must name the licence of its source")),
});

const requestSchema = z.looseObject({
  jsonrpc: z.optional(z.string()),
  method: z.string(),
  params: z.optional(z.array(z.unknown())),
  id: z.optional(z.union([z.number(), z.string(), z.null()])),
});

/** The JSON-RPC error object as the node sent it (`data` may be hex, any other string, or an object). */
export interface CorpusError {
  code: number;
  message: string;
  data?: unknown;
}

const errorSchema = z.looseObject({
  code: z.number(),
  message: z.string(),
  data: z.optional(z.unknown()),
});

/** The wrapper every corpus file uses. */
export const corpusFileSchema = z
  .strictObject({
    source: corpusSourceSchema,
    client: z.string().check(z.regex(/^[a-z0-9-]+$/, "a lower-case client name")),
    /** The network the answer came from, when the source says. */
    chain: z.optional(z.string().check(z.minLength(1))),
    method: z.string().check(z.regex(/^[a-z]+_[A-Za-z0-9]+$/, "a JSON-RPC method name")),
    tracer: z.nullable(z.string()),
    tracerConfig: z.nullable(z.record(z.string(), z.unknown())),
    request: z.nullable(requestSchema),
    /** `envelope`: `response` is the whole JSON-RPC response; `result`: only its result. */
    responseIs: z.enum(["envelope", "result"]),
    response: z.unknown(),
    notes: z.string().check(z.minLength(1)),
  })
  .check(
    z.superRefine((file, ctx) => {
      if (file.responseIs !== "envelope") return;
      const env = file.response;
      if (typeof env !== "object" || env === null || Array.isArray(env)) {
        ctx.addIssue({
          code: "custom",
          path: ["response"],
          message: "an envelope must be an object",
        });
        return;
      }
      const hasResult = "result" in env;
      const hasError = "error" in env;
      if (hasResult === hasError) {
        ctx.addIssue({
          code: "custom",
          path: ["response"],
          message: 'an envelope has exactly one of "result" and "error"',
        });
        return;
      }
      if (hasError) {
        const checked = errorSchema.safeParse((env as { error: unknown }).error);
        if (!checked.success)
          ctx.addIssue({
            code: "custom",
            path: ["response", "error"],
            message: `not a JSON-RPC error object: ${checked.error.issues[0]?.message ?? ""}`,
          });
      }
    }),
  );

export type CorpusFileJson = z.infer<typeof corpusFileSchema>;

/** One corpus file, ready for a test: the result or the error pulled out of whichever form it has. */
export interface CorpusEntry {
  /** Path relative to this folder, e.g. `erigon/eth_getLogs-mainnet-empty.json`. */
  file: string;
  client: string;
  chain: string | undefined;
  method: string;
  tracer: string | null;
  tracerConfig: Record<string, unknown> | null;
  /** The `result` the node sent (`undefined` when it sent an error; `null` is a real result). */
  result: unknown;
  /** The error the node sent, or null. */
  error: CorpusError | null;
  /** The whole wrapper as stored. */
  raw: CorpusFileJson;
}

export type CorpusFilter =
  | ((entry: CorpusEntry) => boolean)
  | {
      client?: string | readonly string[];
      method?: string | readonly string[];
      tracer?: string | null;
      /** Only entries that carry a result (true) or an error (false). */
      hasResult?: boolean;
    };

const modules = import.meta.glob("./**/*.json", { eager: true, import: "default" });

/** Every corpus file as stored, before any check: `{file, json}`, sorted by path. */
export function corpusRawFiles(): { file: string; json: unknown }[] {
  return Object.entries(modules)
    .map(([path, json]) => ({ file: path.replace(/^\.\//, ""), json }))
    .sort((a, b) => a.file.localeCompare(b.file));
}

function toEntry(file: string, raw: CorpusFileJson): CorpusEntry {
  let result: unknown = undefined;
  let error: CorpusError | null = null;
  if (raw.responseIs === "result") result = raw.response;
  else {
    const env = raw.response as { result?: unknown; error?: CorpusError };
    if ("error" in env && env.error !== undefined) error = env.error;
    else result = env.result;
  }
  return {
    file,
    client: raw.client,
    chain: raw.chain,
    method: raw.method,
    tracer: raw.tracer,
    tracerConfig: raw.tracerConfig,
    result,
    error,
    raw,
  };
}

function matches(value: string, wanted: string | readonly string[] | undefined): boolean {
  if (wanted === undefined) return true;
  return typeof wanted === "string" ? value === wanted : wanted.includes(value);
}

/**
 * The corpus files that pass the wrapper schema (corpus.test.ts checks that all of them do),
 * optionally filtered, e.g. `corpusFiles({ method: "eth_getLogs" })` or
 * `corpusFiles((e) => e.tracer === "callTracer" && e.error === null)`.
 */
export function corpusFiles(filter?: CorpusFilter): CorpusEntry[] {
  const out: CorpusEntry[] = [];
  for (const { file, json } of corpusRawFiles()) {
    const parsed = corpusFileSchema.safeParse(json);
    if (!parsed.success) continue;
    const entry = toEntry(file, parsed.data);
    if (typeof filter === "function") {
      if (filter(entry)) out.push(entry);
      continue;
    }
    if (filter) {
      if (!matches(entry.client, filter.client) || !matches(entry.method, filter.method)) continue;
      if (filter.tracer !== undefined && entry.tracer !== filter.tracer) continue;
      if (filter.hasResult !== undefined && (entry.error === null) !== filter.hasResult) continue;
    }
    out.push(entry);
  }
  return out;
}
