/**
 * Which answer a trace request asks for, read from its config as geth reads it: a built-in tracer
 * by name, or JavaScript tracer code, which a replay cannot run (it has no JS engine of the
 * node's kind, and running page-supplied code is not its job).
 */
import { z } from "../../platform/zod";
import { callTracer } from "./callTracer";
import { ReplayUnsupportedError } from "./errors";
import type { TxTracer } from "./hooks";
import { jsTracer, isKnownTracer } from "./jsHost";
import { prestateTracer } from "./prestate";

export const traceConfigSchema = z.looseObject({
  tracer: z.optional(z.string()),
  tracerConfig: z.optional(z.record(z.string(), z.unknown())),
  stateOverrides: z.optional(z.record(z.string(), z.unknown())),
  blockOverrides: z.optional(z.record(z.string(), z.unknown())),
});

export type TraceConfig = z.infer<typeof traceConfigSchema>;

export function parseTraceConfig(raw: unknown): TraceConfig {
  if (raw === undefined || raw === null) return {};
  const parsed = traceConfigSchema.safeParse(raw);
  if (!parsed.success)
    throw new ReplayUnsupportedError("the trace config is not one a node would take");
  return parsed.data;
}

export function chooseTracer(config: TraceConfig): TxTracer {
  const options = config.tracerConfig ?? {};
  const flag = (k: string) => options[k] === true;
  switch (config.tracer) {
    case "callTracer":
      return callTracer({ onlyTopCall: flag("onlyTopCall"), withLog: flag("withLog") });
    case "prestateTracer":
      return prestateTracer({ diffMode: flag("diffMode") });
    case undefined:
      throw new ReplayUnsupportedError(
        "the replay gives callTracer and prestateTracer answers, not the default opcode log",
      );
    default:
      if (isKnownTracer(config.tracer)) return jsTracer(config.tracer);
      throw new ReplayUnsupportedError(
        /^[A-Za-z0-9_]+$/.test(config.tracer)
          ? `the replay cannot give the ${config.tracer} tracer's answer`
          : "the replay cannot run arbitrary JavaScript tracer code: only tracers it knows by their text",
      );
  }
}
