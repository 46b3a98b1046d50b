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

/**
 * Methods the app routes beyond the four of the service: `debug_traceCall` (the Simulate view) goes
 * where traces go (the provider's trace endpoint, the devnet's, or the user's own URL).
 */
export const ROUTED_METHODS = [...METHODS, "debug_traceCall"] as const;
export type RoutedMethod = (typeof ROUTED_METHODS)[number];
