/** A node's refusal of JavaScript tracers, told apart from a failure of one request. No React. */
import { JsonRpcError, MethodUnsupportedError } from "../../rpc";

const REFUSAL =
  /javascript|\bjs\b|goja|tracer (?:not found|is not supported|type)|(?:unknown|invalid|unsupported) tracer|not supported|not allowed|disabled/i;

/**
 * Whether a failure means the node does not run JavaScript tracers (some providers, Erigon built
 * without them, Besu), as opposed to a failure of this one request.
 */
export function refusesJsTracers(error: unknown): boolean {
  if (error instanceof MethodUnsupportedError) return true;
  return error instanceof JsonRpcError && REFUSAL.test(error.rpcMessage);
}
