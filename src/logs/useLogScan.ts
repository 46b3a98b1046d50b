/**
 * Runs the range scanner for one filter on one endpoint and exposes its state to React: logs so
 * far (sorted), progress, and the outcome with Cancel, Retry (resume where it stopped) and the
 * concurrency knob. A new filter, endpoint or run number starts over; unmounting aborts.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { ResolvedEndpoint } from "../endpoints";
import type { RpcClient } from "../rpc";
import type { LogFilter } from "./params";
import type { LogRow } from "./result";
import { planOf } from "./ranges";
import type { Piece, ScanPlan } from "./ranges";
import { scanCalls } from "./scanCalls";
import type { ResumePoint, ScanProgress } from "./scanState";
import { startScan, type ScanHandle } from "./scanner";

export type ScanStatus = "idle" | "running" | "done" | "cancelled" | "error";

export interface ScanView {
  status: ScanStatus;
  logs: LogRow[];
  progress: ScanProgress | null;
  error: unknown;
  failedRange: Piece | null;
}

const IDLE: ScanView = { status: "idle", logs: [], progress: null, error: null, failedRange: null };

/** The scan a filter makes (one blockHash call, or a block range). */
export const planFor: (filter: LogFilter) => ScanPlan = planOf;

export interface ScanRequest {
  client: RpcClient;
  endpoint: ResolvedEndpoint;
  filter: LogFilter;
}

export function useLogScan(request: ScanRequest | null, runKey: string, concurrency: number) {
  const [view, setView] = useState<ScanView>(IDLE);
  const controller = useRef<AbortController | null>(null);
  const handle = useRef<ScanHandle<LogRow> | null>(null);
  const resumePoint = useRef<ResumePoint<LogRow> | null>(null);
  const concurrencyRef = useRef(concurrency);
  const requestRef = useRef(request);
  // Before the effect below reads it: the scan always starts with the request of this render.
  useLayoutEffect(() => {
    requestRef.current = request;
  });

  const run = useCallback((resume: ResumePoint<LogRow> | null) => {
    const req = requestRef.current;
    if (!req) return;
    controller.current?.abort();
    // A fresh run keeps nothing of the last one (its logs could be 100,000 rows).
    if (!resume) resumePoint.current = null;
    const ctl = new AbortController();
    controller.current = ctl;
    const { client, endpoint, filter } = req;
    let nextId = resume ? resume.progress.logs : 0;
    const { send, head } = scanCalls(client, endpoint, filter, () => nextId++);
    setView((v) => ({
      status: "running",
      logs: resume ? v.logs : [],
      progress: resume?.progress ?? null,
      error: null,
      failedRange: null,
    }));
    const h = startScan<LogRow>({
      plan: planFor(filter),
      send,
      head,
      concurrency: concurrencyRef.current,
      signal: ctl.signal,
      resume: resume ?? undefined,
      onUpdate: (logs, progress) => {
        if (controller.current !== ctl) return;
        setView((v) => (v.status === "running" ? { ...v, logs, progress } : v));
      },
    });
    handle.current = h;
    void h.done.then((out) => {
      if (controller.current !== ctl) return;
      handle.current = null;
      resumePoint.current = out.status === "done" ? null : out.resume;
      setView({
        status: out.status,
        logs: out.logs,
        progress: out.progress,
        error: out.status === "error" ? out.error : null,
        failedRange: out.status === "error" ? out.failedRange : null,
      });
    });
  }, []);

  useEffect(() => {
    if (!request) return;
    run(null);
    return () => {
      controller.current?.abort();
      controller.current = null;
    };
    // runKey names the request (endpoint + filter + run number); the request object is read from a ref
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runKey, run]);

  useEffect(() => {
    concurrencyRef.current = concurrency;
    handle.current?.setConcurrency(concurrency);
  }, [concurrency]);

  const cancel = useCallback(() => controller.current?.abort(), []);
  const retry = useCallback(() => {
    if (resumePoint.current) run(resumePoint.current);
    else run(null);
  }, [run]);

  return { view: request ? view : IDLE, cancel, retry };
}
