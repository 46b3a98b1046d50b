/** The four methods of the service, named exactly as the spec names them. */
export const METHODS = [
  "eth_getTransactionByBlockHashAndIndex",
  "eth_getLogs",
  "debug_jstraceTransaction",
  "eth_estimateGas",
] as const;

export type MethodName = (typeof METHODS)[number];

/** Which method names a trace can be sent under: the provider's, or the one every geth-like node knows. */
export const TRACE_METHODS = ["debug_traceTransaction", "debug_jstraceTransaction"] as const;
export type TraceMethodName = (typeof TRACE_METHODS)[number];
