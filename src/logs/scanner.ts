/**
 * The eth_getLogs range scanner (no React): runs the scan's step function (scanStep.ts) against
 * the network. It makes the calls the steps ask for, feeds their answers, failures, retries and
 * streamed logs back as events, aborts the calls in flight when told, throttles the updates and
 * hands over the outcome. It is given `send` so it runs the same against a fake node in tests
 * and a real endpoint.
 */
import { AbortedError, RangeLimitError } from "../rpc";
import type { BlockRef, Piece, ScanPlan } from "./ranges";
import {
  initialScan,
  logsOf,
  resumePointOf,
  type ResumePoint,
  type ScanProgress,
  type ScanState,
  type Sortable,
} from "./scanState";
import { step, type ErrorClass, type ScanCommand, type ScanEvent } from "./scanStep";

export type ScanOutcome<L> =
  | { status: "done"; logs: L[]; progress: ScanProgress }
  | { status: "cancelled"; logs: L[]; progress: ScanProgress; resume: ResumePoint<L> }
  | {
      status: "error";
      logs: L[];
      progress: ScanProgress;
      error: unknown;
      failedRange: Piece;
      resume: ResumePoint<L>;
    };

/** How many retries one call may still spend, and where to count each (the client's onRetry). */
export interface RetryAllowance {
  maxRetries: number;
  onRetry: () => void;
}

export interface ScanOptions<L extends Sortable> {
  plan: ScanPlan;
  /**
   * One eth_getLogs call for [from, to] (null, null for a blockHash filter). It may hand over
   * logs as they stream in through `partial` (shown at once, before the call's answer is
   * complete); its resolved logs then replace them.
   */
  send: (
    from: BlockRef | null,
    to: BlockRef | null,
    signal: AbortSignal,
    retry: RetryAllowance,
    partial: (logs: L[]) => void,
  ) => Promise<L[]>;
  /** eth_blockNumber: resolves `latest` (and safe/finalized/pending once a split is needed). */
  head: (signal: AbortSignal, retry: RetryAllowance) => Promise<number>;
  concurrency?: number;
  classify?: (error: unknown) => ErrorClass;
  /**
   * Called with the logs so far (sorted) and the progress; throttled to `emitIntervalMs` (longer
   * with many logs), the scan's first logs at once.
   */
  onUpdate?: (logs: L[], progress: ScanProgress) => void;
  emitIntervalMs?: number;
  signal?: AbortSignal;
  /** Retries the whole scan may spend (default SCAN_RETRY_BUDGET); 0 turns them off. */
  retryBudget?: number;
  resume?: ResumePoint<L>;
}

export interface ScanHandle<L> {
  done: Promise<ScanOutcome<L>>;
  setConcurrency: (n: number) => void;
}

/** What the scanner does with a failed call: split on a range/result limit, else stop and show it. */
export function classifyError(error: unknown): ErrorClass {
  if (error instanceof AbortedError) return { kind: "aborted" };
  if (error instanceof RangeLimitError) {
    const { suggestedRange, maxBlockRange } = error;
    if (suggestedRange) return { kind: "limit", advice: { kind: "suggested", ...suggestedRange } };
    if (maxBlockRange !== null)
      return { kind: "limit", advice: { kind: "max-range", n: maxBlockRange } };
    return { kind: "limit", advice: { kind: "halve" } };
  }
  return { kind: "fatal" };
}

class StopError extends Error {}

export function startScan<L extends Sortable>(opts: ScanOptions<L>): ScanHandle<L> {
  const classify = opts.classify ?? classifyError;
  const internal = new AbortController();
  const outer = opts.signal;
  let state: ScanState<L> = initialScan(opts);
  let emitTimer: ReturnType<typeof setTimeout> | null = null;
  let shown: { version: number; logs: L[] } | null = null;
  let settle: (outcome: ScanOutcome<L>) => void = () => {};
  const done = new Promise<ScanOutcome<L>>((resolve) => (settle = resolve));

  const logsSoFar = (): L[] => {
    if (shown?.version !== state.logsVersion)
      shown = { version: state.logsVersion, logs: logsOf(state) };
    return shown.logs;
  };
  const emitNow = () => {
    if (emitTimer) clearTimeout(emitTimer);
    emitTimer = null;
    opts.onUpdate?.(logsSoFar(), { ...state.progress });
  };
  const onOuterAbort = () => dispatch({ kind: "cancel" });

  // A call's events come back through dispatch, which may run inside another command (a send
  // that streams logs before its first await): the state is always set before commands run.
  function dispatch(event: ScanEvent<L>) {
    const next = step(state, event);
    state = next.state;
    for (const command of next.commands) carryOut(command);
  }

  function carryOut(command: ScanCommand) {
    switch (command.kind) {
      case "getLogs": {
        const { call } = command;
        opts
          .send(
            command.from,
            command.to,
            internal.signal,
            allowance(call, command.maxRetries),
            (logs) => dispatch({ kind: "partial", call, logs }),
          )
          .then(
            (logs) => dispatch({ kind: "logs", call, logs }),
            (error: unknown) => dispatch({ kind: "failed", call, error, cls: classify(error) }),
          );
        return;
      }
      case "getHead": {
        const { call } = command;
        opts.head(internal.signal, allowance(call, command.maxRetries)).then(
          (head) => dispatch({ kind: "head", call, head }),
          (error: unknown) => dispatch({ kind: "failed", call, error, cls: classify(error) }),
        );
        return;
      }
      case "abort":
        internal.abort(command.why === "stopped" ? new StopError("scan stopped") : undefined);
        return;
      case "emit":
        if (command.delayMs === null) emitNow();
        else if (!emitTimer && opts.onUpdate) emitTimer = setTimeout(emitNow, command.delayMs);
        return;
      case "finish":
        outer?.removeEventListener("abort", onOuterAbort);
        settle(outcomeOf(state, logsSoFar()));
        return;
    }
  }

  function allowance(call: number, maxRetries: number): RetryAllowance {
    return { maxRetries, onRetry: () => dispatch({ kind: "retried", call }) };
  }

  outer?.addEventListener("abort", onOuterAbort);
  dispatch({ kind: "start", cancelled: outer?.aborted ?? false });
  return { done, setConcurrency: (n) => dispatch({ kind: "concurrency", n }) };
}

function outcomeOf<L>(state: ScanState<L>, logs: L[]): ScanOutcome<L> {
  const progress = { ...state.progress };
  const { stop } = state;
  if (!stop) return { status: "done", logs, progress };
  if (stop.kind === "cancelled")
    return { status: "cancelled", logs, progress, resume: resumePointOf(state) };
  return {
    status: "error",
    logs,
    progress,
    error: stop.error,
    failedRange: stop.piece,
    resume: resumePointOf(state),
  };
}
