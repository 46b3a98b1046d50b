/**
 * The OpenChain-compatible signature database (`/signature-database/v1/lookup`), which
 * Sourcify's 4byte service also serves. Only selectors and topic0s are sent.
 */
import { z } from "../../platform/zod";
import { getJson, hostOf } from "./http";
import { DecodingServiceError, isAbortError, trimBase, type ServiceCallOptions } from "./types";

/** Browsers and proxies take 2,000+ characters; stay under it so no request is refused for length. */
export const MAX_LOOKUP_URL_LENGTH = 2000;

const SELECTOR_RE = /^0x[0-9a-f]{8}$/;
const TOPIC_RE = /^0x[0-9a-f]{64}$/;

export interface SignatureQuery {
  functions: string[];
  events: string[];
}
export interface SignatureAnswers {
  functions: Record<string, string[]>;
  events: Record<string, string[]>;
}

/** Lower-cased, de-duplicated, and only well-formed selectors (4 bytes) / topics (32 bytes). */
export function cleanSignatureQuery(q: SignatureQuery): SignatureQuery {
  const pick = (keys: string[], re: RegExp) => [
    ...new Set(keys.map((k) => k.trim().toLowerCase()).filter((k) => re.test(k))),
  ];
  return { functions: pick(q.functions, SELECTOR_RE), events: pick(q.events, TOPIC_RE) };
}

/**
 * The lookup URLs for a query: as few as possible, each at most `maxLength` characters.
 * Functions and events share a URL while they fit.
 */
export function signatureLookupUrls(
  base: string,
  q: SignatureQuery,
  maxLength = MAX_LOOKUP_URL_LENGTH,
): string[] {
  const { functions, events } = cleanSignatureQuery(q);
  const prefix = `${trimBase(base)}/signature-database/v1/lookup?`;
  const suffix = "filter=true";
  const urls: string[] = [];
  let fns: string[] = [];
  let evs: string[] = [];
  const build = (f: string[], e: string[]) =>
    prefix +
    (f.length > 0 ? `function=${f.join(",")}&` : "") +
    (e.length > 0 ? `event=${e.join(",")}&` : "") +
    suffix;
  const flush = () => {
    if (fns.length + evs.length > 0) urls.push(build(fns, evs));
    fns = [];
    evs = [];
  };
  const add = (key: string, kind: "f" | "e") => {
    const nextF = kind === "f" ? [...fns, key] : fns;
    const nextE = kind === "e" ? [...evs, key] : evs;
    if (build(nextF, nextE).length > maxLength && fns.length + evs.length > 0) flush();
    if (kind === "f") fns.push(key);
    else evs.push(key);
  };
  for (const f of functions) add(f, "f");
  for (const e of events) add(e, "e");
  flush();
  return urls;
}

const entrySchema = z.looseObject({ name: z.string(), filtered: z.nullish(z.boolean()) });
// Unknown keys come back as null (OpenChain) or [] (Sourcify's 4byte); a missing table means none known.
const tableSchema = z.nullish(z.record(z.string(), z.nullable(z.array(entrySchema))));
const lookupResponseSchema = z.looseObject({
  ok: z.boolean(),
  error: z.nullish(z.string()),
  result: z.nullish(z.looseObject({ function: tableSchema, event: tableSchema })),
});
export type LookupResponse = z.infer<typeof lookupResponseSchema>;

type Table = z.infer<typeof tableSchema>;

/** Candidate names per key of a table: filtered (likely junk) entries last, order otherwise kept. */
function readTable(table: Table, into: Record<string, string[]>): void {
  for (const [k, entries] of Object.entries(table ?? {})) {
    if (entries === null || entries.length === 0) continue;
    const kept = entries.filter((e) => e.filtered !== true).map((e) => e.name);
    const junk = entries.filter((e) => e.filtered === true).map((e) => e.name);
    into[k.toLowerCase()] = [...new Set([...kept, ...junk])];
  }
}

async function lookupOne(url: string, opts: ServiceCallOptions): Promise<LookupResponse> {
  const { status, body } = await getJson("sigdb", url, opts);
  const host = hostOf(url);
  if (status < 200 || status >= 300)
    throw new DecodingServiceError("sigdb", `${host} answered HTTP ${status}`, status);
  const parsed = lookupResponseSchema.safeParse(body);
  if (!parsed.success)
    throw new DecodingServiceError(
      "sigdb",
      `${host} sent an answer that is not a signature lookup`,
    );
  if (!parsed.data.ok)
    throw new DecodingServiceError(
      "sigdb",
      `${host} refused the lookup${parsed.data.error ? `: ${parsed.data.error}` : ""}`,
    );
  return parsed.data;
}

/**
 * Looks selectors (functions and custom errors) and event topics up, in as few requests as the
 * URL length allows (sent together). Every asked key is in the answer; [] = the database does not
 * know it. Rejects with DecodingServiceError when a request fails, AbortError on abort.
 */
export async function lookupSignatures(
  base: string,
  q: SignatureQuery,
  opts: ServiceCallOptions = {},
): Promise<SignatureAnswers> {
  const clean = cleanSignatureQuery(q);
  const out: SignatureAnswers = { functions: {}, events: {} };
  if (clean.functions.length + clean.events.length === 0) return out;
  const urls = signatureLookupUrls(base, clean);
  const settled = await Promise.allSettled(urls.map((url) => lookupOne(url, opts)));
  const failures = settled.flatMap((s) => (s.status === "rejected" ? [s.reason as unknown] : []));
  const first = failures.find(isAbortError) ?? failures[0];
  if (first !== undefined) throw first instanceof Error ? first : new Error(String(first));
  const found: SignatureAnswers = { functions: {}, events: {} };
  for (const s of settled) {
    if (s.status !== "fulfilled") continue;
    readTable(s.value.result?.function, found.functions);
    readTable(s.value.result?.event, found.events);
  }
  for (const k of clean.functions) out.functions[k] = found.functions[k] ?? [];
  for (const k of clean.events) out.events[k] = found.events[k] ?? [];
  return out;
}
