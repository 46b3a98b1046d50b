/**
 * The trace form ↔ URL ↔ request. URL params: `hash`, `tracer` (a built-in tracer name, or the
 * JavaScript tracer's source itself — exactly the string the provider takes), `tracerConfig`
 * (JSON), `timeout` (geth duration), `frame` (a frame path such as 0.2.1, view state only).
 * The request carries `[hash, {tracer}]` plus `tracerConfig` / `timeout` only when set.
 * The house vocabulary: `fromSearch` (URL → form values and the request a link asks for),
 * `checkValues` (form values → the checked request), `toSearch` (→ URL), `toParams` (→ JSON-RPC
 * params).
 */
import { z } from "../../platform/zod";

export const BUILTIN_TRACERS = ["callTracer", "prestateTracer", "4byteTracer"] as const;
export type BuiltinTracer = (typeof BUILTIN_TRACERS)[number];
export type TracerChoice = BuiltinTracer | "js";

export const TRACER_LABELS: Record<TracerChoice, string> = {
  callTracer: "callTracer",
  prestateTracer: "prestateTracer",
  "4byteTracer": "4byteTracer",
  js: "Custom JavaScript tracer",
};

export interface TraceFormValues {
  hash: string;
  tracer: TracerChoice;
  onlyTopCall: boolean;
  withLog: boolean;
  /** JSON tracerConfig for tracers other than callTracer (optional). */
  config: string;
  jsCode: string;
  timeout: string;
}

export interface TraceOptions {
  tracer: string;
  tracerConfig?: Record<string, unknown>;
  timeout?: string;
}

export interface TraceRequest {
  hash: string;
  options: TraceOptions;
}

export const EXAMPLE_JS_TRACER = `{
  count: 0,
  step: function (log, db) { this.count++; },
  fault: function (log, db) {},
  result: function (ctx, db) { return { steps: this.count, gasUsed: ctx.gasUsed }; }
}`;

export function emptyForm(): TraceFormValues {
  return {
    hash: "",
    tracer: "callTracer",
    onlyTopCall: false,
    // Logs in their frames feed Balance changes and Token flow; a link turns it off with
    // tracerConfig {"withLog":false}.
    withLog: true,
    config: "",
    jsCode: "",
    timeout: "",
  };
}

function isBuiltin(x: string): x is BuiltinTracer {
  return (BUILTIN_TRACERS as readonly string[]).includes(x);
}

// ---------------------------------------------------------------------------------------------
// Checks with messages a person can act on.

export function checkTxHash(value: string): string | null {
  const v = value.trim();
  if (v === "") return "Transaction hash is required";
  if (!/^0x/i.test(v)) return "Transaction hash must start with 0x";
  const body = v.slice(2);
  if (/[^0-9a-f]/i.test(body))
    return "Transaction hash may only contain hex digits (0-9, a-f) after 0x";
  if (body.length !== 64)
    return `Transaction hash must be 32 bytes (64 hex digits after 0x); this one has ${body.length}`;
  return null;
}

const DURATION = /^(?:\d+(?:\.\d+)?(?:ns|us|µs|μs|ms|s|m|h))+$/;

/** A geth duration such as `10s`, `500ms`, `1m30s`. */
export function checkTimeout(value: string): string | null {
  const v = value.trim();
  if (v === "") return null;
  if (!DURATION.test(v)) return 'Timeout must be a duration such as "10s", "500ms" or "1m30s"';
  return durationMs(v) > 0 ? null : "Timeout must be longer than zero";
}

export function durationMs(value: string): number {
  const unit: Record<string, number> = {
    ns: 1e-6,
    us: 1e-3,
    µs: 1e-3,
    μs: 1e-3,
    ms: 1,
    s: 1000,
    m: 60_000,
    h: 3_600_000,
  };
  let total = 0;
  for (const m of value.trim().matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|μs|ms|s|m|h)/g))
    total += Number(m[1]) * (unit[m[2] ?? "s"] ?? 0);
  return total;
}

/**
 * A light plausibility check of a JavaScript tracer (the app runs without unsafe-eval, so it
 * cannot be compiled here): brackets and quotes balance, and it has `result` and `fault` members.
 */
export function checkJsTracer(code: string): string | null {
  const src = code.trim();
  if (src === "")
    return "JavaScript tracer is required: an object literal with result and fault functions";
  const stack: string[] = [];
  const pairs: Record<string, string> = { ")": "(", "]": "[", "}": "{" };
  let i = 0;
  while (i < src.length) {
    const c = src[i] as string;
    if (c === "/" && src[i + 1] === "/") {
      const nl = src.indexOf("\n", i);
      i = nl < 0 ? src.length : nl + 1;
      continue;
    }
    if (c === "/" && src[i + 1] === "*") {
      const close = src.indexOf("*/", i + 2);
      if (close < 0) return "JavaScript tracer: a /* comment is never closed";
      i = close + 2;
      continue;
    }
    if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      while (j < src.length && src[j] !== c) j += src[j] === "\\" ? 2 : 1;
      if (j >= src.length) return `JavaScript tracer: a string opened with ${c} is never closed`;
      i = j + 1;
      continue;
    }
    if (c === "(" || c === "[" || c === "{") stack.push(c);
    else if (c === ")" || c === "]" || c === "}") {
      if (stack.pop() !== pairs[c]) return `JavaScript tracer: unbalanced "${c}"`;
    }
    i++;
  }
  if (stack.length > 0)
    return `JavaScript tracer: "${stack[stack.length - 1] ?? ""}" is never closed`;
  if (!src.startsWith("{"))
    return "JavaScript tracer must be an object literal: { step: …, fault: …, result: … }";
  const missing = ["result", "fault"].filter(
    (name) => !new RegExp(`(^|[^\\w$])${name}\\s*(:|\\()`).test(src),
  );
  if (missing.length > 0)
    return `JavaScript tracer must define ${missing.join(" and ")} (e.g. ${missing.map((n) => `${n}: function (...) {...}`).join(", ")})`;
  return null;
}

export function checkConfigJson(text: string): string | null {
  if (text.trim() === "") return null;
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v !== "object" || v === null || Array.isArray(v))
      return 'Tracer config must be a JSON object, e.g. {"diffMode": true}';
    return null;
  } catch (e) {
    return `Tracer config is not valid JSON: ${e instanceof Error ? e.message : String(e)}`;
  }
}

export const traceFormSchema = z
  .object({
    hash: z.string(),
    tracer: z.enum(["callTracer", "prestateTracer", "4byteTracer", "js"]),
    onlyTopCall: z.boolean(),
    withLog: z.boolean(),
    config: z.string(),
    jsCode: z.string(),
    timeout: z.string(),
  })
  .check(
    z.superRefine((v, ctx) => {
      const add = (path: keyof TraceFormValues, message: string | null) => {
        if (message) ctx.addIssue({ code: "custom", path: [path], message });
      };
      add("hash", checkTxHash(v.hash));
      add("timeout", checkTimeout(v.timeout));
      if (v.tracer === "js") add("jsCode", checkJsTracer(v.jsCode));
      if (v.tracer !== "callTracer") add("config", checkConfigJson(v.config));
    }),
  );

export type FieldProblems = Partial<Record<keyof TraceFormValues, string>>;

export function checkValues(
  v: TraceFormValues,
): { ok: true; request: TraceRequest } | { ok: false; problems: FieldProblems } {
  const parsed = traceFormSchema.safeParse(v);
  if (!parsed.success) {
    const problems: FieldProblems = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if (typeof key === "string" && !(key in problems))
        problems[key as keyof TraceFormValues] = issue.message;
    }
    return { ok: false, problems };
  }
  return { ok: true, request: toRequest(v) };
}

/** The request for values that passed `checkValues`. */
export function toRequest(v: TraceFormValues): TraceRequest {
  const options: TraceOptions = { tracer: v.tracer === "js" ? v.jsCode.trim() : v.tracer };
  if (v.tracer === "callTracer") {
    const cfg: Record<string, unknown> = {};
    if (v.onlyTopCall) cfg.onlyTopCall = true;
    if (v.withLog) cfg.withLog = true;
    if (Object.keys(cfg).length > 0) options.tracerConfig = cfg;
  } else if (v.config.trim() !== "") {
    options.tracerConfig = JSON.parse(v.config) as Record<string, unknown>;
  }
  if (v.timeout.trim() !== "") options.timeout = v.timeout.trim();
  return { hash: v.hash.trim().toLowerCase(), options };
}

export function toSearch(v: TraceFormValues): Record<string, string | undefined> {
  const r = toRequest(v);
  // callTracer's config in a link says only what differs from the form's defaults (withLog on).
  let config = r.options.tracerConfig;
  if (v.tracer === "callTracer") {
    const c: Record<string, unknown> = {};
    if (v.onlyTopCall) c.onlyTopCall = true;
    if (!v.withLog) c.withLog = false;
    config = Object.keys(c).length > 0 ? c : undefined;
  }
  return {
    hash: v.hash.trim(),
    tracer: r.options.tracer,
    tracerConfig: config ? JSON.stringify(config) : undefined,
    timeout: r.options.timeout,
  };
}

/** Form values from a link; problems for params that cannot be understood at all. */
function valuesFromSearch(search: URLSearchParams): {
  values: TraceFormValues;
  problems: string[];
} {
  const values = emptyForm();
  const problems: string[] = [];
  values.hash = search.get("hash") ?? "";
  const tracer = search.get("tracer") ?? "";
  if (tracer === "" || isBuiltin(tracer)) values.tracer = tracer === "" ? "callTracer" : tracer;
  else {
    values.tracer = "js";
    values.jsCode = tracer;
  }
  const configText = search.get("tracerConfig") ?? "";
  if (configText !== "") {
    let config: unknown = null;
    try {
      config = JSON.parse(configText);
    } catch {
      problems.push(`The link's tracerConfig is not valid JSON: ${configText.slice(0, 80)}`);
    }
    if (config !== null && typeof config === "object" && !Array.isArray(config)) {
      const c = config as Record<string, unknown>;
      if (values.tracer === "callTracer") {
        values.onlyTopCall = c.onlyTopCall === true;
        values.withLog = c.withLog !== false;
        const extra = Object.keys(c).filter((k) => k !== "onlyTopCall" && k !== "withLog");
        if (extra.length > 0)
          problems.push(
            `callTracer does not take tracerConfig ${extra.join(", ")}; only onlyTopCall and withLog`,
          );
      } else values.config = JSON.stringify(c);
    } else if (config !== null) problems.push("The link's tracerConfig must be a JSON object");
  }
  values.timeout = search.get("timeout") ?? "";
  return { values, problems };
}

/**
 * What a link holds: the form values, the request when complete and valid, otherwise what is
 * wrong (field problems once the link names a hash).
 */
/** The URL params the form owns (`frame` and `view` are view state: not a new request). */
export const FORM_PARAMS = ["hash", "tracer", "tracerConfig", "timeout"] as const;

/** Only the form's params of a route's search (what a request is read from). */
export function formSearchOf(search: URLSearchParams): URLSearchParams {
  const own = new URLSearchParams();
  for (const k of FORM_PARAMS) {
    const v = search.get(k);
    if (v !== null) own.set(k, v);
  }
  return own;
}

export function fromSearch(search: URLSearchParams): {
  request: TraceRequest | null;
  problems: string[];
  fieldProblems: FieldProblems;
  values: TraceFormValues;
} {
  const { values, problems } = valuesFromSearch(search);
  if (!search.has("hash")) return { request: null, problems, fieldProblems: {}, values };
  const checked = checkValues(values);
  if (!checked.ok) return { request: null, problems, fieldProblems: checked.problems, values };
  return { request: problems.length ? null : checked.request, problems, fieldProblems: {}, values };
}

/** The exact JSON-RPC params: `[hash, {tracer, tracerConfig?, timeout?}]`. */
export function toParams(r: TraceRequest): [string, TraceOptions] {
  return [r.hash, r.options];
}

export function isCallTracer(r: TraceRequest): boolean {
  return r.options.tracer === "callTracer";
}

/** `trace-0xabc…-callTracer.json`: never the endpoint, never the key. */
export function downloadName(r: TraceRequest): string {
  const tracer = isBuiltin(r.options.tracer) ? r.options.tracer : "jsTracer";
  return `trace-${r.hash}-${tracer}.json`;
}
