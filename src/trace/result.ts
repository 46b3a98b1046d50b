/**
 * The callTracer frame as nodes send it (reference client eth/tracers/native/call.go), read the
 * way every client's output needs (see src/test-support/corpus/README.md):
 *
 * - `null` and absent mean the same for every optional field (zkSync sends `error: null`);
 * - fields geth always sends may be left out (Klaytn: no gas figures, Besu: no output): they stay
 *   absent, never invented, and the views say "—";
 * - a field of the wrong type (`gas: true`, `from: 12`) or a frame that is not an object does not
 *   refuse the trace: the field is left out of the checked frame and its raw value is kept as a
 *   `FrameIssue` on the frame (`frameIssues(frame)`), which the views show as a small warning;
 * - unknown fields (`time`, Arbitrum's `beforeEVMTransfers`, Klaytn's `reverted`) are kept;
 * - numeric quantities become hex; a frame type keeps the node's spelling (`Call`), the model
 *   upper-cases it.
 *
 * Only an answer whose top frame is not an object is refused.
 */
import { z } from "../platform/zod";
import { isRecord } from "../rpc/response";

export interface CallLog {
  address: string;
  topics: string[];
  data: string;
  /** How many subcalls of the frame ran before this log. */
  position?: string | number | undefined;
  index?: string | number | undefined;
  [extra: string]: unknown;
}

/** A field the node sent with a type the app cannot read: kept raw, shown with a warning. */
export interface FrameIssue {
  /** The field as sent, e.g. `gas`, `logs[2].topics`; `(frame)` when the frame is not an object. */
  field: string;
  /** What was expected and what came, e.g. `expected hex quantity, got true`. */
  message: string;
  /** The value as the node sent it. */
  raw: unknown;
}

/** Where a checked frame keeps its issues (a symbol: never confused with a node's own field). */
export const FRAME_ISSUES: unique symbol = Symbol("frameIssues");

export interface CallFrame {
  /** As sent (`CALL`, `Call`, `INVALID`…); "" when the node sent none or not a string. */
  type: string;
  /** "" when the node sent none or not a string. */
  from: string;
  to?: string | undefined;
  value?: string | undefined;
  gas?: string | undefined;
  gasUsed?: string | undefined;
  input?: string | undefined;
  output?: string | undefined;
  error?: string | undefined;
  revertReason?: string | undefined;
  calls?: CallFrame[] | undefined;
  logs?: CallLog[] | undefined;
  [FRAME_ISSUES]?: FrameIssue[] | undefined;
  [extra: string]: unknown;
}

/** Optional fields a node may send as `null`: removed, so null and absent read the same. */
const NULLABLE = [
  "to",
  "value",
  "gas",
  "gasUsed",
  "input",
  "output",
  "error",
  "revertReason",
  "calls",
  "logs",
] as const;

/** The fields of a frame the app reads; everything else is shown under "Other fields". */
export const KNOWN_FRAME_FIELDS: ReadonlySet<string> = new Set(["type", "from", ...NULLABLE]);

/** The issues found in one frame (none for a frame the node sent as expected). */
export function frameIssues(f: CallFrame): readonly FrameIssue[] {
  return f[FRAME_ISSUES] ?? [];
}

const HEX_QUANTITY = /^(0x[0-9a-fA-F]*|[0-9]+)$/;

function isQuantityString(s: string): boolean {
  return HEX_QUANTITY.test(s);
}

const quantity = z.union([
  z.string().check(z.refine(isQuantityString, "expected hex quantity")),
  z.pipe(
    z.int().check(z.nonnegative()),
    z.transform((n) => `0x${n.toString(16)}`),
  ),
]);

const position = z.nullish(z.union([z.string(), z.number()]));

export const callLogSchema = z.looseObject({
  address: z.string(),
  topics: z._default(z.array(z.string()), []),
  data: z._default(z.string(), "0x"),
  position,
  index: position,
});

/**
 * One well-formed frame's own fields; `calls` is only checked to be an array here (its frames are
 * checked one by one by callFrameSchema below, not by recursion into the schema). A frame that
 * fails this is not refused: `repairFrame` reads it field by field.
 */
export const frameFieldsSchema = z.looseObject({
  type: z.string(),
  from: z.string(),
  to: z.nullish(z.string()),
  value: z.nullish(quantity),
  gas: z.nullish(quantity),
  gasUsed: z.nullish(quantity),
  input: z.nullish(z.string()),
  output: z.nullish(z.string()),
  error: z.nullish(z.string()),
  revertReason: z.nullish(z.string()),
  calls: z.nullish(z.array(z.unknown())),
  logs: z.nullish(z.array(callLogSchema)),
});

/** A value as a warning quotes it: JSON, shortened. */
export function quoteRaw(value: unknown): string {
  let s: string;
  try {
    s = JSON.stringify(value) ?? String(value);
  } catch {
    s = String(value);
  }
  return s.length > 60 ? `${s.slice(0, 59)}…` : s;
}

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  if (value === null) return "null";
  if (typeof value === "object") return "an object";
  return quoteRaw(value);
}

type FieldCheck = "string" | "quantity" | "array";
const FIELD_CHECKS: [string, FieldCheck, string][] = [
  ["to", "string", "expected an address string"],
  ["value", "quantity", "expected hex quantity"],
  ["gas", "quantity", "expected hex quantity"],
  ["gasUsed", "quantity", "expected hex quantity"],
  ["input", "string", "expected hex data"],
  ["output", "string", "expected hex data"],
  ["error", "string", "expected a string"],
  ["revertReason", "string", "expected a string"],
  ["calls", "array", "expected an array of frames"],
];

function repairLog(raw: unknown, k: number, issues: FrameIssue[]): CallLog | null {
  const at = `logs[${k}]`;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    issues.push({ field: at, message: `expected a log object, got ${kindOf(raw)}`, raw });
    return null;
  }
  const out: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  if (typeof out.address !== "string") {
    issues.push({
      field: `${at}.address`,
      message: `expected an address string, got ${kindOf(out.address)}`,
      raw: out.address,
    });
    out.address = "";
  }
  if (out.topics === undefined || out.topics === null) out.topics = [];
  else if (!Array.isArray(out.topics) || !out.topics.every((t) => typeof t === "string")) {
    issues.push({
      field: `${at}.topics`,
      message: `expected an array of hex strings, got ${kindOf(out.topics)}`,
      raw: out.topics,
    });
    out.topics = Array.isArray(out.topics)
      ? out.topics.filter((t): t is string => typeof t === "string")
      : [];
  }
  if (out.data === undefined || out.data === null) out.data = "0x";
  else if (typeof out.data !== "string") {
    issues.push({
      field: `${at}.data`,
      message: `expected hex data, got ${kindOf(out.data)}`,
      raw: out.data,
    });
    out.data = "0x";
  }
  for (const key of ["position", "index"] as const) {
    const v = out[key];
    if (v === null) delete out[key];
    else if (v !== undefined && typeof v !== "string" && typeof v !== "number") {
      issues.push({
        field: `${at}.${key}`,
        message: `expected a number, got ${kindOf(v)}`,
        raw: v,
      });
      delete out[key];
    }
  }
  return out as CallLog;
}

/**
 * A frame that does not fit `frameFieldsSchema`, read field by field: every readable field kept,
 * every other one left out with a FrameIssue holding its raw value. Never fails.
 */
export function repairFrame(raw: unknown): CallFrame {
  const issues: FrameIssue[] = [];
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    issues.push({ field: "(frame)", message: `expected a frame object, got ${kindOf(raw)}`, raw });
    return { type: "", from: "", [FRAME_ISSUES]: issues };
  }
  const out: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  for (const key of ["type", "from"] as const) {
    const v = out[key];
    if (typeof v === "string") continue;
    if (v !== undefined && v !== null)
      issues.push({
        field: key,
        message: `expected ${key === "type" ? "a call type" : "an address string"}, got ${kindOf(v)}`,
        raw: v,
      });
    else issues.push({ field: key, message: "missing", raw: v });
    out[key] = "";
  }
  for (const [key, check, expected] of FIELD_CHECKS) {
    const v = out[key];
    if (v === undefined) continue;
    if (v === null) {
      delete out[key];
      continue;
    }
    const ok =
      check === "string"
        ? typeof v === "string"
        : check === "array"
          ? Array.isArray(v)
          : (typeof v === "string" && isQuantityString(v)) ||
            (typeof v === "number" && Number.isInteger(v) && v >= 0);
    if (!ok) {
      issues.push({ field: key, message: `${expected}, got ${kindOf(v)}`, raw: v });
      delete out[key];
    } else if (typeof v === "number") out[key] = `0x${v.toString(16)}`;
  }
  const logs = out.logs;
  if (logs === null) delete out.logs;
  else if (logs !== undefined) {
    if (!Array.isArray(logs)) {
      issues.push({
        field: "logs",
        message: `expected an array of logs, got ${kindOf(logs)}`,
        raw: logs,
      });
      delete out.logs;
    } else {
      const kept: CallLog[] = [];
      logs.forEach((l, k) => {
        const checked = callLogSchema.safeParse(l);
        if (checked.success) {
          const log = checked.data as CallLog;
          if (log.position === null) delete log.position;
          if (log.index === null) delete log.index;
          kept.push(log);
        } else {
          const repaired = repairLog(l, k, issues);
          if (repaired) kept.push(repaired);
        }
      });
      out.logs = kept;
    }
  }
  const frame = out as CallFrame;
  if (issues.length > 0) frame[FRAME_ISSUES] = issues;
  return frame;
}

const optString = (v: unknown) => v === undefined || typeof v === "string";
const optQuantity = (v: unknown) =>
  v === undefined || (typeof v === "string" && HEX_QUANTITY.test(v));
const optPosition = (v: unknown) =>
  v === undefined || typeof v === "string" || typeof v === "number";

function plainLog(l: unknown): boolean {
  if (!isRecord(l)) return false;
  const topics = l.topics;
  if (typeof l.address !== "string" || typeof l.data !== "string" || !Array.isArray(topics))
    return false;
  for (const t of topics) if (typeof t !== "string") return false;
  return optPosition(l.position) && optPosition(l.index);
}

/** Whether a frame needs nothing from `checkFrame`: every field read is of its type, no nulls. */
export function isPlainFrame(f: Record<string, unknown>): boolean {
  if (typeof f.type !== "string" || typeof f.from !== "string") return false;
  if (
    !optString(f.to) ||
    !optString(f.input) ||
    !optString(f.output) ||
    !optString(f.error) ||
    !optString(f.revertReason) ||
    !optQuantity(f.value) ||
    !optQuantity(f.gas) ||
    !optQuantity(f.gasUsed)
  )
    return false;
  if (f.calls !== undefined && !Array.isArray(f.calls)) return false;
  const logs = f.logs;
  if (logs === undefined) return true;
  if (!Array.isArray(logs)) return false;
  for (const l of logs) if (!plainLog(l)) return false;
  return true;
}

/**
 * One frame's own fields, checked: a frame whose every field already has its type (nearly all of
 * them) is copied as it is — what `frameFieldsSchema` gives for it, at a fraction of its cost
 * (a 10,000-frame answer read in 7–16 ms instead of 46–147) — a well-formed one goes through the
 * schema, any other through `repairFrame`. A copy: the node's own objects stay as sent (the raw view shows them).
 */
export function checkFrame(raw: unknown): CallFrame {
  if (isRecord(raw) && isPlainFrame(raw)) {
    const frame = { ...raw };
    if (Array.isArray(frame.logs)) frame.logs = frame.logs.slice();
    return frame as CallFrame;
  }
  const checked = frameFieldsSchema.safeParse(raw);
  if (!checked.success) return repairFrame(raw);
  const frame = checked.data as Record<string, unknown>;
  for (const key of NULLABLE) if (frame[key] === null) delete frame[key];
  const logs = frame.logs as Record<string, unknown>[] | undefined;
  if (logs)
    for (const l of logs) {
      if (l.position === null) delete l.position;
      if (l.index === null) delete l.index;
    }
  return frame as CallFrame;
}

interface Pending {
  value: unknown;
  /** Where the checked frame goes: its parent's (already copied) `calls` array, at `index`. */
  into: unknown[];
  index: number;
}

/** `calls[3].calls[0]` for a path of child ordinals (`""` for the top frame). */
export function framePath(ordinals: readonly number[]): string {
  return ordinals.map((k) => `calls[${k}]`).join(".");
}

/**
 * A callTracer frame tree. Checked frame by frame over an explicit stack (pre-order, like the tree
 * is shown) instead of a recursive schema: unknown fields kept, numeric quantities as hex, nulls
 * removed, wrong types kept as issues (see the file comment), at a fraction of a recursive
 * schema's cost on 100,000-frame traces and with no recursion limit on deep traces. Refuses only
 * a top frame that is not an object (and the empty opcode log some nodes answer for an unknown
 * hash).
 */
export const callFrameSchema: z.ZodMiniType<CallFrame> = z.transform((input, ctx): CallFrame => {
  if (isEmptyStructLog(input)) {
    ctx.issues.push({ code: "custom", message: EMPTY_STRUCT_LOG, input });
    return z.NEVER;
  }
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    ctx.issues.push({
      code: "custom",
      message: `expected a call frame object, got ${kindOf(input)}`,
      input,
    });
    return z.NEVER;
  }
  const rootSlot: unknown[] = [undefined];
  const stack: Pending[] = [{ value: input, into: rootSlot, index: 0 }];
  while (stack.length > 0) {
    const p = stack.pop() as Pending;
    const frame = checkFrame(p.value);
    p.into[p.index] = frame;
    const calls = frame.calls;
    if (calls) {
      // Copied: the node's own arrays stay as sent (the raw view shows them).
      const own = calls.slice();
      frame.calls = own as CallFrame[];
      for (let k = own.length - 1; k >= 0; k--) stack.push({ value: own[k], into: own, index: k });
    }
  }
  return rootSlot[0] as CallFrame;
});

/**
 * The answer some nodes give for a hash they do not know, whatever tracer was asked for: the
 * default opcode logger's empty result, `{failed: false, gas: 0, returnValue: "0x", structLogs:
 * []}` (anvil does this). No named or JavaScript tracer returns it for a real transaction.
 */
export function isEmptyStructLog(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return (
    Array.isArray(v.structLogs) && v.structLogs.length === 0 && (v.gas === 0 || v.gas === "0x0")
  );
}

/** The schema issue for that answer; the trace view recognises it by this text. */
export const EMPTY_STRUCT_LOG =
  "an empty opcode log (structLogs: []) instead of the tracer's result";

/** Any other tracer (prestateTracer, 4byteTracer, a JavaScript tracer) returns free-form JSON. */
export const anyJsonSchema = z.unknown().check(
  z.superRefine((input, ctx) => {
    if (isEmptyStructLog(input)) ctx.addIssue({ code: "custom", message: EMPTY_STRUCT_LOG });
  }),
);

/**
 * Whether a parsed JSON value looks like callTracer output (used for pasted/opened files and for
 * the entries of block-level answers): an object with a `type` and a `from`, of any type (a frame
 * with a wrong-typed field is still a frame).
 */
export function looksLikeCallFrame(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    "type" in value &&
    "from" in value
  );
}
