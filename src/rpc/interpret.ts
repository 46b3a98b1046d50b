/**
 * The interpret step: an HTTP answer becomes the call's result or ONE named error class. Codes
 * and known provider wordings are matched here and nowhere else (viem's buildRequest switch);
 * everything above branches on `instanceof`.
 */
import type { z } from "../platform/zod";
import {
  ExecutionRevertedError,
  HttpStatusError,
  JsonRpcError,
  LimitExceededError,
  MethodUnsupportedError,
  MissingStateError,
  NodeTimeoutError,
  NotAllowedError,
  OutOfComputeUnitsError,
  RangeLimitError,
  RateLimitedError,
  ResourceNotFoundError,
  SchemaError,
  UnauthorizedError,
  UnknownTransactionError,
  UnreadableResponseError,
  type HttpStatusInfo,
  type JsonRpcErrorInfo,
  type RpcError,
  type RpcErrorContext,
} from "./errors";
import { RpcErrorCode } from "./codes";
import { readBlockRangeLimit } from "./limits";
import { perf } from "../platform/perf";
import { embeddedRpcError, isRecord, parseBody, readEnvelope, sameId } from "./response";
import { parseRetryAfter } from "./retry";

/** What the transport read: the status, a few headers and the body as text. */
export interface RawResponse {
  status: number;
  contentType: string;
  retryAfter: string | null;
  text: string;
  bytes: number;
}

/** The month's (or plan's) compute units are used up: the provider's `ran out of cu`. */
const OUT_OF_CU =
  /ran out of cu\b|out of compute units|monthly .*(limit|capacity|quota)|quota (exceeded|reached)/i;
/** Too many requests right now (per second, per minute). */
const RATE =
  /compute units per second|rate limit|too many requests|requests per second|exceeded .*capacity|throughput/i;
const UNAUTHORIZED = /unauthori[sz]ed|invalid api key|api key.*(invalid|not found)|authenticat/i;
const NOT_ALLOWED = /whitelist|allow-?list|not allowed.*\bip\b|\bip\b.*not allowed/i;
const METHOD_UNSUPPORTED =
  /\bmethod\b.*(does not exist|not available|not supported|does not support|not whitelisted)|method not found|unsupported method/i;
const REVERTED = /execution reverted|\breverted\b|vm exception.*revert/i;
const UNKNOWN_TX =
  /(transaction|tx)( hash)? (was )?not found|unknown transaction|no such transaction/i;
const MISSING_STATE =
  /missing trie node|historical state|state (is )?(not available|unavailable)|pruned|header not found|state.*not found|resource not found/i;
/** anvil's answer for a block below the states it keeps (`--prune-history`): height, then the block asked. */
const BELOW_KEPT_STATES = /block height is (\d+) but requested was (\d+)/i;
const NODE_TIMEOUT = /timeout|timed out|deadline exceeded|execution aborted/i;

/** Methods whose limit answers name a block range (the eth_getLogs table in providers.md). */
const RANGE_METHODS = new Set(["eth_getLogs", "eth_newFilter", "eth_getFilterLogs"]);

/** Revert bytes wherever nodes put them: `data` as hex, `{data}` nested, or "Reverted 0x…" text. */
export function findRevertData(d: unknown, depth = 0): `0x${string}` | null {
  if (typeof d === "string") {
    if (/^0x([0-9a-fA-F]{2})*$/.test(d)) return d as `0x${string}`;
    const m = /(?:revert(?:ed)?\W*)(0x(?:[0-9a-fA-F]{2})*)\b/i.exec(d);
    return (m?.[1] as `0x${string}` | undefined) ?? null;
  }
  if (depth > 3 || !isRecord(d)) return null;
  return findRevertData(d.data, depth + 1) ?? findRevertData(d.originalError, depth + 1);
}

/** A JSON-RPC error object, as its named class (the generic JsonRpcError when none applies). */
export function interpretRpcError(ctx: RpcErrorContext, info: JsonRpcErrorInfo): JsonRpcError {
  const { code, message } = info;
  // Nethermind: -32015 "VM execution error." with `data: "Reverted 0x…"`, or the bytes in the
  // message itself ("Reverted 0x…").
  const revertedData = typeof info.data === "string" && /^\s*reverted\b/i.test(info.data);
  if (code === ExecutionRevertedError.code || REVERTED.test(message) || revertedData)
    return new ExecutionRevertedError(
      ctx,
      info,
      findRevertData(info.data) ?? findRevertData(message),
    );
  if (MethodUnsupportedError.codes.includes(code) || METHOD_UNSUPPORTED.test(message))
    return new MethodUnsupportedError(ctx, info);
  if (RANGE_METHODS.has(ctx.method)) {
    // -32614 says "range too large" whatever the wording: a limit with no number to go by.
    const hint =
      readBlockRangeLimit(message) ??
      (code === RpcErrorCode.BlockRangeTooLarge
        ? { suggestedRange: null, maxBlockRange: null }
        : null);
    if (hint) return new RangeLimitError(ctx, info, hint);
  }
  if (code === LimitExceededError.code || OUT_OF_CU.test(message) || RATE.test(message))
    return new LimitExceededError(ctx, info);
  if (UNAUTHORIZED.test(message)) return new UnauthorizedError(ctx, info);
  if (NOT_ALLOWED.test(message)) return new NotAllowedError(ctx, info);
  if (UNKNOWN_TX.test(message)) return new UnknownTransactionError(ctx, info);
  if (MISSING_STATE.test(message)) return new MissingStateError(ctx, info);
  const below = BELOW_KEPT_STATES.exec(message);
  if (below && Number(below[2]) < Number(below[1])) return new MissingStateError(ctx, info);
  if (code === ResourceNotFoundError.code) return new ResourceNotFoundError(ctx, info);
  if (NODE_TIMEOUT.test(message)) return new NodeTimeoutError(ctx, info);
  return new JsonRpcError(ctx, info);
}

/**
 * A non-2xx answer. The status is the first fact, so it stays an HttpStatusError (rate limits
 * and used-up compute units named as such), unless its JSON-RPC error says something about the
 * request itself that callers act on: a block-range limit (split), a missing method, a revert,
 * an unknown transaction or missing state — those keep their JSON-RPC class, with the status.
 */
export function interpretHttpError(ctx: RpcErrorContext, info: HttpStatusInfo): RpcError {
  const said = info.rpcError?.message ?? "";
  if (OUT_OF_CU.test(said)) return new OutOfComputeUnitsError(ctx, info);
  if (info.status === RateLimitedError.status || RATE.test(said))
    return new RateLimitedError(ctx, info);
  if (info.rpcError) {
    const named = interpretRpcError(ctx, { ...info.rpcError, httpStatus: info.status });
    if (
      named instanceof RangeLimitError ||
      named instanceof MethodUnsupportedError ||
      named instanceof ExecutionRevertedError ||
      named instanceof UnknownTransactionError ||
      named instanceof ResourceNotFoundError
    )
      return named;
  }
  return new HttpStatusError(ctx, info);
}

function schemaPath(path: readonly PropertyKey[]): string {
  let out = "result";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else if (typeof key === "string" && /^[A-Za-z_$][\w$]*$/.test(key)) out += `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * One JSON-RPC answer to request `id`: the result (validated by `schema` when given), or the
 * named error. `ctx` is called for a fresh context (its duration) at the moment of failing.
 */
export function interpretResponse<T>(
  raw: RawResponse,
  id: number,
  ctx: () => RpcErrorContext,
  schema: z.ZodMiniType<T> | undefined,
): T {
  if (raw.status < 200 || raw.status >= 300) {
    throw interpretHttpError(ctx(), {
      status: raw.status,
      body: raw.text,
      retryAfterMs: parseRetryAfter(raw.retryAfter),
      rpcError: embeddedRpcError(raw.text),
    });
  }
  const method = ctx().method;
  const parseStart = perf.now();
  const parsed = parseBody(raw.text, raw.contentType);
  perf.measure("nodescope:parse", parseStart, method);
  if (!parsed.ok)
    throw new UnreadableResponseError(ctx(), { reason: parsed.reason, body: raw.text });
  const envelope = readEnvelope(parsed.value);
  if (!envelope.ok)
    throw new UnreadableResponseError(ctx(), {
      reason: "envelope",
      body: raw.text,
      detail: envelope.detail,
    });
  // A parse or invalid-request error may carry a null id: it still answers this request.
  const idMatches = sameId(envelope.id, id) || (envelope.kind === "error" && envelope.id === null);
  if (!idMatches) {
    throw new UnreadableResponseError(ctx(), {
      reason: "wrong-id",
      body: raw.text,
      detail: `sent id ${id}, got id ${describeValue(envelope.id)}`,
    });
  }
  if (envelope.kind === "error") throw interpretRpcError(ctx(), envelope.error);
  if (!schema) return envelope.result as T;
  const validateStart = perf.now();
  const checked = schema.safeParse(envelope.result);
  perf.measure("nodescope:validate", validateStart, method);
  if (checked.success) return checked.data;
  const issue = checked.error.issues[0];
  const path = issue ? issue.path : [];
  throw new SchemaError(ctx(), {
    path: schemaPath(path),
    issue: issue ? issue.message : "the value does not match the expected shape",
    received: describeValue(valueAt(envelope.result, path)),
  });
}
