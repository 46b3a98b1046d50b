/**
 * The range scanner's rules as a pure step function: a scan's state and one event (a call
 * answered, failed, retried or streamed some logs; a cancel; a new concurrency) give the next
 * state and the commands to carry out (start a call, abort the calls in flight, show the logs so
 * far now or soon, finish). No network, no timers, no promises: scanner.ts runs it.
 *
 * The rules: ask for the whole range first; on a recognised limit error split (the suggested
 * range, chunks of the named maximum, else halves) and fetch the pieces with bounded
 * concurrency. No retries of its own: the rpc client is the one place that retries, and the scan
 * only caps how many retries all its calls may spend (a share granted to each call, returned when
 * the call ends, so the budget is never overdrawn). Any other error stops the scan with the
 * failed piece; nothing is ever split away silently.
 *
 * The state it moves on is scanState.ts; a step never changes the state it is given, it copies
 * what it changes.
 */
import { MAX_RETRIES } from "../rpc";
import {
  chunkRange,
  deferredRef,
  needsHead,
  pieceSize,
  splitRange,
  tagValue,
  type BlockRange,
  type BlockRef,
  type LimitAdvice,
  type Piece,
} from "./ranges";
import {
  sortLogs,
  type Call,
  type Chunk,
  type Grant,
  type ScanProgress,
  type ScanState,
  type Sortable,
} from "./scanState";

export type ErrorClass =
  { kind: "limit"; advice: LimitAdvice } | { kind: "aborted" } | { kind: "fatal" };

export type ScanEvent<L> =
  | { kind: "start"; cancelled: boolean }
  | { kind: "cancel" }
  | { kind: "concurrency"; n: number }
  | { kind: "retried"; call: number }
  /** Logs of a call streaming in: the batch is kept as it is (the caller hands it over). */
  | { kind: "partial"; call: number; logs: L[] }
  | { kind: "logs"; call: number; logs: L[] }
  | { kind: "head"; call: number; head: number }
  | { kind: "failed"; call: number; error: unknown; cls: ErrorClass };

export type ScanCommand =
  | {
      kind: "getLogs";
      call: number;
      from: BlockRef | null;
      to: BlockRef | null;
      maxRetries: number;
    }
  | { kind: "getHead"; call: number; maxRetries: number }
  /** Abort every call in flight: the scan was cancelled, or stopped on an error. */
  | { kind: "abort"; why: "cancelled" | "stopped" }
  /** Show the logs so far: now (null), or after this wait unless an update is already due. */
  | { kind: "emit"; delayMs: number | null }
  | { kind: "finish" };

export interface ScanStep<L> {
  state: ScanState<L>;
  commands: ScanCommand[];
}

/** The step's working copy: the state's own collections copied once, changed freely. */
type Draft<L> = {
  -readonly [K in keyof ScanState<L>]: ScanState<L>[K];
} & {
  progress: ScanProgress;
  chunks: Chunk<L>[];
  queue: Piece[];
  calls: Map<number, Call<L>>;
  commands: ScanCommand[];
};

export function step<L extends Sortable>(state: ScanState<L>, event: ScanEvent<L>): ScanStep<L> {
  if (state.phase === "finished") return { state, commands: [] };
  const d: Draft<L> = {
    ...state,
    progress: { ...state.progress },
    chunks: [...state.chunks],
    queue: [...state.queue],
    calls: new Map(state.calls),
    commands: [],
  };
  switch (event.kind) {
    case "start":
      start(d, event.cancelled);
      break;
    case "cancel":
      d.stop ??= { kind: "cancelled" };
      d.commands.push({ kind: "abort", why: "cancelled" });
      pump(d);
      break;
    case "concurrency":
      d.concurrency = Math.max(1, Math.min(16, Math.floor(event.n) || 1));
      pump(d);
      break;
    case "retried":
      retried(d, event.call);
      break;
    case "partial":
      partial(d, event.call, event.logs);
      break;
    case "logs":
      answered(d, event.call, event.logs);
      break;
    case "head":
      headAnswered(d, event.call, event.head);
      break;
    case "failed":
      failed(d, event.call, event.error, event.cls);
      break;
  }
  d.progress.inFlight = d.phase === "finished" ? 0 : inFlight(d);
  const { commands, ...next } = d;
  return { state: next, commands };
}

function inFlight<L>(d: Draft<L>): number {
  let n = 0;
  for (const call of d.calls.values())
    if (call.kind === "logs" || call.purpose.kind === "split") n++;
  return n;
}

function start<L>(d: Draft<L>, cancelled: boolean) {
  if (cancelled) d.stop = { kind: "cancelled" };
  d.phase = "running";
  if (!d.resumed && !d.stop) {
    if (d.plan.kind === "single") {
      d.queue = [{ tagged: true, from: null, to: null }];
      d.progress.totalBlocks = 1;
    } else {
      const { from, to } = d.plan;
      if (deferredRef(from) || deferredRef(to)) {
        d.queue = [{ tagged: true, from, to }];
      } else if (needsHead(from, to).head) {
        d.progress.requests++;
        d.phase = "starting";
        callHead(d, { kind: "start" });
        return;
      } else {
        planRange(d, 0);
      }
    }
  }
  pump(d);
}

/** The numeric range of the plan, once the head is known (or not needed: head 0). */
function planRange<L>(d: Draft<L>, head: number) {
  if (d.plan.kind !== "range") return;
  const { from, to } = d.plan;
  const range = { from: tagValue(from, head), to: tagValue(to, head) };
  if (needsHead(from, to).wide && range.to > head) {
    d.progress.capped = { asked: range.to, head };
    range.to = Math.max(head, range.from - 1);
  }
  setRange(d, range);
  // A reversed range is sent as asked: the node's own answer explains it. A range that starts
  // past the head has nothing to scan.
  d.queue =
    d.progress.capped && range.from > head
      ? []
      : [range.from <= range.to ? range : { tagged: true, from: range.from, to: range.to }];
}

function setRange<L>(d: Draft<L>, range: BlockRange) {
  d.progress.range = range;
  d.progress.totalBlocks = Math.max(0, range.to - range.from + 1);
}

function pump<L>(d: Draft<L>) {
  if (d.phase !== "running") return;
  if (d.stop) {
    if (inFlight(d) === 0) finish(d);
    return;
  }
  if (d.queue.length === 0 && inFlight(d) === 0) return finish(d);
  while (inFlight(d) < d.concurrency && d.queue.length > 0) {
    let piece = d.queue.shift();
    if (!piece) break;
    if (!piece.tagged && d.learnedMax !== null && pieceSize(piece) > d.learnedMax) {
      const parts = chunkRange(piece, d.learnedMax);
      piece = parts[0] ?? piece;
      d.queue.unshift(...parts.slice(1));
    }
    callLogs(d, piece);
  }
}

function finish<L>(d: Draft<L>) {
  d.phase = "finished";
  d.progress.inFlight = 0;
  d.progress.logs = d.chunks.reduce((n, c) => n + c.logs.length, 0);
  d.commands.push({ kind: "emit", delayMs: null }, { kind: "finish" });
}

function emitSoon<L>(d: Draft<L>) {
  // Each update hands the views every log so far (they lay out, chart and index them): with
  // many logs, updates come less often — 1 ms per 100 logs, at most a second apart — so a
  // 100,000-log answer streaming in costs a few updates, not fifty.
  const wait = Math.max(d.emitIntervalMs, Math.min(1000, d.progress.logs / 100));
  d.commands.push({ kind: "emit", delayMs: wait });
}

function grant<L>(d: Draft<L>): Grant {
  const granted = Math.max(
    0,
    Math.min(MAX_RETRIES, d.retryBudget - d.progress.retries - d.reserved),
  );
  d.reserved += granted;
  return { granted, used: 0 };
}

/** A call ended: what it was granted and did not spend goes back to the budget. */
function release<L>(d: Draft<L>, id: number, call: Call<L>) {
  d.reserved -= call.grant.granted - call.grant.used;
  d.calls.delete(id);
}

function callLogs<L>(d: Draft<L>, piece: Piece) {
  const call = d.nextCall++;
  d.progress.requests++;
  emitSoon(d);
  const g = grant(d);
  d.calls.set(call, { kind: "logs", piece, grant: g, streamed: null });
  d.commands.push({ kind: "getLogs", call, from: piece.from, to: piece.to, maxRetries: g.granted });
}

function callHead<L>(d: Draft<L>, purpose: Extract<Call<L>, { kind: "head" }>["purpose"]) {
  const call = d.nextCall++;
  const g = grant(d);
  d.calls.set(call, { kind: "head", grant: g, purpose });
  d.commands.push({ kind: "getHead", call, maxRetries: g.granted });
}

function retried<L>(d: Draft<L>, id: number) {
  const call = d.calls.get(id);
  if (call) {
    d.calls.set(id, { ...call, grant: { ...call.grant, used: call.grant.used + 1 } });
    d.reserved--;
  }
  d.progress.retries++;
  emitSoon(d);
}

function pieceFrom<L>(d: Draft<L>, piece: Piece): number {
  if (!piece.tagged) return piece.from;
  return typeof piece.from === "number" ? piece.from : (d.progress.range?.from ?? 0);
}

function partial<L>(d: Draft<L>, id: number, more: L[]) {
  const call = d.calls.get(id);
  if (call?.kind !== "logs" || more.length === 0 || d.stop?.kind === "error") return;
  const streamed = call.streamed ?? { from: pieceFrom(d, call.piece), batches: [], count: 0 };
  d.calls.set(id, {
    ...call,
    streamed: {
      ...streamed,
      batches: [...streamed.batches, more],
      count: streamed.count + more.length,
    },
  });
  d.progress.logs += more.length;
  d.logsVersion++;
  if (!d.shownAny) {
    d.shownAny = true;
    d.commands.push({ kind: "emit", delayMs: null });
  } else emitSoon(d);
}

/** A call's streamed rows leave with it: only complete answers are kept. */
function dropStreamed<L>(d: Draft<L>, call: Call<L>) {
  if (call.kind !== "logs" || !call.streamed) return;
  d.progress.logs -= call.streamed.count;
  d.logsVersion++;
}

function answered<L extends Sortable>(d: Draft<L>, id: number, logs: L[]) {
  const call = d.calls.get(id);
  if (call?.kind !== "logs") return;
  const { piece } = call;
  // Rows of this call already on screen: its whole answer follows at once, so what is shown
  // never lags behind a finished call.
  const streamed = call.streamed !== null;
  dropStreamed(d, call);
  // An answer that arrives after a stop is still valid data: it is kept.
  const sorted = sortLogs(logs);
  d.chunks.push({ from: pieceFrom(d, piece), logs: sorted });
  d.logsVersion++;
  d.progress.logs += sorted.length;
  d.progress.blocksCovered += piece.tagged ? (d.progress.totalBlocks ?? 0) : pieceSize(piece);
  if ((!d.shownAny && sorted.length > 0) || streamed) {
    d.shownAny = true;
    d.commands.push({ kind: "emit", delayMs: null });
  } else emitSoon(d);
  release(d, id, call);
  pump(d);
}

function headAnswered<L>(d: Draft<L>, id: number, head: number) {
  const call = d.calls.get(id);
  if (call?.kind !== "head") return;
  release(d, id, call);
  const { purpose } = call;
  if (purpose.kind === "start") {
    planRange(d, head);
    d.phase = "running";
  } else {
    const { piece, error, advice } = purpose;
    const range = { from: tagValue(piece.from, head), to: tagValue(piece.to, head) };
    setRange(d, range);
    split(d, piece, range, advice, error);
  }
  pump(d);
}

function failed<L>(d: Draft<L>, id: number, error: unknown, cls: ErrorClass) {
  const call = d.calls.get(id);
  if (!call) return;
  dropStreamed(d, call);
  release(d, id, call);
  if (call.kind === "head") {
    const { purpose } = call;
    if (purpose.kind === "start") {
      // Only eth_blockNumber can fail here; Retry starts over from the range as given.
      const asGiven: Piece =
        d.plan.kind === "range"
          ? { tagged: true, from: d.plan.from, to: d.plan.to }
          : { tagged: true, from: null, to: null };
      d.queue = [asGiven];
      d.stop =
        cls.kind === "aborted" || d.stop?.kind === "cancelled"
          ? { kind: "cancelled" }
          : { kind: "error", error, piece: asGiven };
      d.phase = "running";
    } else if (d.stop) d.queue.unshift(purpose.piece);
    else fail(d, purpose.piece, error);
    return pump(d);
  }
  const { piece } = call;
  if (d.stop || cls.kind === "aborted") {
    d.queue.unshift(piece); // aborted by the stop: still to fetch on Retry / Resume
    return pump(d);
  }
  if (cls.kind === "fatal") {
    fail(d, piece, error);
    return pump(d);
  }
  if (!piece.tagged) {
    split(d, piece, { from: piece.from, to: piece.to }, cls.advice, error);
    return pump(d);
  }
  if (piece.from === null && piece.to === null) {
    fail(d, piece, error); // a blockHash filter cannot be split
    return pump(d);
  }
  // Tags cannot be split: the head puts numbers on them first (the piece stays in flight).
  d.progress.requests++;
  callHead(d, { kind: "split", piece, error, advice: cls.advice });
}

function split<L>(
  d: Draft<L>,
  piece: Piece,
  range: BlockRange,
  advice: LimitAdvice,
  error: unknown,
) {
  if (advice.kind === "max-range")
    d.learnedMax = d.learnedMax === null ? advice.n : Math.min(d.learnedMax, advice.n);
  const parts = splitRange(range, advice);
  if (!parts) return fail(d, piece.tagged ? range : piece, error); // one block still too much: give up, show why
  d.progress.splits++;
  d.queue.unshift(...parts);
}

function fail<L>(d: Draft<L>, piece: Piece, error: unknown) {
  if (d.stop) return;
  d.stop = { kind: "error", error, piece };
  d.queue.unshift(piece);
  d.commands.push({ kind: "abort", why: "stopped" });
}
