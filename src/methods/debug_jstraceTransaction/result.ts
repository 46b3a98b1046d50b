/**
 * The callTracer frame as nodes send it (reference client eth/tracers/native/call.go). Loose on
 * purpose: empty fields are omitted by the node, new forks add fields, and unknown fields are kept
 * (the raw JSON view shows them).
 */
import { z } from "zod";

export interface CallLog {
  address: string;
  topics: string[];
  data: string;
  /** How many subcalls of the frame ran before this log. */
  position?: string | number | undefined;
  index?: string | number | undefined;
  [extra: string]: unknown;
}

export interface CallFrame {
  type: string;
  from: string;
  to?: string | null | undefined;
  value?: string | null | undefined;
  gas?: string | undefined;
  gasUsed?: string | undefined;
  input?: string | undefined;
  output?: string | null | undefined;
  error?: string | undefined;
  revertReason?: string | undefined;
  calls?: CallFrame[] | undefined;
  logs?: CallLog[] | undefined;
  [extra: string]: unknown;
}

const quantity = z.union([z.string(), z.number().transform((n) => `0x${n.toString(16)}`)]);

export const callLogSchema = z.looseObject({
  address: z.string(),
  topics: z.array(z.string()).default([]),
  data: z.string().default("0x"),
  position: z.union([z.string(), z.number()]).optional(),
  index: z.union([z.string(), z.number()]).optional(),
});

/**
 * One frame's own fields; `calls` is only checked to be an array here (its frames are checked one
 * by one by callFrameSchema below, not by recursion into the schema).
 */
export const frameFieldsSchema = z.looseObject({
  type: z.string(),
  from: z.string(),
  to: z.string().nullable().optional(),
  value: quantity.nullable().optional(),
  gas: quantity.optional(),
  gasUsed: quantity.optional(),
  input: z.string().optional(),
  output: z.string().nullable().optional(),
  error: z.string().optional(),
  revertReason: z.string().optional(),
  calls: z.array(z.unknown()).optional(),
  logs: z.array(callLogSchema).optional(),
});

interface Pending {
  value: unknown;
  /** Where the parsed frame goes: its parent's (already copied) `calls` array, at `index`. */
  into: unknown[] | null;
  index: number;
  parent: Pending | null;
}

function pathOf(p: Pending): PropertyKey[] {
  const out: PropertyKey[] = [];
  for (let at: Pending | null = p; at && at.parent; at = at.parent) out.push(at.index, "calls");
  return out.reverse();
}

/**
 * A callTracer frame tree. Validated with zod frame by frame over an explicit stack (pre-order,
 * like the tree is shown) instead of a recursive schema: as strict, with the same output (unknown
 * fields kept, numeric quantities as hex), at a fraction of the cost on 100,000-frame traces, and
 * with no recursion limit on deep traces. A bad frame is reported at its full path, e.g.
 * `calls.3.calls.0.gasUsed` (`result.calls[3].calls[0].gasUsed` in the RPC error); checking stops
 * at the first bad frame.
 */
export const callFrameSchema: z.ZodType<CallFrame> = z
  .unknown()
  .transform((input, ctx): CallFrame => {
    if (isEmptyStructLog(input)) {
      ctx.issues.push({ code: "custom", message: EMPTY_STRUCT_LOG, input });
      return z.NEVER;
    }
    const rootSlot: unknown[] = [undefined];
    const stack: Pending[] = [{ value: input, into: rootSlot, index: 0, parent: null }];
    while (stack.length > 0) {
      const p = stack.pop() as Pending;
      const checked = frameFieldsSchema.safeParse(p.value);
      if (!checked.success) {
        const prefix = pathOf(p);
        for (const issue of checked.error.issues)
          ctx.issues.push({
            ...issue,
            path: [...prefix, ...issue.path],
            input: p.value,
          } as z.core.$ZodRawIssue);
        return z.NEVER;
      }
      const frame = checked.data;
      if (p.into) p.into[p.index] = frame;
      const calls = frame.calls;
      if (calls)
        for (let k = calls.length - 1; k >= 0; k--)
          stack.push({ value: calls[k], into: calls, index: k, parent: p });
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
export const anyJsonSchema = z.unknown().superRefine((input, ctx) => {
  if (isEmptyStructLog(input)) ctx.addIssue({ code: "custom", message: EMPTY_STRUCT_LOG });
});

/** Whether a parsed JSON value looks like callTracer output (used for pasted/opened files). */
export function looksLikeCallFrame(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Record<string, unknown>).type === "string" &&
    typeof (value as Record<string, unknown>).from === "string"
  );
}
