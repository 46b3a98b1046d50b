/**
 * A link's trace that waits for the user (gate.ts): what it would send, where, and why the app
 * asks — the tracer code as read-only text — and one button that sends it.
 */
import { useId } from "react";
import { Button, groupedNumber } from "../../ui";
import { NODE_DEFAULT_TIMEOUT_MS, type LinkCost } from "./gate";
import type { TraceRequest } from "./params";

export interface LinkGateProps {
  request: TraceRequest;
  reasons: readonly LinkCost[];
  /** Where it would go: the method sent and the URL with the key masked. */
  endpoint: { rpcMethod: string; maskedUrl: string };
  onRun: () => void;
}

const count = (n: number, one: string) => `${groupedNumber(n)} ${one}${n === 1 ? "" : "s"}`;

/** One sentence per reason: why the app asks before sending. */
export function whyAsked(reason: LinkCost): string {
  return reason.kind === "code"
    ? "This link carries its own tracer code, chosen by whoever wrote the link; it would run on the node on your connection, at your expense, and a JavaScript tracer can be made as costly as the provider allows, so nothing is sent until you have read it and chosen to run it."
    : `This link asks the node to trace for up to ${reason.timeout}, longer than the ${NODE_DEFAULT_TIMEOUT_MS / 1000}s nodes stop at by default, so one run can cost you far more than usual; nothing is sent until you choose to run it.`;
}

export function LinkGate({ request, reasons, endpoint, onRun }: LinkGateProps) {
  const id = useId();
  const code = reasons.find((r) => r.kind === "code");
  const timeout = reasons.find((r) => r.kind === "timeout");
  const dt = "font-medium text-slate-700 dark:text-slate-200";
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-2 rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-100"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold">
        This link&apos;s trace waits for you
      </h2>
      <ul className="list-disc pl-5">
        {reasons.map((r) => (
          <li key={r.kind}>{whyAsked(r)}</li>
        ))}
      </ul>
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-1">
        <dt className={dt}>Transaction</dt>
        <dd className="font-mono break-all">{request.hash}</dd>
        <dt className={dt}>Tracer</dt>
        <dd>
          {code
            ? `custom code, ${count(code.bytes, "byte")}, ${count(code.lines, "line")}`
            : request.options.tracer}
        </dd>
        {request.options.tracerConfig ? (
          <>
            <dt className={dt}>Tracer config</dt>
            <dd className="font-mono break-all">{JSON.stringify(request.options.tracerConfig)}</dd>
          </>
        ) : null}
        {request.options.timeout ? (
          <>
            <dt className={dt}>Timeout</dt>
            <dd>
              {request.options.timeout}
              {timeout ? ` (nodes stop at ${NODE_DEFAULT_TIMEOUT_MS / 1000}s by default)` : ""}
            </dd>
          </>
        ) : null}
        <dt className={dt}>Sent to</dt>
        <dd className="font-mono break-all">
          {endpoint.rpcMethod} at {endpoint.maskedUrl}
        </dd>
      </dl>
      {code ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-code`} className={dt}>
            Tracer code (read-only)
          </label>
          <textarea
            id={`${id}-code`}
            readOnly
            spellCheck={false}
            rows={Math.min(16, Math.max(4, code.lines))}
            value={code.source}
            className="w-full rounded border border-slate-300 bg-white px-2 py-1 font-mono text-xs text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
          />
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="primary" onClick={onRun}>
          Run this tracer
        </Button>
        <span className="text-xs">
          Nothing has been sent yet. Edit opens the form to change it.
        </span>
      </div>
    </section>
  );
}
