/**
 * One class per failure of a JSON-RPC call. Each tells the facts — what happened, in which call,
 * what the node or server said — with the API key masked everywhere. What a person should try
 * next is not here: it is looked up by class above this layer (src/advice/advice.ts).
 * The classes are built in one place, the interpret step (interpret.ts); everything above
 * branches on `instanceof`.
 */
import { describeRpcCode } from "./codes";
import { maskSecrets, maskValue } from "./mask";

export type RpcErrorKind =
  "http" | "json-rpc" | "timeout" | "network" | "unreadable" | "too-large" | "schema" | "aborted";

/** Where a failure happened. The constructor masks the secrets everywhere; they are not kept. */
export interface RpcErrorContext {
  method: string;
  /** The URL as called; stored masked. */
  endpoint: string;
  /** The JSON body sent, as a value; stored masked. */
  request: unknown;
  durationMs: number;
  secrets?: readonly string[];
}

export const EXCERPT_CHARS = 300;

/** The host (and port) of a URL, or the text itself when it is not a URL. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** "30 s", "0.2 s". */
export function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return Number.isInteger(s) ? `${s} s` : `${s.toFixed(1)} s`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(n < 10 * 1024 ? 1 : 0)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** Every failure of a JSON-RPC call: where, what was sent, how long it took, what happened. */
export abstract class RpcError extends Error {
  abstract readonly kind: RpcErrorKind;
  readonly method: string;
  /** The endpoint URL with secrets masked. */
  readonly endpoint: string;
  /** The host of the endpoint (masked). */
  readonly host: string;
  /** The JSON body sent, secrets masked. */
  readonly request: unknown;
  readonly durationMs: number;
  /** What happened, in which call, in a sentence or two; also the `message`. */
  readonly human: string;

  protected constructor(ctx: RpcErrorContext, human: string) {
    const secrets = ctx.secrets ?? [];
    const maskedHuman = maskSecrets(human, secrets);
    super(maskedHuman);
    this.method = ctx.method;
    this.endpoint = maskSecrets(ctx.endpoint, secrets);
    this.host = hostOf(this.endpoint);
    this.request = maskValue(ctx.request, secrets);
    this.durationMs = ctx.durationMs;
    this.human = maskedHuman;
  }
}

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  501: "Not Implemented",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

export interface HttpStatusInfo {
  status: number;
  /** The body as text (any length); an excerpt is kept. */
  body: string;
  retryAfterMs?: number;
  /** When the body is a JSON-RPC error envelope. */
  rpcError?: { code: number; message: string };
}

/** The endpoint answered with a status other than 2xx. */
export class HttpStatusError extends RpcError {
  readonly kind = "http";
  readonly status: number;
  /** Up to 300 characters of the body (HTML tags stripped; the JSON-RPC error when there is one). */
  readonly bodyExcerpt: string;
  readonly retryAfterMs?: number;
  /** The JSON-RPC error code inside the body, when the body carries one. */
  readonly rpcCode?: number;
  /** The JSON-RPC error message inside the body, when the body carries one. */
  readonly rpcMessage?: string;

  constructor(ctx: RpcErrorContext, info: HttpStatusInfo) {
    const secrets = ctx.secrets ?? [];
    const host = hostOf(maskSecrets(ctx.endpoint, secrets));
    const label = STATUS_TEXT[info.status];
    const said = info.rpcError ? ` The server said: "${clip(info.rpcError.message, 160)}".` : "";
    super(
      ctx,
      `${ctx.method} failed: ${host} answered HTTP ${info.status}${label ? ` ${label}` : ""}.${said}`,
    );
    this.name = "HttpStatusError";
    this.status = info.status;
    this.retryAfterMs = info.retryAfterMs;
    this.rpcCode = info.rpcError?.code;
    this.rpcMessage = info.rpcError ? maskSecrets(info.rpcError.message, secrets) : undefined;
    const excerpt = info.rpcError
      ? `JSON-RPC error ${info.rpcError.code}: ${info.rpcError.message} | ${oneLine(info.body)}`
      : oneLine(looksLikeHtml(info.body) ? stripTags(info.body) : info.body);
    this.bodyExcerpt = clip(maskSecrets(excerpt, secrets), EXCERPT_CHARS);
  }
}

/** Too many requests for now (HTTP 429, or a rate-limit answer in another status): waiting helps. */
export class RateLimitedError extends HttpStatusError {
  static readonly status = 429;
  constructor(ctx: RpcErrorContext, info: HttpStatusInfo) {
    super(ctx, info);
    this.name = "RateLimitedError";
  }
}

/**
 * The plan's compute units for the period are used up (the provider's `ran out of cu`, sent with
 * HTTP 429): unlike a rate limit, waiting seconds does not help, so it is never retried.
 */
export class OutOfComputeUnitsError extends HttpStatusError {
  static readonly status = 429;
  constructor(ctx: RpcErrorContext, info: HttpStatusInfo) {
    super(ctx, info);
    this.name = "OutOfComputeUnitsError";
  }
}

export function looksLikeHtml(text: string): boolean {
  return /^\s*</.test(text) && /<(!doctype|html|head|body|title|h1|p|div|center)\b/i.test(text);
}

function stripTags(html: string): string {
  return html.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, " ").replace(/<[^>]*>/g, " ");
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export interface JsonRpcErrorInfo {
  code: number;
  message: string;
  data?: unknown;
  /** The HTTP status, when the error object came in a non-2xx answer. */
  httpStatus?: number;
}

/** The node answered with a JSON-RPC error object (the generic class; see the named ones below). */
export class JsonRpcError extends RpcError {
  readonly kind = "json-rpc";
  readonly code: number;
  /** The node's own message, masked. */
  readonly rpcMessage: string;
  readonly data: unknown;
  /** The name of the code, e.g. "Method not found". */
  readonly codeName: string;
  /** What the code means, in a phrase (e.g. "the method does not exist or …"). */
  readonly codeMeaning: string;
  /** The HTTP status, when the error object came in a non-2xx answer. */
  readonly httpStatus?: number;

  constructor(ctx: RpcErrorContext, info: JsonRpcErrorInfo) {
    const described = describeRpcCode(info.code);
    const via = info.httpStatus !== undefined ? `HTTP ${info.httpStatus} with ` : "";
    super(
      ctx,
      `${ctx.method} failed: the node answered ${via}error ${info.code} (${described.name}): "${clip(info.message, 200)}".`,
    );
    this.name = "JsonRpcError";
    const secrets = ctx.secrets ?? [];
    this.code = info.code;
    this.rpcMessage = maskSecrets(info.message, secrets);
    this.data = maskValue(info.data, secrets);
    this.codeName = described.name;
    this.codeMeaning = described.meaning;
    this.httpStatus = info.httpStatus;
  }
}

/** The endpoint does not offer the method (not implemented, or not in the plan). */
export class MethodUnsupportedError extends JsonRpcError {
  /** JSON-RPC 2.0 "Method not found". */
  static readonly code = -32601;
  /** Every code that means it: also EIP-1474 "Method not supported" (-32004). */
  static readonly codes: readonly number[] = [-32601, -32004];
  override readonly name: string = "MethodUnsupportedError";
}

/** The API key was rejected (the provider's `Unauthorized`, `invalid api key`). */
export class UnauthorizedError extends JsonRpcError {
  override readonly name: string = "UnauthorizedError";
}

/** The caller's IP address or origin is not on the key's allow-list. */
export class NotAllowedError extends JsonRpcError {
  /** EIP-1474 "Resource unavailable", which the provider uses for allow-list rejections. */
  static readonly code = -32002;
  override readonly name: string = "NotAllowedError";
}

/** A request limit was exceeded (EIP-1474 -32005) that is not a block-range or result limit. */
export class LimitExceededError extends JsonRpcError {
  static readonly code = -32005;
  override readonly name: string = "LimitExceededError";
}

export interface BlockRangeHint {
  /** The range the node suggests instead ("Try with this block range [0xA, 0xB]"). */
  suggestedRange: { from: number; to: number } | null;
  /** The largest block range the endpoint accepts, when the message names it (or a known default). */
  maxBlockRange: number | null;
}

/**
 * eth_getLogs asked for too much: too wide a block range, or more results than the endpoint
 * returns at once. Carries what the message says to do instead, parsed (hex or decimal).
 */
export class RangeLimitError extends JsonRpcError {
  readonly suggestedRange: { from: number; to: number } | null;
  readonly maxBlockRange: number | null;
  constructor(ctx: RpcErrorContext, info: JsonRpcErrorInfo, hint: BlockRangeHint) {
    super(ctx, info);
    this.name = "RangeLimitError";
    this.suggestedRange = hint.suggestedRange;
    this.maxBlockRange = hint.maxBlockRange;
  }
}

/** The node gave up on its own time limit (`timeout`, `execution timeout`, …). */
export class NodeTimeoutError extends JsonRpcError {
  override readonly name: string = "NodeTimeoutError";
}

/** The node does not know the transaction (a wrong hash, or another network). */
export class UnknownTransactionError extends JsonRpcError {
  override readonly name: string = "UnknownTransactionError";
}

/** EIP-1474 "Resource not found": the block, transaction or state asked for is not there. */
export class ResourceNotFoundError extends JsonRpcError {
  static readonly code = -32001;
  override readonly name: string = "ResourceNotFoundError";
}

/**
 * The node no longer holds the state asked for (pruned): geth `missing trie node`, `required
 * historical state unavailable`, `header not found`; anvil --prune-history's -32001.
 */
export class MissingStateError extends ResourceNotFoundError {
  override readonly name: string = "MissingStateError";
}

/** The EVM execution reverted (reference client: code 3, `data` = the revert bytes). */
export class ExecutionRevertedError extends JsonRpcError {
  static readonly code = 3;
  /** The revert bytes as hex, wherever the node put them; null when it sent none. */
  readonly revertData: `0x${string}` | null;
  constructor(ctx: RpcErrorContext, info: JsonRpcErrorInfo, revertData: `0x${string}` | null) {
    super(ctx, info);
    this.name = "ExecutionRevertedError";
    this.revertData = revertData;
  }
}

/** No complete answer arrived within the time limit. */
export class TimeoutError extends RpcError {
  readonly kind = "timeout";
  readonly timeoutMs: number;

  constructor(ctx: RpcErrorContext, timeoutMs: number) {
    const host = hostOf(maskSecrets(ctx.endpoint, ctx.secrets ?? []));
    super(
      ctx,
      `${ctx.method} timed out: ${host} sent no complete answer within ${formatSeconds(timeoutMs)}.`,
    );
    this.name = "TimeoutError";
    this.timeoutMs = timeoutMs;
  }
}

export interface NetworkFailure {
  /** What the runtime said, e.g. "fetch failed: ECONNREFUSED" or "Failed to fetch". */
  causeText: string;
  /** The system error code when the runtime gives one (Node: ECONNREFUSED, ENOTFOUND, ...). */
  causeCode?: string;
  /** The page calling is https and the endpoint http (browsers block it as mixed content). */
  mixedContent?: boolean;
  /** The browser reports being offline. */
  offline?: boolean;
}

/** The request never got an HTTP answer: connection refused, DNS, CORS, mixed content, offline. */
export class NetworkError extends RpcError {
  readonly kind = "network";
  /** What the runtime reported, masked. */
  readonly causeText: string;
  readonly causeCode?: string;
  readonly mixedContent: boolean;
  readonly offline: boolean;

  constructor(ctx: RpcErrorContext, failure: NetworkFailure) {
    const host = hostOf(maskSecrets(ctx.endpoint, ctx.secrets ?? []));
    super(ctx, `${ctx.method} could not be sent to ${host} (${failure.causeText}).`);
    this.name = "NetworkError";
    this.causeText = maskSecrets(failure.causeText, ctx.secrets ?? []);
    this.causeCode = failure.causeCode;
    this.mixedContent = failure.mixedContent ?? false;
    this.offline = failure.offline ?? false;
  }
}

export type UnreadableReason =
  "html" | "empty" | "truncated" | "not-json" | "envelope" | "wrong-id";

function unreadableFact(
  reason: UnreadableReason,
  host: string,
  detail: string | undefined,
): string {
  switch (reason) {
    case "html":
      return `${host} answered with an HTML page instead of JSON`;
    case "empty":
      return `${host} answered with an empty body`;
    case "truncated":
      return `the answer from ${host} was cut off before the JSON ended${detail ? ` (${detail})` : ""}`;
    case "not-json":
      return `${host} answered with something that is not JSON`;
    case "envelope":
      return `${host} answered with JSON that is not a valid JSON-RPC 2.0 response${detail ? ` (${detail})` : ""}`;
    case "wrong-id":
      return `the answer from ${host} does not belong to this request${detail ? ` (${detail})` : ""}`;
  }
}

/** An answer arrived but cannot be read as a JSON-RPC response. */
export class UnreadableResponseError extends RpcError {
  readonly kind = "unreadable";
  readonly reason: UnreadableReason;
  /** Up to 300 characters of what arrived, masked. */
  readonly excerpt: string;

  constructor(
    ctx: RpcErrorContext,
    info: { reason: UnreadableReason; body: string; detail?: string },
  ) {
    const host = hostOf(maskSecrets(ctx.endpoint, ctx.secrets ?? []));
    super(ctx, `${ctx.method} failed: ${unreadableFact(info.reason, host, info.detail)}.`);
    this.name = "UnreadableResponseError";
    this.reason = info.reason;
    const text = info.reason === "html" ? oneLine(stripTags(info.body)) : oneLine(info.body);
    this.excerpt = clip(maskSecrets(text, ctx.secrets ?? []), EXCERPT_CHARS);
  }
}

/** The answer the connection closed on before its end (`body`: what arrived). */
export function closedMidAnswer(ctx: RpcErrorContext, body: string): UnreadableResponseError {
  return new UnreadableResponseError(ctx, {
    reason: "truncated",
    body,
    detail: "the connection closed mid-answer",
  });
}

/** The answer is larger than the client accepts. */
export class ResponseTooLargeError extends RpcError {
  readonly kind = "too-large";
  readonly limitBytes: number;
  /** Bytes received before stopping, or the announced Content-Length when it was refused upfront. */
  readonly receivedBytes: number;

  constructor(
    ctx: RpcErrorContext,
    info: { limitBytes: number; receivedBytes: number; announced: boolean },
  ) {
    const size = info.announced
      ? `announces ${formatBytes(info.receivedBytes)}`
      : `passed ${formatBytes(info.receivedBytes)} before the download was stopped`;
    super(
      ctx,
      `${ctx.method} failed: the answer ${size}, over the ${formatBytes(info.limitBytes)} limit.`,
    );
    this.name = "ResponseTooLargeError";
    this.limitBytes = info.limitBytes;
    this.receivedBytes = info.receivedBytes;
  }
}

/** The result does not have the expected shape. */
export class SchemaError extends RpcError {
  readonly kind = "schema";
  /** Where the first problem is, e.g. `result.calls[3].gasUsed`. */
  readonly path: string;
  /** What is wrong there. */
  readonly issue: string;

  constructor(ctx: RpcErrorContext, info: { path: string; issue: string; received?: string }) {
    const got = info.received !== undefined ? ` (got ${clip(info.received, 80)})` : "";
    super(
      ctx,
      `${ctx.method} returned an unexpected result: at ${info.path}, ${info.issue}${got}.`,
    );
    this.name = "SchemaError";
    this.path = info.path;
    this.issue = maskSecrets(info.issue, ctx.secrets ?? []);
  }
}

/** The caller cancelled the request. */
export class AbortedError extends RpcError {
  readonly kind = "aborted";

  constructor(ctx: RpcErrorContext) {
    super(ctx, `${ctx.method} was cancelled.`);
    this.name = "AbortedError";
  }
}
