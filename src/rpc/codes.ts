/** JSON-RPC 2.0, EIP-1474 and reference-client error codes, by name. */
export const RpcErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  InvalidInput: -32000,
  ResourceNotFound: -32001,
  ResourceUnavailable: -32002,
  TransactionRejected: -32003,
  MethodNotSupported: -32004,
  LimitExceeded: -32005,
  VersionNotSupported: -32006,
  ExecutionReverted: 3,
  VmError: -32015,
  /** eth_getLogs over the endpoint's block range (Monad's and Base's public endpoints). */
  BlockRangeTooLarge: -32614,
} as const;

export type RpcErrorCodeName = keyof typeof RpcErrorCode;

export interface RpcCodeDescription {
  /** Short name, e.g. "Method not found". */
  name: string;
  /** What the code means, in a sentence. */
  meaning: string;
}

const DESCRIPTIONS: ReadonlyMap<number, RpcCodeDescription> = new Map([
  [-32700, { name: "Parse error", meaning: "the node could not parse the request as JSON" }],
  [
    -32600,
    {
      name: "Invalid request",
      meaning:
        "the request is not a valid JSON-RPC request (some providers also use it for limits such as a too-wide block range)",
    },
  ],
  [
    -32601,
    {
      name: "Method not found",
      meaning: "the method does not exist or is not available on this endpoint",
    },
  ],
  [
    -32602,
    {
      name: "Invalid params",
      meaning: "the parameters are missing, malformed or out of the allowed range",
    },
  ],
  [
    -32603,
    { name: "Internal error", meaning: "the node failed internally while handling the request" },
  ],
  [
    -32000,
    {
      name: "Invalid input / server error",
      meaning:
        "the node rejected the input, or a server-side error occurred (providers use it for auth and timeouts too)",
    },
  ],
  [
    -32001,
    {
      name: "Resource not found",
      meaning: "the requested resource (block, transaction, state) was not found",
    },
  ],
  [
    -32002,
    {
      name: "Resource unavailable",
      meaning:
        "the requested resource is not available (providers use it for IP allow-list rejections)",
    },
  ],
  [-32003, { name: "Transaction rejected", meaning: "the transaction was rejected" }],
  [
    -32004,
    {
      name: "Method not supported",
      meaning: "the method is not supported (e.g. not included in the plan)",
    },
  ],
  [
    -32005,
    {
      name: "Limit exceeded",
      meaning:
        "a request limit was exceeded (rate, compute units, batch size, result size or block range)",
    },
  ],
  [-32006, { name: "Version not supported", meaning: "the JSON-RPC version is not supported" }],
  [
    3,
    {
      name: "Execution reverted",
      meaning: "the EVM execution reverted; `data` holds the revert bytes",
    },
  ],
  [-32015, { name: "VM error", meaning: "the EVM execution failed" }],
  [
    -32614,
    {
      name: "Block range too large",
      meaning: "the eth_getLogs block range is wider than the endpoint allows (Monad, Base)",
    },
  ],
]);

/** A name and a meaning for any JSON-RPC error code, named or not. */
export function describeRpcCode(code: number): RpcCodeDescription {
  const known = DESCRIPTIONS.get(code);
  if (known) return known;
  if (code <= -32000 && code >= -32099)
    return { name: "Server error", meaning: "an implementation-defined server error" };
  if (code <= -38010 && code >= -38026)
    return {
      name: "Transaction validation error",
      meaning: "the node rejected the transaction during validation",
    };
  if (code <= -32700 && code >= -32768)
    return { name: "Reserved error", meaning: "a code reserved by JSON-RPC 2.0" };
  if (code > 0)
    return {
      name: "Application error",
      meaning:
        "a positive code: the node's own numbering, outside JSON-RPC's reserved range; the message says what happened",
    };
  return { name: "Unknown error code", meaning: "an error code this dashboard does not know" };
}
