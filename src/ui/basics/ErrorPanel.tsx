/**
 * A failure told for a person: a title, what happened, where (a call's method and endpoint),
 * what to try, and Retry. Pure props: src/advice turns an error into them (RpcErrorPanel).
 */
export function ErrorPanel({
  title,
  headline,
  detail,
  advice,
  onRetry,
}: {
  title?: string;
  headline: string;
  detail?: string | null;
  advice?: string | null;
  onRetry?: () => void;
}) {
  return (
    <div
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">{title ?? "The request failed"}</p>
      <p className="mt-1 whitespace-pre-wrap break-words">{headline}</p>
      {advice ? <p className="mt-1 whitespace-pre-wrap break-words">{advice}</p> : null}
      {detail ? <p className="mt-1 break-all font-mono text-xs opacity-80">{detail}</p> : null}
      {onRetry ? <RetryButton onRetry={onRetry} /> : null}
    </div>
  );
}

/** Retry, inside a failure's panel. */
export function RetryButton({ onRetry }: { onRetry: () => void }) {
  return (
    <button
      type="button"
      onClick={onRetry}
      className="mt-2 rounded bg-red-700 px-2 py-1 text-xs font-medium text-white hover:bg-red-800"
    >
      Retry
    </button>
  );
}
