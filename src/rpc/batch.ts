/**
 * A JSON-RPC batch: several calls in one POST to the same endpoint, each answered on its own.
 * A node that refuses batches (an error answer, an HTTP error, anything but an array) gives
 * `null`: the caller sends the calls one by one instead. One request record stands for the
 * batch — what went over the wire, the URL and both bodies masked as every record is.
 */
import { AbortedError, RpcError, UnreadableResponseError, type RpcErrorContext } from "./errors";
import { interpretHttpError, interpretResponse, type RawResponse } from "./interpret";
import { nextRequestId } from "./inflight";
import { endpointSecrets } from "./mask";
import { startRecord, type RequestRecord } from "./records";
import { isRecord, parseBody } from "./response";
import { parseRetryAfter } from "./retry";
import { exchange, type TransportOptions } from "./transport";

export interface BatchCall {
  method: string;
  params: readonly unknown[];
}

/** Each call's own outcome, in the order of the calls. */
export type BatchAnswer = ({ ok: true; value: unknown } | { ok: false; error: RpcError })[];

export interface BatchDeps {
  transport: TransportOptions;
  onRecord?: (r: RequestRecord) => void;
}

/** The record's method: the calls by name, counted ("batch: eth_getProof ×3, eth_getCode"). */
function batchName(calls: readonly BatchCall[]): string {
  const counts = new Map<string, number>();
  for (const c of calls) counts.set(c.method, (counts.get(c.method) ?? 0) + 1);
  const parts = [...counts].map(([m, n]) => (n > 1 ? `${m} ×${n}` : m));
  return `batch: ${parts.join(", ")}`;
}

export async function sendBatch(
  deps: BatchDeps,
  endpoint: { url: string; secrets?: readonly string[] },
  calls: readonly BatchCall[],
  signal?: AbortSignal,
): Promise<BatchAnswer | null> {
  const { url } = endpoint;
  const ids = calls.map(() => nextRequestId());
  const body = calls.map((c, i) => ({
    jsonrpc: "2.0",
    id: ids[i],
    method: c.method,
    params: [...c.params],
  }));
  const secrets = endpointSecrets(url, endpoint.secrets);
  const method = batchName(calls);
  const record = startRecord(deps.onRecord, { method, url, secrets, body });
  const started = performance.now();
  const ctxOf = (m: string, request: unknown) => (): RpcErrorContext => ({
    method: m,
    endpoint: url,
    request,
    durationMs: performance.now() - started,
    secrets,
  });
  const ctx = ctxOf(method, body);
  let raw: RawResponse;
  try {
    raw = await exchange(deps.transport, url, JSON.stringify(body), signal, ctx);
  } catch (e) {
    if (e instanceof RpcError) record.failed(e);
    throw e;
  }
  record.answered(raw);
  if (raw.status < 200 || raw.status >= 300) {
    record.failed(
      interpretHttpError(ctx(), {
        status: raw.status,
        body: raw.text,
        retryAfterMs: parseRetryAfter(raw.retryAfter),
      }),
    );
    return null;
  }
  const parsed = parseBody(raw.text, raw.contentType);
  if (!parsed.ok || !Array.isArray(parsed.value)) {
    record.failed(refusal(raw, ctx));
    return null;
  }
  const byId = new Map<unknown, unknown>();
  for (const el of parsed.value) if (isRecord(el)) byId.set(el.id, el);
  record.ok();
  return calls.map((c, i) => {
    const id = ids[i] ?? 0;
    const one = ctxOf(c.method, body[i]);
    const el = byId.get(id);
    try {
      if (el === undefined)
        throw new UnreadableResponseError(one(), {
          reason: "wrong-id",
          body: raw.text,
          detail: `the batch's answer has no id ${id}`,
        });
      const text = JSON.stringify(el);
      const own: RawResponse = { ...raw, text, bytes: text.length };
      return { ok: true, value: interpretResponse(own, id, one, undefined) };
    } catch (e) {
      if (!(e instanceof RpcError)) throw e;
      return { ok: false, error: e };
    }
  });
}

/** What a node said instead of answering the batch, as the error a single call would get. */
function refusal(raw: RawResponse, ctx: () => RpcErrorContext): RpcError {
  try {
    // An error envelope (usually with a null id) names the refusal; anything else is unreadable.
    interpretResponse(raw, -1, ctx, undefined);
  } catch (e) {
    if (e instanceof RpcError && !(e instanceof AbortedError)) return e;
  }
  return new UnreadableResponseError(ctx(), {
    reason: "envelope",
    body: raw.text,
    detail: "a batch was answered with something other than an array",
  });
}
