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

export const callFrameSchema: z.ZodType<CallFrame> = z.looseObject({
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
  get calls() {
    return z.array(callFrameSchema).optional();
  },
  logs: z.array(callLogSchema).optional(),
});

/** Any other tracer (prestateTracer, 4byteTracer, a JavaScript tracer) returns free-form JSON. */
export const anyJsonSchema = z.unknown();

/** Whether a parsed JSON value looks like callTracer output (used for pasted/opened files). */
export function looksLikeCallFrame(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Record<string, unknown>).type === "string" &&
    typeof (value as Record<string, unknown>).from === "string"
  );
}
