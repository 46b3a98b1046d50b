import { describeRpcCode, providerHint } from "./codes";
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

function seconds(ms: number): string {
  const s = ms / 1000;
  return Number.isInteger(s) ? `${s} s` : `${s.toFixed(1)} s`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(n < 10 * 1024 ? 1 : 0)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** Every failure of a JSON-RPC call: where, what was sent, how long it took, and what to do. */
export abstract class RpcError extends Error {
  abstract readonly kind: RpcErrorKind;
  readonly method: string;
  /** The endpoint URL with secrets masked. */
  readonly endpoint: string;
  /** The JSON body sent, secrets masked. */
  readonly request: unknown;
  readonly durationMs: number;
  /** What happened and what to try, in a sentence or two; also the `message`. */
  readonly human: string;

  protected constructor(ctx: RpcErrorContext, human: string) {
    const secrets = ctx.secrets ?? [];
    const maskedHuman = maskSecrets(human, secrets);
    super(maskedHuman);
    this.method = ctx.method;
    this.endpoint = maskSecrets(ctx.endpoint, secrets);
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

function statusAdvice(
  status: number,
  method: string,
  host: string,
  retryAfterMs: number | undefined,
): string {
  switch (status) {
    case 400:
      return `${host} rejected the request as malformed: check the parameters of ${method}.`;
    case 401:
      return "The endpoint rejected the API key: check the key in the connection settings (complete, and made for this provider and network).";
    case 403:
      return "Access denied: the API key's allow-list (IP address or origin) may exclude this browser, or the plan does not cover this network or method. Check the key's settings in the provider's dashboard.";
    case 404:
      return `Nothing answers at this URL path on ${host}: check the endpoint URL (network segment, path, where the API key goes).`;
    case 405:
      return "The URL does not accept POST requests: it is probably not a JSON-RPC endpoint. Check the endpoint URL.";
    case 408:
      return "The server gave up waiting for the request: try again, or check your connection.";
    case 413:
      return "The request was too large for the endpoint: send fewer calls per batch, or smaller parameters.";
    case 415:
      return "The endpoint does not accept JSON bodies: it is probably not a JSON-RPC endpoint.";
    case 429: {
      const wait =
        retryAfterMs !== undefined
          ? `wait ${seconds(Math.ceil(retryAfterMs / 1000) * 1000)}`
          : "wait a moment";
      return `Rate limited, or the plan's compute units are used up: ${wait} and try again, run fewer requests at once, or check the plan's limits.`;
    }
    case 500:
      return `The node failed while handling ${method}: try again; if it keeps failing, the node may not handle this request.`;
    case 501:
      return `The endpoint does not implement this request: use an endpoint that serves ${method}.`;
    case 502:
      return "The provider's gateway got no valid answer from the node: the node is down or overloaded. Try again in a moment, or use another endpoint.";
    case 503:
      return "The node or gateway is unavailable or overloaded: try again in a moment, or use another endpoint.";
    case 504:
      return `The gateway gave up waiting for the node: the request may be too heavy (narrow it) or the node overloaded. Try again, or use another endpoint.`;
    default:
      if (status >= 500) return "The server failed: try again later, or use another endpoint.";
      if (status >= 400)
        return "The endpoint refused the request: check the endpoint URL and API key.";
      if (status >= 300)
        return "The endpoint answered with a redirect that was not followed: check the endpoint URL.";
      return "The endpoint answered with an unexpected status: check the endpoint URL.";
  }
}

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
    const hint = info.rpcError ? providerHint(info.rpcError.message, ctx.method) : null;
    const human = `${ctx.method} failed: ${host} answered HTTP ${info.status}${label ? ` ${label}` : ""}.${said} ${hint ?? statusAdvice(info.status, ctx.method, host, info.retryAfterMs)}`;
    super(ctx, human);
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
}

/** The node answered with a JSON-RPC error object. */
export class JsonRpcError extends RpcError {
  readonly kind = "json-rpc";
  readonly code: number;
  /** The node's own message, masked. */
  readonly rpcMessage: string;
  readonly data: unknown;
  /** The name of the code, e.g. "Method not found". */
  readonly codeName: string;

  constructor(ctx: RpcErrorContext, info: JsonRpcErrorInfo) {
    const described = describeRpcCode(info.code);
    const hint = providerHint(info.message, ctx.method);
    const human = `${ctx.method} failed: the node answered error ${info.code} (${described.name}): "${clip(info.message, 200)}". ${hint ?? `This means ${described.meaning}.`}`;
    super(ctx, human);
    this.name = "JsonRpcError";
    const secrets = ctx.secrets ?? [];
    this.code = info.code;
    this.rpcMessage = maskSecrets(info.message, secrets);
    this.data = maskValue(info.data, secrets);
    this.codeName = described.name;
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
      `${ctx.method} timed out: ${host} sent no complete answer within ${seconds(timeoutMs)}. The node may be overloaded or the request too heavy: narrow the request, try again, or raise the timeout.`,
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

function networkAdvice(host: string, f: NetworkFailure): string {
  const code = f.causeCode ?? "";
  if (code === "INVALID_URL")
    return "The endpoint is not a valid URL: it must start with http:// or https://. Check the endpoint URL.";
  if (f.offline) return "This device is offline: reconnect and try again.";
  if (f.mixedContent) {
    return "The page is served over https and the endpoint is http: the browser blocks such mixed content. Use an https endpoint, or open the dashboard over http.";
  }
  if (code === "ECONNREFUSED") {
    return `Connection refused: nothing listens at ${host}. Is the node running? Check the host and port in the endpoint URL.`;
  }
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") {
    return `The host name ${host} could not be resolved (DNS): check the spelling of the endpoint URL and your network.`;
  }
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET" || code === "EPIPE") {
    return `The connection to ${host} was dropped: the node or a proxy may be overloaded or restarting. Try again.`;
  }
  if (code === "ETIMEDOUT" || code === "UND_ERR_CONNECT_TIMEOUT") {
    return `Connecting to ${host} timed out: the host may be down or a firewall drops the traffic.`;
  }
  if (code === "EHOSTUNREACH" || code === "ENETUNREACH") {
    return `${host} is unreachable from this network: check the endpoint URL and your network.`;
  }
  if (/CERT|SSL|TLS/i.test(code)) {
    return `The TLS certificate of ${host} was not accepted: check the URL (https vs http) or the server's certificate.`;
  }
  return `Could not reach ${host}. Likely causes: the node is down or refuses connections; the host name does not resolve (DNS); the endpoint does not allow requests from this page (CORS); an http endpoint called from an https page (mixed content); or you are offline. Check the endpoint URL, then try again.`;
}

/** The request never got an HTTP answer: connection refused, DNS, CORS, mixed content, offline. */
export class NetworkError extends RpcError {
  readonly kind = "network";
  /** What the runtime reported, masked. */
  readonly causeText: string;
  readonly causeCode?: string;

  constructor(ctx: RpcErrorContext, failure: NetworkFailure) {
    const host = hostOf(maskSecrets(ctx.endpoint, ctx.secrets ?? []));
    super(
      ctx,
      `${ctx.method} could not be sent: ${networkAdvice(host, failure)} (${failure.causeText})`,
    );
    this.name = "NetworkError";
    this.causeText = maskSecrets(failure.causeText, ctx.secrets ?? []);
    this.causeCode = failure.causeCode;
  }
}

export type UnreadableReason =
  "html" | "empty" | "truncated" | "not-json" | "envelope" | "wrong-id";

function unreadableAdvice(
  reason: UnreadableReason,
  host: string,
  detail: string | undefined,
): string {
  switch (reason) {
    case "html":
      return `${host} answered with an HTML page instead of JSON: the URL probably points at a website, a login page or a proxy error page rather than a JSON-RPC endpoint. Check the endpoint URL.`;
    case "empty":
      return `${host} answered with an empty body: check the endpoint URL, or try again (a proxy may have dropped the answer).`;
    case "truncated":
      return `The answer from ${host} was cut off before the JSON ended (connection dropped or a proxy limit): try again, or ask for less data.`;
    case "not-json":
      return `${host} answered with something that is not JSON: check that the URL is a JSON-RPC endpoint.`;
    case "envelope":
      return `${host} answered with JSON that is not a valid JSON-RPC 2.0 response${detail ? ` (${detail})` : ""}: check that the URL is a JSON-RPC endpoint.`;
    case "wrong-id":
      return `The answer from ${host} does not belong to this request${detail ? ` (${detail})` : ""}: a proxy or load balancer may be mixing up answers. Try again.`;
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
    super(ctx, `${ctx.method} failed: ${unreadableAdvice(info.reason, host, info.detail)}`);
    this.name = "UnreadableResponseError";
    this.reason = info.reason;
    const text = info.reason === "html" ? oneLine(stripTags(info.body)) : oneLine(info.body);
    this.excerpt = clip(maskSecrets(text, ctx.secrets ?? []), EXCERPT_CHARS);
  }
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
      `${ctx.method} failed: the answer ${size}, over the ${formatBytes(info.limitBytes)} limit. Ask for less (a narrower block range, fewer calls, a lighter tracer) or raise the response size limit.`,
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
      `${ctx.method} returned an unexpected result: at ${info.path}, ${info.issue}${got}. The node may run a different client or version, or serve this method differently.`,
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
