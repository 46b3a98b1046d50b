import { RpcError } from "../rpc";

/** A request that failed, told for a person: what happened, in which call, what to try. */
export function ErrorPanel({
  error,
  title,
  onRetry,
}: {
  error: unknown;
  title?: string;
  onRetry?: () => void;
}) {
  const rpc = error instanceof RpcError ? error : null;
  const headline = rpc ? rpc.human : error instanceof Error ? error.message : String(error);
  return (
    <div
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">{title ?? "The request failed"}</p>
      <p className="mt-1 whitespace-pre-wrap break-words">{headline}</p>
      {rpc ? (
        <p className="mt-1 break-all font-mono text-xs opacity-80">
          {rpc.method} → {rpc.endpoint} · {rpc.kind}
          {typeof rpc.durationMs === "number" ? ` · ${Math.round(rpc.durationMs)} ms` : ""}
        </p>
      ) : null}
      {onRetry ? (
        <button
          type="button"
          onClick={onRetry}
          className="mt-2 rounded bg-red-700 px-2 py-1 text-xs font-medium text-white hover:bg-red-800"
        >
          Retry
        </button>
      ) : null}
    </div>
  );
}
