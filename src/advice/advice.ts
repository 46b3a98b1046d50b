/**
 * What a person can try after a failed call, looked up by the error's class — the one place for
 * such advice. The rpc layer's errors tell the facts (what happened, in which call); this module
 * adds the next step. Method-specific explanations (a trace's pruned state, an estimate's revert)
 * stay with their method, and branch on the same classes.
 */
import {
  AbortedError,
  ExecutionRevertedError,
  formatBytes,
  formatSeconds,
  HttpStatusError,
  JsonRpcError,
  LimitExceededError,
  MethodUnsupportedError,
  MissingStateError,
  NetworkError,
  NodeTimeoutError,
  NotAllowedError,
  OutOfComputeUnitsError,
  RangeLimitError,
  RateLimitedError,
  ResponseTooLargeError,
  RpcError,
  SchemaError,
  TimeoutError,
  UnauthorizedError,
  UnknownTransactionError,
  UnreadableResponseError,
} from "../rpc";
import { groupedNumber } from "../ui/basics/numberText";

const KEY_REJECTED =
  "The API key was rejected: check the key in the connection settings (complete, and made for this provider and network).";
const NOT_ON_ALLOW_LIST =
  "Your IP address or origin is not on the API key's allow-list: add it in the provider's dashboard or lift the restriction.";
const CU_USED_UP =
  "The plan's compute units are used up for this period: wait for the next cycle, or upgrade the plan.";

function rateLimitAdvice(retryAfterMs: number | undefined): string {
  const wait =
    retryAfterMs !== undefined
      ? `wait ${formatSeconds(Math.ceil(retryAfterMs / 1000) * 1000)}`
      : "wait a moment";
  return `Rate limited, or the plan's compute units are used up: ${wait} and try again, run fewer requests at once, or check the plan's limits.`;
}

function statusAdvice(e: HttpStatusError): string {
  const { status, method, host } = e;
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
    case 429:
      return rateLimitAdvice(e.retryAfterMs);
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

function networkAdvice(e: NetworkError): string {
  const { host } = e;
  const code = e.causeCode ?? "";
  if (code === "INVALID_URL")
    return "The endpoint is not a valid URL: it must start with http:// or https://. Check the endpoint URL.";
  if (e.offline) return "This device is offline: reconnect and try again.";
  if (e.mixedContent) {
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

function unreadableAdvice(e: UnreadableResponseError): string {
  switch (e.reason) {
    case "html":
      return "The URL probably points at a website, a login page or a proxy error page rather than a JSON-RPC endpoint. Check the endpoint URL.";
    case "empty":
      return "Check the endpoint URL, or try again (a proxy may have dropped the answer).";
    case "truncated":
      return "The connection dropped or a proxy cut the answer: try again, or ask for less data.";
    case "not-json":
      return "Check that the URL is a JSON-RPC endpoint.";
    case "envelope":
      return "Check that the URL is a JSON-RPC endpoint.";
    case "wrong-id":
      return "A proxy or load balancer may be mixing up answers. Try again.";
  }
}

/** What to try after `error`, or null when there is nothing useful to add. */
export function adviceFor(error: unknown): string | null {
  if (!(error instanceof RpcError) || error instanceof AbortedError) return null;
  if (error instanceof OutOfComputeUnitsError) return CU_USED_UP;
  if (error instanceof RateLimitedError) return rateLimitAdvice(error.retryAfterMs);
  if (error instanceof HttpStatusError) return statusAdvice(error);
  if (error instanceof MethodUnsupportedError)
    return `This endpoint does not offer ${error.method}: use an endpoint or plan that serves it.`;
  if (error instanceof UnauthorizedError) return KEY_REJECTED;
  if (error instanceof NotAllowedError) return NOT_ON_ALLOW_LIST;
  if (error instanceof RangeLimitError)
    return `The endpoint limits how much one ${error.method} call may cover: narrow the block range${error.maxBlockRange !== null ? ` to at most ${groupedNumber(error.maxBlockRange)} blocks` : ""}.`;
  if (error instanceof LimitExceededError)
    return "A limit of the endpoint or plan was hit (requests per second, compute units, result size): slow down (fewer parallel requests), ask for less, or check the plan's limits.";
  if (error instanceof NodeTimeoutError)
    return "The node gave up on its own time limit: ask for less (a narrower block range, a lighter tracer) or try again later.";
  if (error instanceof ExecutionRevertedError)
    return "The call reverted: the revert data (if any) says why.";
  if (error instanceof UnknownTransactionError)
    return "Check the hash, and that the connection points at the network the transaction was sent on.";
  if (error instanceof MissingStateError)
    return "The node no longer keeps the state this needs (it has pruned it): use an archive node, or ask about a more recent block.";
  if (error instanceof JsonRpcError) return `This means ${error.codeMeaning}.`;
  if (error instanceof TimeoutError)
    return "The node may be overloaded or the request too heavy: narrow the request, try again, or raise the timeout.";
  if (error instanceof NetworkError) return networkAdvice(error);
  if (error instanceof UnreadableResponseError) return unreadableAdvice(error);
  if (error instanceof ResponseTooLargeError)
    return `Ask for less (a narrower block range, fewer calls, a lighter tracer), or raise Settings → “Response size limit” (now ${formatBytes(error.limitBytes)}) if this device has the memory for it.`;
  if (error instanceof SchemaError)
    return "The node may run a different client or version, or serve this method differently.";
  return null;
}

/** An error as the error panel shows it: the facts, where it happened, and what to try. */
export interface ErrorViewProps {
  headline: string;
  /** "method → endpoint · kind · 120 ms" for a failed call; null otherwise. */
  detail: string | null;
  advice: string | null;
}

export function errorView(error: unknown): ErrorViewProps {
  if (error instanceof RpcError) {
    return {
      headline: error.human,
      detail: `${error.method} → ${error.endpoint} · ${error.kind} · ${Math.round(error.durationMs)} ms`,
      advice: adviceFor(error),
    };
  }
  return {
    headline: error instanceof Error ? error.message : String(error),
    detail: null,
    advice: null,
  };
}
