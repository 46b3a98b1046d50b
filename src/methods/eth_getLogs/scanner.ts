/**
 * The eth_getLogs range scanner (no React). It asks for the whole range first; when the endpoint
 * answers with a recognised limit error it splits (the suggested range, chunks of the named
 * maximum, else halves) and fetches the pieces with bounded concurrency. It does not retry on
 * its own: the rpc client is the one place that retries (429, 5xx, network), and the scanner
 * only caps how many retries the whole scan may spend and counts them. Any other error stops
 * the scan with the failed piece; nothing is ever split away silently.
 * It is given `send` so it runs the same against a fake node in tests and a real endpoint.
 */
import { AbortedError, MAX_RETRIES, RangeLimitError } from "../../rpc";

/** How to split a range the endpoint refused. */
export type LimitAdvice =
  | { kind: "suggested"; from: number; to: number }
  | { kind: "max-range"; n: number }
  | { kind: "halve" };

export type BlockTag = "latest" | "earliest" | "pending" | "safe" | "finalized";
export type BlockRef = number | BlockTag;

export interface BlockRange {
  from: number;
  to: number;
}

/** A piece still to fetch: numbers, or (before the range could be resolved) the tags as given. */
export type Piece =
  | { from: number; to: number; tagged?: false }
  | { tagged: true; from: BlockRef | null; to: BlockRef | null };

export type ScanPlan = { kind: "single" } | { kind: "range"; from: BlockRef; to: BlockRef };

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

interface Chunk<L> {
  from: number;
  logs: L[];
  /** Rows of a call still streaming in: replaced by its answer, dropped when the call fails. */
  provisional?: boolean;
}

/** Everything needed to carry on after a cancel or an error (Retry / Resume). */
export interface ResumePoint<L> {
  pieces: Piece[];
  chunks: Chunk<L>[];
  progress: ScanProgress;
  learnedMax: number | null;
}

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

export type ErrorClass =
  { kind: "limit"; advice: LimitAdvice } | { kind: "aborted" } | { kind: "fatal" };

/** How many retries one call may still spend, and where to count each (the client's onRetry). */
export interface RetryAllowance {
  maxRetries: number;
  onRetry: () => void;
}

/**
 * A numeric range wider than this is checked against the chain head first (one eth_blockNumber):
 * a To block far in the future would otherwise be split into thousands of empty requests.
 */
export const HEAD_CHECK_SPAN = 5_000;

/** The default number of retries one scan may spend in all (the client spends at most 2 per call). */
export const SCAN_RETRY_BUDGET = 10;

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

/**
 * How a rejected numeric range [from, to] is split, or null when it cannot be (one block).
 * A suggestion or maximum that would not make the piece smaller falls back to halving.
 */
export function splitRange(range: BlockRange, advice: LimitAdvice): BlockRange[] | null {
  const { from, to } = range;
  const size = to - from + 1;
  if (size <= 1) return null;
  if (advice.kind === "suggested") {
    const s = Math.max(advice.from, from);
    const t = Math.min(advice.to, to);
    if (s <= t && t - s + 1 < size) {
      const out: BlockRange[] = [];
      if (s > from) out.push({ from, to: s - 1 });
      out.push({ from: s, to: t });
      if (t < to) out.push({ from: t + 1, to });
      return out;
    }
  } else if (advice.kind === "max-range" && advice.n < size) {
    return chunkRange(range, advice.n);
  }
  const mid = Math.floor((from + to) / 2);
  return [
    { from, to: mid },
    { from: mid + 1, to },
  ];
}

export function chunkRange(range: BlockRange, n: number): BlockRange[] {
  const step = Math.max(1, Math.floor(n));
  const out: BlockRange[] = [];
  for (let a = range.from; a <= range.to; a += step)
    out.push({ from: a, to: Math.min(range.to, a + step - 1) });
  return out;
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

function tagValue(ref: BlockRef | null, head: number): number {
  if (typeof ref === "number") return ref;
  if (ref === "earliest") return 0;
  return head; // latest, pending, safe, finalized, or omitted (the node's default is latest)
}

/**
 * The first call a fresh scan of `plan` makes: eth_blockNumber when the range needs the chain
 * head first (`latest`, or wider than HEAD_CHECK_SPAN), else eth_getLogs over [from, to] as
 * given (null, null for a blockHash filter). What `startScan` does first, said up front, so the
 * request can leave before the page is ready (early.ts); scanner.test.ts pins the two together.
 */
export function firstCall(
  plan: ScanPlan,
): { kind: "head" } | { kind: "logs"; from: BlockRef | null; to: BlockRef | null } {
  if (plan.kind === "single") return { kind: "logs", from: null, to: null };
  const { from, to } = plan;
  const deferred = (r: BlockRef) => r === "safe" || r === "finalized" || r === "pending";
  if (deferred(from) || deferred(to)) return { kind: "logs", from, to };
  const wide =
    typeof from === "number" && typeof to === "number" && to - from + 1 > HEAD_CHECK_SPAN;
  if (from === "latest" || to === "latest" || wide) return { kind: "head" };
  return { kind: "logs", from: tagValue(from, 0), to: tagValue(to, 0) };
}

function pieceSize(p: Piece): number {
  return p.tagged ? 0 : p.to - p.from + 1;
}

class StopError extends Error {}

export function startScan<L extends Sortable>(opts: ScanOptions<L>): ScanHandle<L> {
  let concurrency = Math.max(1, opts.concurrency ?? 3);
  let pump: () => void = () => {};
  const setConcurrency = (n: number) => {
    concurrency = Math.max(1, Math.min(16, Math.floor(n) || 1));
    pump();
  };
  const done = run();
  return { done, setConcurrency };

  async function run(): Promise<ScanOutcome<L>> {
    const classify = opts.classify ?? classifyError;
    const retryBudget = Math.max(0, opts.retryBudget ?? SCAN_RETRY_BUDGET);
    const emitInterval = opts.emitIntervalMs ?? 80;
    const internal = new AbortController();
    const outer = opts.signal;
    const onOuterAbort = () => {
      if (!stop) stop = { kind: "cancelled" };
      internal.abort();
      pump();
    };

    const progress: ScanProgress = opts.resume
      ? { ...opts.resume.progress, inFlight: 0 }
      : {
          blocksCovered: 0,
          totalBlocks: null,
          logs: 0,
          requests: 0,
          retries: 0,
          splits: 0,
          inFlight: 0,
          range: null,
        };
    const chunks: Chunk<L>[] = opts.resume ? [...opts.resume.chunks] : [];
    let queue: Piece[] = opts.resume ? [...opts.resume.pieces] : [];
    let learnedMax = opts.resume?.learnedMax ?? null;
    const inFlight = new Set<Piece>();
    let stop: { kind: "cancelled" } | { kind: "error"; error: unknown; piece: Piece } | null = null;
    // Retries granted to calls in flight and not yet spent: the budget is never overdrawn.
    let reserved = 0;
    let emitTimer: ReturnType<typeof setTimeout> | null = null;
    let snapshot: L[] | null = null;
    // The first logs of the scan are shown at once; later updates are throttled.
    let shownAny = false;

    const logsSoFar = (): L[] => {
      if (snapshot) return snapshot;
      chunks.sort((a, b) => a.from - b.from);
      const only = chunks.length === 1 ? chunks[0] : undefined;
      // A provisional chunk still grows: the views get a copy (a new array for each update).
      snapshot = only && !only.provisional ? only.logs : chunks.flatMap((c) => c.logs);
      return snapshot;
    };
    const emitNow = () => {
      if (emitTimer) clearTimeout(emitTimer);
      emitTimer = null;
      opts.onUpdate?.(logsSoFar(), { ...progress, inFlight: inFlight.size });
    };
    const scheduleEmit = () => {
      if (emitTimer || !opts.onUpdate) return;
      // Each update hands the views every log so far (they lay out, chart and index them): with
      // many logs, updates come less often — 1 ms per 100 logs, at most a second apart — so a
      // 100,000-log answer streaming in costs a few updates, not fifty.
      const wait = Math.max(emitInterval, Math.min(1000, progress.logs / 100));
      emitTimer = setTimeout(emitNow, wait);
    };

    /** A call's share of the scan's retry budget; `release` returns what it did not spend. */
    const allowance = (): RetryAllowance & { release: () => void } => {
      const granted = Math.max(0, Math.min(MAX_RETRIES, retryBudget - progress.retries - reserved));
      reserved += granted;
      let used = 0;
      let released = false;
      return {
        maxRetries: granted,
        onRetry: () => {
          used++;
          if (!released) reserved--;
          progress.retries++;
          scheduleEmit();
        },
        release: () => {
          if (released) return;
          released = true;
          reserved -= granted - used;
        },
      };
    };
    const headWithBudget = async (): Promise<number> => {
      const retry = allowance();
      try {
        return await opts.head(internal.signal, retry);
      } finally {
        retry.release();
      }
    };

    if (outer?.aborted) stop = { kind: "cancelled" };
    outer?.addEventListener("abort", onOuterAbort);

    try {
      if (!opts.resume && !stop) {
        if (opts.plan.kind === "single") {
          queue = [{ tagged: true, from: null, to: null }];
          progress.totalBlocks = 1;
        } else {
          const { from, to } = opts.plan;
          const wide =
            typeof from === "number" && typeof to === "number" && to - from + 1 > HEAD_CHECK_SPAN;
          const needsHead = from === "latest" || to === "latest" || wide;
          const deferred = (r: BlockRef) => r === "safe" || r === "finalized" || r === "pending";
          if (deferred(from) || deferred(to)) {
            queue = [{ tagged: true, from, to }];
          } else {
            let head = 0;
            if (needsHead) {
              progress.requests++;
              head = await headWithBudget();
            }
            const range = { from: tagValue(from, head), to: tagValue(to, head) };
            if (wide && range.to > head) {
              progress.capped = { asked: range.to, head };
              range.to = Math.max(head, range.from - 1);
            }
            setRange(range);
            // A reversed range is sent as asked: the node's own answer explains it. A range that
            // starts past the head has nothing to scan.
            queue =
              progress.capped && range.from > head
                ? []
                : [
                    range.from <= range.to
                      ? range
                      : { tagged: true, from: range.from, to: range.to },
                  ];
          }
        }
      }
    } catch (error) {
      // Only eth_blockNumber can fail here; Retry starts over from the range as given.
      const asGiven: Piece =
        opts.plan.kind === "range"
          ? { tagged: true, from: opts.plan.from, to: opts.plan.to }
          : { tagged: true, from: null, to: null };
      queue = [asGiven];
      stop =
        classify(error).kind === "aborted" || outer?.aborted
          ? { kind: "cancelled" }
          : { kind: "error", error, piece: asGiven };
    }

    function setRange(range: BlockRange) {
      progress.range = range;
      progress.totalBlocks = Math.max(0, range.to - range.from + 1);
    }

    const outcome = await new Promise<ScanOutcome<L>>((resolve) => {
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        outer?.removeEventListener("abort", onOuterAbort);
        progress.inFlight = 0;
        const logs = logsSoFar();
        progress.logs = logs.length;
        emitNow();
        const resume = (): ResumePoint<L> => ({
          pieces: queue,
          chunks: [...chunks],
          progress: { ...progress },
          learnedMax,
        });
        if (!stop) resolve({ status: "done", logs, progress: { ...progress } });
        else if (stop.kind === "cancelled")
          resolve({ status: "cancelled", logs, progress: { ...progress }, resume: resume() });
        else
          resolve({
            status: "error",
            logs,
            progress: { ...progress },
            error: stop.error,
            failedRange: stop.piece,
            resume: resume(),
          });
      };

      pump = () => {
        if (finished) return;
        if (stop) {
          if (inFlight.size === 0) finish();
          return;
        }
        if (queue.length === 0 && inFlight.size === 0) return finish();
        while (inFlight.size < concurrency && queue.length > 0) {
          let piece = queue.shift();
          if (!piece) break;
          if (!piece.tagged && learnedMax !== null && pieceSize(piece) > learnedMax) {
            const parts = chunkRange(piece, learnedMax);
            piece = parts[0] ?? piece;
            queue.unshift(...parts.slice(1));
          }
          void fetchPiece(piece);
        }
      };

      async function fetchPiece(piece: Piece): Promise<void> {
        inFlight.add(piece);
        progress.requests++;
        scheduleEmit();
        const retry = allowance();
        const pieceFrom = () =>
          piece.tagged
            ? typeof piece.from === "number"
              ? piece.from
              : (progress.range?.from ?? 0)
            : piece.from;
        let provisional: Chunk<L> | null = null;
        const dropProvisional = () => {
          if (!provisional) return;
          const at = chunks.indexOf(provisional);
          if (at >= 0) chunks.splice(at, 1);
          progress.logs -= provisional.logs.length;
          provisional = null;
          snapshot = null;
        };
        const partial = (more: L[]) => {
          if (more.length === 0 || stop?.kind === "error") return;
          if (!provisional) {
            provisional = { from: pieceFrom(), logs: [], provisional: true };
            chunks.push(provisional);
          }
          for (const l of more) provisional.logs.push(l);
          progress.logs += more.length;
          snapshot = null;
          if (!shownAny) {
            shownAny = true;
            emitNow();
          } else scheduleEmit();
        };
        try {
          const logs = await opts.send(piece.from, piece.to, internal.signal, retry, partial);
          // Rows of this call already on screen: its whole answer follows at once, so what is
          // shown never lags behind a finished call.
          const streamed = provisional !== null;
          dropProvisional();
          // An answer that arrives after a stop is still valid data: it is kept.
          const sorted = sortLogs(logs);
          chunks.push({ from: pieceFrom(), logs: sorted });
          snapshot = null;
          progress.logs += sorted.length;
          progress.blocksCovered += piece.tagged ? (progress.totalBlocks ?? 0) : pieceSize(piece);
          if ((!shownAny && sorted.length > 0) || streamed) {
            shownAny = true;
            emitNow();
          } else scheduleEmit();
        } catch (error) {
          dropProvisional();
          retry.release();
          await handleError(piece, error);
        } finally {
          retry.release();
          inFlight.delete(piece);
          pump();
        }
      }

      async function handleError(piece: Piece, error: unknown): Promise<void> {
        if (stop) {
          queue.unshift(piece); // aborted by the stop: still to fetch on Retry / Resume
          return;
        }
        const cls = classify(error);
        if (cls.kind === "aborted") {
          queue.unshift(piece);
          return;
        }
        if (cls.kind === "fatal") return fail(piece, error);
        let range: BlockRange;
        if (piece.tagged) {
          if (piece.from === null && piece.to === null) return fail(piece, error); // a blockHash filter cannot be split
          try {
            progress.requests++;
            const head = await headWithBudget();
            range = { from: tagValue(piece.from, head), to: tagValue(piece.to, head) };
            setRange(range);
          } catch (headError) {
            if (stop) return void queue.unshift(piece);
            return fail(piece, headError);
          }
        } else {
          range = { from: piece.from, to: piece.to };
        }
        if (cls.advice.kind === "max-range")
          learnedMax = learnedMax === null ? cls.advice.n : Math.min(learnedMax, cls.advice.n);
        const parts = splitRange(range, cls.advice);
        if (!parts) return fail(piece.tagged ? range : piece, error); // one block still too much: give up, show why
        progress.splits++;
        queue.unshift(...parts);
      }

      function fail(piece: Piece, error: unknown) {
        if (stop) return;
        stop = { kind: "error", error, piece };
        queue.unshift(piece);
        internal.abort(new StopError("scan stopped"));
      }

      pump();
    });
    return outcome;
  }
}

/** "blocks 100–200", "block 5", or the tags as given. */
export function describePiece(piece: Piece): string {
  if (piece.tagged && piece.from === null && piece.to === null) return "the block";
  if (piece.from === piece.to) return `block ${String(piece.from)}`;
  return `blocks ${String(piece.from ?? "latest")}–${String(piece.to ?? "latest")}`;
}
