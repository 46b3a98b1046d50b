/**
 * Why the debug tracer gave nothing: a node that refuses JavaScript tracers (said plainly: the
 * rest of the workspace does not need them), another failure with the error panel and what to
 * try, or an answer Nodescope cannot read.
 */
import type { RpcError } from "../../rpc";
import { RpcErrorPanel } from "../../advice/RpcErrorPanel";
import { refusesJsTracers } from "../source/refusal";

export function RunProblem({
  error,
  unreadable,
  rpcMethod,
  hint,
  onRetry,
  what,
}: {
  error: RpcError | null;
  unreadable: string | null;
  rpcMethod: string;
  hint: string | null;
  onRetry: () => void;
  /** What the run is for: "Stepping through the source", "Gas per line". */
  what: string;
}) {
  if (error) {
    const refused = refusesJsTracers(error);
    return (
      <div className="flex flex-col gap-2">
        <RpcErrorPanel
          error={error}
          title={
            refused ? "This node does not run JavaScript tracers" : "The debug tracer could not run"
          }
          onRetry={refused ? undefined : onRetry}
        />
        <p className="text-sm">
          {refused
            ? `${what} needs Nodescope's debug tracer, a JavaScript tracer sent with ${rpcMethod}; this node refused it (some providers, Erigon built without JavaScript tracers and Besu do). The call tree and the other views do not need it. A geth or anvil node, or an endpoint that accepts custom tracers, can run it.`
            : (hint ?? "")}
        </p>
      </div>
    );
  }
  if (unreadable)
    return (
      <p role="alert" className="text-sm">
        The node answered the debug tracer with something Nodescope cannot read ({unreadable}). The
        answer is in the Requests panel.
      </p>
    );
  return null;
}
