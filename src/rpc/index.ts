export {
  createRpcClient,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
  type CallOptions,
  type RpcClient,
  type RpcClientOptions,
  type RpcEndpoint,
} from "./client";
export { defaultSleep } from "./transport";
export type { RequestRecord } from "./records";
export {
  AbortedError,
  ExecutionRevertedError,
  formatSeconds,
  hostOf,
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
  ResourceNotFoundError,
  ResponseTooLargeError,
  RpcError,
  SchemaError,
  TimeoutError,
  UnauthorizedError,
  UnknownTransactionError,
  UnreadableResponseError,
  type BlockRangeHint,
  type HttpStatusInfo,
  type JsonRpcErrorInfo,
  type RpcErrorContext,
  type RpcErrorKind,
  type UnreadableReason,
} from "./errors";
export { findRevertData, interpretHttpError, interpretRpcError } from "./interpret";
export {
  describeRpcCode,
  RpcErrorCode,
  type RpcCodeDescription,
  type RpcErrorCodeName,
} from "./codes";
export { maskSecret, maskSecrets } from "./mask";
export { perf } from "./perf";
export { isTraceMethod, MAX_RETRIES, parseRetryAfter, shouldRetry } from "./retry";
