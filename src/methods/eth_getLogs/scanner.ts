/**
 * The eth_getLogs range scanner (no React). It asks for the whole range first; when the endpoint
 * answers with a recognised limit error it splits (the suggested range, chunks of the named
 * maximum, else halves) and fetches the pieces with bounded concurrency, waiting out rate limits.
 * Any other error stops the scan with the failed piece; nothing is ever split away silently.
 * It is given `send` so it runs the same against a fake node in tests and a real endpoint.
 */
import { isRateLimit, recogniseLimit, type ErrorFacts, type LimitAdvice } from "./limits";

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
  retried: number;
  splits: number;
  inFlight: number;
  /** The numeric range being scanned, once known. */
  range: BlockRange | null;
}

export interface Sortable {
  blockNumber: number | null;
  logIndex: number | null;
}

interface Chunk<L> {
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
  | { kind: "limit"; advice: Exclude<LimitAdvice, null> }
  | { kind: "rate"; retryAfterMs?: number | undefined }
  | { kind: "aborted" }
  | { kind: "fatal" };

export interface ScanOptions<L extends Sortable> {
  plan: ScanPlan;
  /** One eth_getLogs call for [from, to] (null, null for a blockHash filter). */
  send: (from: BlockRef | null, to: BlockRef | null, signal: AbortSignal) => Promise<L[]>;
  /** eth_blockNumber: resolves `latest` (and safe/finalized/pending once a split is needed). */
  head: (signal: AbortSignal) => Promise<number>;
  concurrency?: number;
  classify?: (error: unknown) => ErrorClass;
  /** Called with the logs so far (sorted) and the progress; throttled to `emitIntervalMs`. */
  onUpdate?: (logs: L[], progress: ScanProgress) => void;
  emitIntervalMs?: number;
  signal?: AbortSignal;
  backoff?: { baseMs?: number; maxMs?: number; maxRetries?: number };
  resume?: ResumePoint<L>;
}

export interface ScanHandle<L> {
  done: Promise<ScanOutcome<L>>;
  setConcurrency: (n: number) => void;
}

/**
 * Reads what an error says without depending on its class: JsonRpcError (code, rpcMessage),
 * HttpStatusError (status, retryAfterMs, and rpcCode / rpcMessage when the body carries a JSON-RPC
 * error), AbortedError, fakes. Only the node's own words are matched against the limit messages:
 * an RpcError without a node message (timeout, network, …) has only our advice text in `message`.
 */
export function errorFacts(
  error: unknown,
): ErrorFacts & { retryAfterMs?: number | undefined; aborted: boolean } {
  if (typeof error !== "object" || error === null)
    return { message: String(error), aborted: false };
  const rec = error as Record<string, unknown>;
  const num = (k: string) => (typeof rec[k] === "number" ? (rec[k] as number) : undefined);
  const str = (k: string) => (typeof rec[k] === "string" ? (rec[k] as string) : undefined);
  const isRpcError = str("kind") !== undefined && str("human") !== undefined;
  const message = str("rpcMessage") ?? (isRpcError ? "" : (str("message") ?? ""));
  const aborted =
    str("name") === "AbortError" || str("name") === "AbortedError" || str("kind") === "aborted";
  return {
    code: num("code") ?? num("rpcCode"),
    status: num("status"),
    message,
    retryAfterMs: num("retryAfterMs"),
    aborted,
  };
}

export function classifyError(error: unknown): ErrorClass {
  const facts = errorFacts(error);
  if (facts.aborted) return { kind: "aborted" };
  if (isRateLimit(facts)) return { kind: "rate", retryAfterMs: facts.retryAfterMs };
  const advice = recogniseLimit(facts);
  if (advice) return { kind: "limit", advice };
  return { kind: "fatal" };
}

/**
 * How a rejected numeric range [from, to] is split, or null when it cannot be (one block).
 * A suggestion or maximum that would not make the piece smaller falls back to halving.
 */
export function splitRange(
  range: BlockRange,
  advice: Exclude<LimitAdvice, null>,
): BlockRange[] | null {
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
    const baseMs = opts.backoff?.baseMs ?? 500;
    const maxMs = opts.backoff?.maxMs ?? 15_000;
    const maxRetries = opts.backoff?.maxRetries ?? 8;
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
          retried: 0,
          splits: 0,
          inFlight: 0,
          range: null,
        };
    const chunks: Chunk<L>[] = opts.resume ? [...opts.resume.chunks] : [];
    let queue: Piece[] = opts.resume ? [...opts.resume.pieces] : [];
    let learnedMax = opts.resume?.learnedMax ?? null;
    const inFlight = new Set<Piece>();
    let stop: { kind: "cancelled" } | { kind: "error"; error: unknown; piece: Piece } | null = null;
    let pauseUntil = 0;
    let rateStreak = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let emitTimer: ReturnType<typeof setTimeout> | null = null;
    let snapshot: L[] | null = null;

    const logsSoFar = (): L[] => {
      if (snapshot) return snapshot;
      chunks.sort((a, b) => a.from - b.from);
      snapshot = chunks.length === 1 && chunks[0] ? chunks[0].logs : chunks.flatMap((c) => c.logs);
      return snapshot;
    };
    const emitNow = () => {
      if (emitTimer) clearTimeout(emitTimer);
      emitTimer = null;
      opts.onUpdate?.(logsSoFar(), { ...progress, inFlight: inFlight.size });
    };
    const scheduleEmit = () => {
      if (emitTimer || !opts.onUpdate) return;
      emitTimer = setTimeout(emitNow, emitInterval);
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
          const needsHead = from === "latest" || to === "latest";
          const deferred = (r: BlockRef) => r === "safe" || r === "finalized" || r === "pending";
          if (deferred(from) || deferred(to)) {
            queue = [{ tagged: true, from, to }];
          } else {
            let head = 0;
            if (needsHead) {
              progress.requests++;
              head = await opts.head(internal.signal);
            }
            const range = { from: tagValue(from, head), to: tagValue(to, head) };
            setRange(range);
            // A reversed range is sent as asked: the node's own answer explains it.
            queue = [
              range.from <= range.to ? range : { tagged: true, from: range.from, to: range.to },
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
        if (timer) clearTimeout(timer);
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
        const wait = pauseUntil - Date.now();
        if (wait > 0) {
          if (!timer)
            timer = setTimeout(() => {
              timer = null;
              pump();
            }, wait);
          return;
        }
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
        try {
          const logs = await opts.send(piece.from, piece.to, internal.signal);
          // An answer that arrives after a stop is still valid data: it is kept.
          rateStreak = 0;
          const sorted = sortLogs(logs);
          const from = piece.tagged
            ? typeof piece.from === "number"
              ? piece.from
              : (progress.range?.from ?? 0)
            : piece.from;
          chunks.push({ from, logs: sorted });
          snapshot = null;
          progress.logs += sorted.length;
          progress.blocksCovered += piece.tagged ? (progress.totalBlocks ?? 0) : pieceSize(piece);
          scheduleEmit();
        } catch (error) {
          await handleError(piece, error);
        } finally {
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
        if (cls.kind === "rate") {
          rateStreak++;
          if (rateStreak > maxRetries) return fail(piece, error);
          progress.retried++;
          const delay = cls.retryAfterMs ?? Math.min(maxMs, baseMs * 2 ** (rateStreak - 1));
          pauseUntil = Math.max(pauseUntil, Date.now() + delay);
          queue.unshift(piece);
          return;
        }
        if (cls.kind === "fatal") return fail(piece, error);
        let range: BlockRange;
        if (piece.tagged) {
          if (piece.from === null && piece.to === null) return fail(piece, error); // a blockHash filter cannot be split
          try {
            progress.requests++;
            const head = await opts.head(internal.signal);
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
