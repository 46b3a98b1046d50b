export {
  createRpcClient,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
  type CallOptions,
  type RpcClient,
  type RpcClientOptions,
  type RpcEndpoint,
} from "./client";
export type { BatchAnswer, BatchCall } from "./batch";
export { defaultSleep, RemoteUnavailable } from "./transport";
export { isRecord } from "./response";
export type { RequestRecord } from "./records";
// Every error class and its types: the rest of the app branches on them by class.
export * from "./errors";
export { findRevertData, interpretHttpError, interpretRpcError } from "./interpret";
export {
  describeRpcCode,
  RpcErrorCode,
  type RpcCodeDescription,
  type RpcErrorCodeName,
} from "./codes";
export { maskSecret, maskSecrets } from "./mask";
export { deadline, type Deadline } from "./deadline";
export { createResultArrayStream, type ResultStream } from "./stream";
export { isTraceMethod, MAX_RETRIES, parseRetryAfter, shouldRetry } from "./retry";
