/**
 * Several eth_getLogs filters (an address's transfers in and out) scanned at once, each through
 * the log explorer's range scanner (splitting on a node's limits, retry budget, cancel, resume),
 * shown as one scan: the logs merged in block order without duplicates, the progress summed.
 * The filters share one concurrency: at most `concurrency` calls are in flight in all, and a
 * filter that finishes hands its share to those still running. A new request or run number
 * starts over; unmounting aborts.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { ResolvedEndpoint } from "../../endpoints";
import type { RpcClient } from "../../rpc";
import { planOf } from "../ranges";
import type { LogFilter } from "../params";
import type { LogRow } from "../result";
import { scanCalls } from "../scanCalls";
import type { ResumePoint, ScanProgress } from "../scanState";
import { startScan, type ScanHandle } from "../scanner";
import type { ScanStatus, ScanView } from "../useLogScan";
import { mergeLogs } from "./transfers";

export interface MultiScanRequest {
  client: RpcClient;
  endpoint: ResolvedEndpoint;
  filters: readonly LogFilter[];
}

/** One filter's part of the scan. */
export interface Part {
  status: ScanStatus;
  logs: LogRow[];
  progress: ScanProgress | null;
  error: unknown;
  failedRange: ScanView["failedRange"];
  resume: ResumePoint<LogRow> | null;
}

const IDLE_PART: Part = {
  status: "idle",
  logs: [],
  progress: null,
  error: null,
  failedRange: null,
  resume: null,
};

/** Each running filter's share of `total` calls in flight (at least one each). */
export function shareOf(total: number, running: number): number {
  return Math.max(1, Math.floor(total / Math.max(1, running)));
}

/** The parts as one scan: the first error stops it, then a cancel; done when all are done. */
export function combine(parts: readonly Part[], logs: LogRow[]): ScanView {
  if (parts.length === 0 || parts.every((p) => p.status === "idle"))
    return { status: "idle", logs: [], progress: null, error: null, failedRange: null };
  const failed = parts.find((p) => p.status === "error");
  const status: ScanStatus = parts.some((p) => p.status === "running" || p.status === "idle")
    ? "running"
    : failed
      ? "error"
      : parts.some((p) => p.status === "cancelled")
        ? "cancelled"
        : "done";
  const progresses = parts.map((p) => p.progress);
  const known = progresses.every((p) => p !== null && p.totalBlocks !== null);
  const sum = (f: (p: ScanProgress) => number) =>
    progresses.reduce((n, p) => n + (p ? f(p) : 0), 0);
  const first = progresses.find((p) => p?.range);
  const capped = progresses.find((p) => p?.capped)?.capped;
  // Every filter runs over the same range: the scan covers that range once, not once per filter,
  // so the blocks covered are the filters' average share of it.
  const asked = sum((p) => p.totalBlocks ?? 0);
  const range = progresses.reduce((m, p) => Math.max(m, p?.totalBlocks ?? 0), 0);
  const covered = sum((p) => p.blocksCovered);
  const progress: ScanProgress | null = progresses.some((p) => p !== null)
    ? {
        blocksCovered: known && asked > 0 ? Math.floor((covered * range) / asked) : covered,
        totalBlocks: known ? range : null,
        logs: logs.length,
        requests: sum((p) => p.requests),
        retries: sum((p) => p.retries),
        splits: sum((p) => p.splits),
        inFlight: sum((p) => p.inFlight),
        range: first?.range ?? null,
        ...(capped ? { capped } : {}),
      }
    : null;
  return {
    status,
    logs,
    progress,
    error: failed?.error ?? null,
    failedRange: failed?.failedRange ?? null,
  };
}

export function useActivityScan(
  request: MultiScanRequest | null,
  runKey: string,
  concurrency: number,
) {
  const [parts, setParts] = useState<readonly Part[]>([]);
  const controller = useRef<AbortController | null>(null);
  const handles = useRef<(ScanHandle<LogRow> | null)[]>([]);
  const partsRef = useRef<readonly Part[]>([]);
  // One numbering for all the filters' rows (ids are the table's keys), never reset: a resumed
  // run goes on after every id given so far.
  const nextId = useRef(0);
  const concurrencyRef = useRef(concurrency);
  const requestRef = useRef(request);
  useLayoutEffect(() => {
    requestRef.current = request;
    partsRef.current = parts;
  });

  const reshare = useCallback(() => {
    const running = handles.current.filter((h) => h !== null).length;
    const share = shareOf(concurrencyRef.current, running);
    for (const h of handles.current) h?.setConcurrency(share);
  }, []);

  /** Runs every filter, or (resume) every filter not done from where it stopped. */
  const run = useCallback(
    (resume: boolean) => {
      const req = requestRef.current;
      if (!req) return;
      controller.current?.abort();
      const ctl = new AbortController();
      controller.current = ctl;
      const { client, endpoint, filters } = req;
      const before = resume ? partsRef.current : [];
      const todo = filters.map((_, i) => {
        const p = before[i];
        return !p || p.status !== "done";
      });
      const running = todo.filter(Boolean).length;
      setParts(
        filters.map((_, i) => {
          const p = before[i];
          if (p && !todo[i]) return p;
          return {
            ...IDLE_PART,
            status: "running",
            logs: p?.logs ?? [],
            progress: p?.progress ?? null,
          };
        }),
      );
      const update = (i: number, patch: Partial<Part>) =>
        setParts((list) => list.map((p, k) => (k === i ? { ...p, ...patch } : p)));
      handles.current = filters.map((filter, i) => {
        if (!todo[i]) return null;
        const h = startScan<LogRow>({
          plan: planOf(filter),
          ...scanCalls(client, endpoint, filter, () => nextId.current++),
          concurrency: shareOf(concurrencyRef.current, running),
          signal: ctl.signal,
          resume: before[i]?.resume ?? undefined,
          onUpdate: (logs, progress) => {
            if (controller.current !== ctl) return;
            update(i, { logs, progress });
          },
        });
        void h.done.then((out) => {
          if (controller.current !== ctl) return;
          handles.current[i] = null;
          reshare();
          update(i, {
            status: out.status,
            logs: out.logs,
            progress: out.progress,
            error: out.status === "error" ? out.error : null,
            failedRange: out.status === "error" ? out.failedRange : null,
            resume: out.status === "done" ? null : out.resume,
          });
        });
        return h;
      });
    },
    [reshare],
  );

  useEffect(() => {
    if (!request) return;
    run(false);
    return () => {
      controller.current?.abort();
      controller.current = null;
    };
    // runKey names the request (endpoint + filters + run number); the request is read from a ref
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runKey, run]);

  useEffect(() => {
    concurrencyRef.current = concurrency;
    reshare();
  }, [concurrency, reshare]);

  // A linear merge of the parts' sorted logs: cheap beside the table's own work on each update.
  const view = useMemo(() => combine(parts, mergeLogs(parts.map((p) => p.logs))), [parts]);

  const cancel = useCallback(() => controller.current?.abort(), []);
  const retry = useCallback(() => run(true), [run]);

  return { view: request ? view : combine([], []), cancel, retry };
}
