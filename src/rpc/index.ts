export {
  createRpcClient,
  defaultSleep,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
  type BatchEntry,
  type CallOptions,
  type RequestRecord,
  type RpcClient,
  type RpcClientOptions,
  type RpcEndpoint,
} from "./client";
export {
  AbortedError,
  HttpStatusError,
  JsonRpcError,
  NetworkError,
  ResponseTooLargeError,
  RpcError,
  SchemaError,
  TimeoutError,
  UnreadableResponseError,
  type RpcErrorContext,
  type RpcErrorKind,
  type UnreadableReason,
} from "./errors";
export {
  describeRpcCode,
  RpcErrorCode,
  type RpcCodeDescription,
  type RpcErrorCodeName,
} from "./codes";
export { maskSecrets } from "./mask";
export { isTraceMethod, parseRetryAfter, shouldRetry } from "./retry";
