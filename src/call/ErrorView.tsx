import type { ReactNode } from "react";
import { shownArg } from "../chain";
import { CopyButton, RetryButton } from "../ui";
import type { Explanation } from "./explain";

/** A node's refusal, explained: what it means, what to try, and the raw revert data. */
export function ExplainedError({
  explanation: x,
  onRetry,
  action,
}: {
  explanation: Explanation;
  onRetry?: () => void;
  /** Where to go from here, given by the page (the estimate's "See where it reverts"). */
  action?: ReactNode;
}) {
  const r = x.revert;
  // a revert whose reason gets its own line below: the lead sentence need not repeat it
  const detailed =
    x.kind === "revert" &&
    (r?.kind === "error-string" ||
      r?.kind === "panic" ||
      r?.kind === "custom" ||
      (r?.kind === "unknown" && x.revertText !== null) ||
      x.messageReason !== null);
  return (
    <div
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">{x.title}</p>
      <p className="mt-1 break-words">
        {detailed ? "The call reverts, so there is nothing to estimate." : x.sentence}
      </p>
      {r?.kind === "error-string" ? (
        <p className="mt-1">
          Revert reason:{" "}
          <q className="break-words font-semibold" data-testid="revert-reason">
            {r.message}
          </q>
        </p>
      ) : null}
      {r?.kind === "panic" ? (
        <p className="mt-1">
          Panic code{" "}
          <span className="font-mono font-semibold">0x{r.code.toString(16).padStart(2, "0")}</span>:{" "}
          <span data-testid="revert-reason">{r.meaning}</span>
        </p>
      ) : null}
      {r?.kind === "custom" ? (
        <div className="mt-1">
          <p>
            Custom error{" "}
            <span className="font-mono font-semibold" data-testid="revert-reason">
              {r.name}
            </span>{" "}
            <span className="font-mono text-xs">({r.signature})</span>
          </p>
          {r.args.length > 0 ? (
            <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 font-mono text-xs">
              {r.args.map((a, i) => (
                <div key={`${i}-${a.name}`} className="contents">
                  <dt>
                    {a.name || `arg${i + 1}`} ({a.type})
                  </dt>
                  <dd className="break-all">{shownArg(a)}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </div>
      ) : null}
      {r?.kind === "unknown" && x.revertText !== null ? (
        <p className="mt-1">
          The revert data reads as text:{" "}
          <q className="break-words font-semibold" data-testid="revert-reason">
            {x.revertText}
          </q>
        </p>
      ) : null}
      {x.messageReason ? (
        <p className="mt-1">
          Revert reason (from the node's message):{" "}
          <q className="break-words font-semibold" data-testid="revert-reason">
            {x.messageReason}
          </q>
        </p>
      ) : null}
      {x.hint ? <p className="mt-1">What to try: {x.hint}</p> : null}
      {x.revertData !== null && x.revertData !== "0x" ? (
        <details className="mt-2">
          <summary className="cursor-pointer">
            Raw revert data ({Math.floor((x.revertData.length - 2) / 2)} bytes)
          </summary>
          <div className="mt-1 flex items-start gap-2">
            <code className="block max-h-40 flex-1 overflow-auto break-all rounded bg-white/70 p-1 font-mono text-xs dark:bg-black/30">
              {x.revertData}
            </code>
            <CopyButton text={x.revertData} label="Copy revert data" />
          </div>
        </details>
      ) : null}
      <p className="mt-2 break-words text-xs">
        The node said{x.code !== null ? ` (code ${x.code})` : ""}:{" "}
        <span className="font-mono">{x.nodeMessage}</span>
      </p>
      {action ? <div className="mt-2">{action}</div> : null}
      {onRetry ? <RetryButton onRetry={onRetry} /> : null}
    </div>
  );
}
