/**
 * A range scan's state (no React, no network): its progress, the answered chunks, the pieces
 * still to fetch, the calls in flight with their share of the retry budget, and why it stopped.
 * scanStep.ts moves it on; here it is made, read (the logs so far, where to resume) and typed.
 * State is never changed in place. Logs a call streams in are kept as the batches they came
 * in, so a batch costs no copy of the ones before it.
 */
import type { BlockRange, LimitAdvice, Piece, ScanPlan } from "./ranges";

export interface ScanProgress {
  blocksCovered: number;
  /** null while a tag (safe, finalized, pending) has not been resolved to a number. */
  totalBlocks: number | null;
  logs: number;
  requests: number;
  /** Retries the client made for this scan (it retries 429, 5xx and dropped connections). */
  retries: number;
  splits: number;
  inFlight: number;
  /** The numeric range being scanned, once known. */
  range: BlockRange | null;
  /** To block was past the chain head: the scan stopped at the head instead. */
  capped?: { asked: number; head: number };
}

export interface Sortable {
  blockNumber: number | null;
  logIndex: number | null;
}

/** The sorted logs of one answered call, placed by the first block it asked for. */
export interface Chunk<L> {
  from: number;
  logs: L[];
}

/** Everything needed to carry on after a cancel or an error (Retry / Resume). */
export interface ResumePoint<L> {
  pieces: Piece[];
  chunks: Chunk<L>[];
  progress: ScanProgress;
  learnedMax: number | null;
}

/** The default number of retries one scan may spend in all (the client spends at most 2 per call). */
export const SCAN_RETRY_BUDGET = 10;

/** A call's share of the scan's retry budget. */
export interface Grant {
  granted: number;
  used: number;
}

/** Rows of a call still streaming in: replaced by its answer, dropped when the call fails. */
export interface Streamed<L> {
  from: number;
  batches: readonly L[][];
  count: number;
}

export type Call<L> =
  | { kind: "logs"; piece: Piece; grant: Grant; streamed: Streamed<L> | null }
  // eth_blockNumber: before the first eth_getLogs, or to put numbers on a tagged piece to split
  | {
      kind: "head";
      grant: Grant;
      purpose:
        { kind: "start" } | { kind: "split"; piece: Piece; error: unknown; advice: LimitAdvice };
    };

export type Stop = { kind: "cancelled" } | { kind: "error"; error: unknown; piece: Piece };

export interface ScanState<L> {
  readonly plan: ScanPlan;
  /** Started from a resume point: its pieces are the plan. */
  readonly resumed: boolean;
  readonly concurrency: number;
  readonly retryBudget: number;
  readonly emitIntervalMs: number;
  readonly phase: "new" | "starting" | "running" | "finished";
  readonly progress: Readonly<ScanProgress>;
  readonly chunks: readonly Chunk<L>[];
  readonly queue: readonly Piece[];
  readonly learnedMax: number | null;
  readonly calls: ReadonlyMap<number, Call<L>>;
  readonly nextCall: number;
  /** Retries granted to calls in flight and not yet spent. */
  readonly reserved: number;
  readonly stop: Stop | null;
  /** The first logs of the scan are shown at once; later updates are throttled. */
  readonly shownAny: boolean;
  /** Changes whenever the logs so far do: one flattened copy per version is enough. */
  readonly logsVersion: number;
}

export interface ScanConfig<L> {
  plan: ScanPlan;
  concurrency?: number;
  retryBudget?: number;
  emitIntervalMs?: number;
  resume?: ResumePoint<L>;
}

function compareLogs(a: Sortable, b: Sortable): number {
  const ab = a.blockNumber ?? Number.POSITIVE_INFINITY;
  const bb = b.blockNumber ?? Number.POSITIVE_INFINITY;
  if (ab !== bb) return ab < bb ? -1 : 1;
  const ai = a.logIndex ?? Number.POSITIVE_INFINITY;
  const bi = b.logIndex ?? Number.POSITIVE_INFINITY;
  return ai === bi ? 0 : ai < bi ? -1 : 1;
}

export function sortLogs<L extends Sortable>(logs: L[]): L[] {
  for (let i = 1; i < logs.length; i++) {
    const prev = logs[i - 1];
    const cur = logs[i];
    if (prev && cur && compareLogs(prev, cur) > 0) return [...logs].sort(compareLogs);
  }
  return logs;
}

export function initialScan<L>(config: ScanConfig<L>): ScanState<L> {
  const { resume } = config;
  return {
    plan: config.plan,
    resumed: resume !== undefined,
    concurrency: Math.max(1, config.concurrency ?? 3),
    retryBudget: Math.max(0, config.retryBudget ?? SCAN_RETRY_BUDGET),
    emitIntervalMs: config.emitIntervalMs ?? 80,
    phase: "new",
    progress: resume
      ? { ...resume.progress, inFlight: 0 }
      : {
          blocksCovered: 0,
          totalBlocks: null,
          logs: 0,
          requests: 0,
          retries: 0,
          splits: 0,
          inFlight: 0,
          range: null,
        },
    chunks: resume ? [...resume.chunks] : [],
    queue: resume ? [...resume.pieces] : [],
    learnedMax: resume?.learnedMax ?? null,
    calls: new Map(),
    nextCall: 1,
    reserved: 0,
    stop: null,
    shownAny: false,
    logsVersion: 0,
  };
}

/** The logs so far, sorted: answered chunks and what calls in flight streamed, by first block. */
export function logsOf<L>(state: ScanState<L>): L[] {
  const parts: { from: number; logs: readonly L[][] | L[]; batched: boolean }[] = state.chunks.map(
    (c) => ({ from: c.from, logs: c.logs, batched: false }),
  );
  for (const call of state.calls.values())
    if (call.kind === "logs" && call.streamed)
      parts.push({ from: call.streamed.from, logs: call.streamed.batches, batched: true });
  parts.sort((a, b) => a.from - b.from);
  const only = parts.length === 1 ? parts[0] : undefined;
  if (only && !only.batched) return only.logs as L[];
  // A streamed call still grows: the views get a copy (a new array for each update).
  const out: L[] = [];
  for (const part of parts) {
    if (part.batched) for (const batch of part.logs as readonly L[][]) pushAll(out, batch);
    else pushAll(out, part.logs as L[]);
  }
  return out;
}

function pushAll<L>(out: L[], more: readonly L[]) {
  for (let i = 0; i < more.length; i++) out.push(more[i] as L);
}

/** Where a stopped scan carries on from (its queue, the answered chunks, the progress). */
export function resumePointOf<L>(state: ScanState<L>): ResumePoint<L> {
  return {
    pieces: [...state.queue],
    chunks: [...state.chunks],
    progress: { ...state.progress },
    learnedMax: state.learnedMax,
  };
}
