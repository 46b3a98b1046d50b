/**
 * The two calls a range scan makes on one endpoint for one filter (no React): `send`, one
 * eth_getLogs over [from, to] whose rows are made as the answer streams in, and `head`,
 * eth_blockNumber. The log explorer's scan and an address's activity (several filters at once)
 * build them here, so both read answers the same way.
 */
import { hexToNumber } from "viem";
import { quantity } from "../chain";
import type { ResolvedEndpoint } from "../endpoints";
import { perf } from "../platform/perf";
import type { RpcClient } from "../rpc";
import { toParams, type LogFilter } from "./params";
import type { BlockRef } from "./ranges";
import { logsResultSchema, toLogRow, type LogRow, type RawLog } from "./result";
import type { ScanOptions } from "./scanner";
import { logsStream } from "./stream";

/**
 * `nextId` numbers the rows (their React keys and the table's ids): a scan's rows, or the rows of
 * several scans shown as one list, never share one.
 */
export function scanCalls(
  client: RpcClient,
  endpoint: ResolvedEndpoint,
  filter: LogFilter,
  nextId: () => number,
): Pick<ScanOptions<LogRow>, "send" | "head"> {
  const send: ScanOptions<LogRow>["send"] = async (
    from: BlockRef | null,
    to: BlockRef | null,
    signal,
    retry,
    partial,
  ) => {
    // Rows are made and shown as the answer streams in; an answer the stream cannot read is
    // read whole (through the schema) and its rows made here.
    const streamed = logsStream(nextId, partial);
    const raw: RawLog[] = await client.request<RawLog[]>(
      endpoint,
      endpoint.rpcMethod,
      toParams(filter, from, to),
      {
        signal,
        schema: logsResultSchema,
        stream: streamed.stream,
        maxRetries: retry.maxRetries,
        onRetry: retry.onRetry,
      },
    );
    if (raw === streamed.raws) return streamed.rows;
    return perf.time("nodescope:logs:rows", () => raw.map((r: RawLog) => toLogRow(r, nextId())));
  };
  const head: ScanOptions<LogRow>["head"] = async (signal, retry) => {
    const n = await client.request(endpoint, "eth_blockNumber", [], {
      signal,
      schema: quantity,
      maxRetries: retry.maxRetries,
      onRetry: retry.onRetry,
    });
    return hexToNumber(n);
  };
  return { send, head };
}
