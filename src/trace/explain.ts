/**
 * A failed trace told for a person, the one reading for every view that traces a transaction (the
 * trace page, the comparison's sides): a hash the node has never seen is "No such transaction",
 * whether the node says so or answers with an empty opcode log. No React.
 */
import {
  MethodUnsupportedError,
  NodeTimeoutError,
  ResourceNotFoundError,
  SchemaError,
  TimeoutError,
  UnknownTransactionError,
} from "../rpc";
import { EMPTY_STRUCT_LOG } from "./result";

/** A failed trace told for a person: a headline and what to try. */
export interface TraceErrorExplanation {
  title: string;
  hint: string;
  /** Said instead of the error's own message, when that message would mislead (a schema issue). */
  headline?: string;
}

export function explainTraceError(error: unknown, rpcMethod: string): TraceErrorExplanation | null {
  // Some nodes (anvil among them) answer a hash they have never seen with an empty opcode log.
  if (error instanceof SchemaError && error.issue.includes(EMPTY_STRUCT_LOG)) {
    return {
      title: "The node does not know this transaction",
      headline: "No such transaction: the node has no transaction with this hash.",
      hint: "It answered with an empty opcode log instead of a trace, which is how some nodes (anvil among them) answer a hash they have never seen. Check the hash, and that the connection points at the network the transaction was sent on.",
    };
  }
  if (error instanceof UnknownTransactionError) {
    return {
      title: "The node does not know this transaction",
      headline: "No such transaction: the node has no transaction with this hash.",
      hint: "Check the hash, and that the connection points at the network the transaction was sent on.",
    };
  }
  // MissingStateError (pruned state) is a ResourceNotFoundError; anvil --prune-history answers
  // a bare -32001 "Resource not found" for it.
  if (error instanceof ResourceNotFoundError) {
    return {
      title: "The node has pruned this block's state",
      hint: "To replay a transaction the node needs the state of the block before it, and this node keeps only recent blocks' state (it has pruned older ones). Trace it on an archive node — an endpoint that keeps every block's state — or trace a more recent transaction.",
    };
  }
  const hint = traceErrorHint(error, rpcMethod);
  return hint ? { title: `${rpcMethod} failed`, hint } : null;
}

/** What to try after a failed trace, in words; null when the error message says it all. */
export function traceErrorHint(error: unknown, rpcMethod: string): string | null {
  const other =
    rpcMethod === "debug_jstraceTransaction"
      ? "debug_traceTransaction"
      : "debug_jstraceTransaction";
  if (error instanceof MethodUnsupportedError) {
    return `This endpoint does not offer ${rpcMethod}. Try the other name, ${other} (a custom URL can rename the trace method, e.g. traceMethod=${other}), or an endpoint that serves debug methods — the provider serves debug_jstraceTransaction on BSC, Ethereum and Polygon mainnet.`;
  }
  if (error instanceof NodeTimeoutError || error instanceof TimeoutError) {
    return "Tracing took too long. Set the Timeout option (e.g. 30s; nodes stop after 5s by default), try onlyTopCall for a cheaper callTracer run, or use a node closer to you or with more capacity.";
  }
  return null;
}
