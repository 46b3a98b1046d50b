/**
 * The Variables of the Debug view's current step, as React state: the contract compiled again
 * (once per contract and compiler, kept by react-query for the session), the stack's height where
 * the open function was entered (pass 2's window holding that JUMP, one more run of the tracer,
 * kept like the others), and the step's values.
 */
import { skipToken, useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { DEFAULT_SOLC, type SourceBundle } from "../chain/sources";
import { useDecodingContext } from "../decoding/context";
import { windowDetails } from "../trace/debugger/windowDetails";
import { windowOf } from "../trace/debugger/windows";
import type { DebugQuery } from "../trace/source/context";
import { DEBUG_WINDOW_MAX_STEPS, type FrameDebug, type StepDetail } from "../trace/steps";
import { contractVariables, compileErrors, type ContractVariables } from "./ast";
import { compileWith, type CompileStage } from "./compiler";
import { compilePlan } from "./input";
import { storageSeen, type StorageView } from "./storage";
import { functionOfCall, openCallAt, variablesAt, type VariablesAt } from "./locate";

export type VariablesState =
  | { kind: "unavailable"; reason: string }
  | { kind: "compiling"; stage: CompileStage | null }
  | { kind: "failed"; reason: string }
  | { kind: "waiting"; what: string }
  | { kind: "none"; reason: string }
  | { kind: "ready"; at: VariablesAt; compileMs: number; compiledAt: number };

export interface CompiledVariables {
  vars: ContractVariables;
  /** Fetching (0 when kept), loading and compiling, in ms. */
  ms: { fetch: number; load: number; compile: number };
  /** When the compile's answer was read (performance.now(): the bench's "first Variables after it"). */
  at: number;
}

export function useVariables(args: {
  fd: FrameDebug;
  step: number;
  detail: StepDetail | null;
  bundle: SourceBundle | null;
  frame: number;
  input: string | null;
  debugQuery: DebugQuery;
  /** The current window's steps (their storage reads and writes), and the transaction's KECCAK256 preimages. */
  windowSteps?: ReadonlyMap<number, StepDetail> | null;
  preimages?: readonly string[] | null;
}): VariablesState {
  const { fd, step, detail, bundle, frame, input, debugQuery, windowSteps, preimages } = args;
  const base = useDecodingContext().bases.solc ?? DEFAULT_SOLC;
  const plan = useMemo(() => compilePlan(bundle), [bundle]);
  const [stage, setStage] = useState<CompileStage | null>(null);
  const compiled = useQuery({
    queryKey: ["solc-ast", base, bundle?.address ?? null, plan.ok ? plan.version : null],
    queryFn: plan.ok
      ? async ({ signal }): Promise<CompiledVariables> => {
          const r = await compileWith(base, plan.version, plan.input, setStage, signal);
          const errors = compileErrors(r.output);
          if (errors.length)
            throw new Error(`the compiler refused the sources: ${errors[0] ?? ""}`);
          return {
            vars: contractVariables(r.output),
            ms: { fetch: r.fetchMs, load: r.loadMs, compile: r.compileMs },
            at: performance.now(),
          };
        }
      : skipToken,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  const vars = compiled.data?.vars ?? null;
  const layout = bundle?.storageLayout?.storage.length ? bundle.storageLayout : null;
  // the window before the step's too: a value written just before the window's start is still seen
  const here = windowOf(frame, step, fd.size, DEBUG_WINDOW_MAX_STEPS);
  const before =
    here.from > 0 ? windowOf(frame, here.from - 1, fd.size, DEBUG_WINDOW_MAX_STEPS) : null;
  const previous = useQuery({
    ...debugQuery(vars && layout && before ? { window: before } : null),
    select: windowDetails,
  });
  const earlier = previous.data?.kind === "details" ? previous.data.steps : null;
  const seen = useMemo(
    () =>
      layout && windowSteps
        ? storageSeen([...(earlier?.values() ?? []), ...windowSteps.values()], step)
        : null,
    [layout, windowSteps, earlier, step],
  );
  const storage: StorageView | null =
    layout && seen ? { layout, seen, preimages: preimages ?? [] } : null;
  const call = openCallAt(fd, step);
  const fn = vars && call ? functionOfCall(fd, vars, call) : null;
  const entryWindow = call
    ? windowOf(frame, call.enterStep, fd.size, DEBUG_WINDOW_MAX_STEPS)
    : null;
  const entry = useQuery({
    ...debugQuery(fn && entryWindow ? { window: entryWindow } : null),
    select: windowDetails,
  });
  const entryDetail =
    call && entry.data?.kind === "details" ? (entry.data.steps.get(call.enterStep) ?? null) : null;

  if (!plan.ok) return { kind: "unavailable", reason: plan.reason };
  if (compiled.isError)
    return {
      kind: "failed",
      reason: compiled.error instanceof Error ? compiled.error.message : String(compiled.error),
    };
  if (!compiled.data) return { kind: "compiling", stage };
  if (!call)
    return {
      kind: "none",
      reason:
        "No function of the contract is open at this step (the dispatcher or generated code).",
    };
  if (!fn)
    return {
      kind: "none",
      reason: "The function open at this step is not in the compiled sources.",
    };
  if (entry.isError)
    return { kind: "failed", reason: "the stack where the function was entered could not be read" };
  if (!entryDetail || !detail) return { kind: "waiting", what: "Reading the stack…" };
  return {
    kind: "ready",
    at: variablesAt(
      fd,
      compiled.data.vars,
      fn,
      call,
      step,
      entryDetail.stack.length,
      detail,
      input,
      storage,
    ),
    compileMs: compiled.data.ms.compile,
    compiledAt: compiled.data.at,
  };
}
