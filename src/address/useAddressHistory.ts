/**
 * The standard-method history's state for a view: the sent transactions found a page at a time
 * (the search kept between pages, aborted on unmount or a new account), and the recent-block
 * scan started on request with its progress and Cancel.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { quantity } from "../chain/hexSchemas";
import { requireQuantity } from "../chain/quantity";
import type { ResolvedEndpoint } from "../endpoints";
import type { RpcClient, RpcEndpoint } from "../rpc";
import { SentHistory, type SentHistoryState } from "./nonceHistory";
import { fetchBlock, nonceReader } from "./reader";
import { scanRecentBlocks, type RecentScanProgress } from "./recentScan";

/** Sent transactions a page asks for: about log2(head) requests each. */
export const HISTORY_PAGE = 10;
/** Blocks the recent scan reads (each a full block: heavy on a busy chain). */
export const RECENT_BLOCKS = 200;
const CONCURRENCY = 4;

export interface SentView {
  status: "starting" | "running" | "idle" | "error";
  state: SentHistoryState | null;
  error: unknown;
  /** The block the history reads up to (the range's end or the head). */
  head: number | null;
  /** Requests sent for the search (the head's nonce included). */
  requests: number;
}

export interface ScanView {
  status: "idle" | "running" | "done" | "cancelled" | "error";
  progress: RecentScanProgress | null;
  error: unknown;
}

export function useAddressHistory(
  client: RpcClient,
  endpoint: ResolvedEndpoint,
  address: string,
  toBlock: number | null,
) {
  const [sent, setSent] = useState<SentView>({
    status: "starting",
    state: null,
    error: null,
    head: null,
    requests: 0,
  });
  const search = useRef<{ history: SentHistory; head: number; extra: number } | null>(null);
  const ctl = useRef<AbortController | null>(null);
  // The endpoint object may be new on each render: the search starts over only when its id does.
  const endpointRef = useRef<RpcEndpoint>(endpoint);
  useLayoutEffect(() => {
    endpointRef.current = { url: endpoint.url, secrets: endpoint.secrets };
  });
  const endpointId = endpoint.cacheId;

  const more = useCallback(async () => {
    const s = search.current;
    const signal = ctl.current?.signal;
    if (!s || signal?.aborted) return;
    setSent((v) => ({ ...v, status: "running", error: null }));
    try {
      const state = await s.history.more(HISTORY_PAGE, signal);
      if (signal?.aborted) return;
      setSent({
        status: "idle",
        state,
        error: null,
        head: s.head,
        requests: state.requests + s.extra,
      });
    } catch (error) {
      if (signal?.aborted) return;
      const state = s.history.state();
      setSent({ status: "error", state, error, head: s.head, requests: state.requests + s.extra });
    }
  }, []);

  useEffect(() => {
    const c = new AbortController();
    ctl.current = c;
    search.current = null;
    const target = endpointRef.current;
    setSent({ status: "starting", state: null, error: null, head: null, requests: 0 });
    void (async () => {
      try {
        let extra = 0;
        let head = toBlock;
        if (head === null) {
          extra++;
          const h = await client.request(target, "eth_blockNumber", [], {
            signal: c.signal,
            schema: quantity,
          });
          head = Number(requireQuantity(h, "block number"));
        }
        const reader = nonceReader(client, target, address);
        extra++;
        const nonce = await reader.nonceAt(head, c.signal);
        if (c.signal.aborted) return;
        search.current = {
          history: new SentHistory(reader, address, head, nonce, CONCURRENCY),
          head,
          extra,
        };
        await more();
      } catch (error) {
        if (c.signal.aborted) return;
        setSent((v) => ({ ...v, status: "error", error }));
      }
    })();
    return () => c.abort();
  }, [client, endpointId, address, toBlock, more]);

  const [scan, setScan] = useState<ScanView>({ status: "idle", progress: null, error: null });
  const scanCtl = useRef<AbortController | null>(null);
  useEffect(() => () => scanCtl.current?.abort(), [address, toBlock]);

  const startScan = useCallback(() => {
    const head = search.current?.head ?? toBlock;
    if (head === null) return;
    scanCtl.current?.abort();
    const c = new AbortController();
    scanCtl.current = c;
    const target = endpointRef.current;
    setScan({ status: "running", progress: null, error: null });
    scanRecentBlocks({
      block: (n, signal) => fetchBlock(client, target, n, signal),
      address,
      to: head,
      count: RECENT_BLOCKS,
      concurrency: CONCURRENCY,
      signal: c.signal,
      onProgress: (progress) => {
        if (scanCtl.current === c) setScan((v) => ({ ...v, progress }));
      },
    }).then(
      (progress) => {
        if (scanCtl.current !== c) return;
        setScan({ status: c.signal.aborted ? "cancelled" : "done", progress, error: null });
      },
      (error: unknown) => {
        if (scanCtl.current !== c) return;
        setScan((v) => ({ ...v, status: c.signal.aborted ? "cancelled" : "error", error }));
      },
    );
  }, [client, address, toBlock]);

  const cancelScan = useCallback(() => scanCtl.current?.abort(), []);

  return { sent, more: () => void more(), scan, startScan, cancelScan };
}
