/**
 * What the page says about the replay of the trace it shows: the progress line with Cancel while
 * it runs, then which refusal made the page replay, from which block's state, and the replay's
 * notes (differences from the receipt with both numbers; what the chain's execution cannot vouch
 * for). Renders nothing when every answer came from the node.
 */
import type { ResolvedEndpoint } from "../endpoints";
import { Button } from "../ui";
import { subjectOf } from "./activity";
import { useTraceRecords } from "./useTraceRecords";
import { failedReplays, progressText, replayStatements } from "./words";

export function ReplayNote({
  endpoint,
  subject,
}: {
  endpoint: ResolvedEndpoint | null;
  subject: string | null;
}) {
  const records = useTraceRecords(endpoint, subject);
  const running = records.filter((r) => r.state.at === "running");
  const statements = replayStatements(records);
  const failed = failedReplays(records);
  if (running.length === 0 && statements.length === 0 && failed.length === 0) return null;
  return (
    <section
      aria-label="Replayed in this browser"
      className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      {running.map((r) =>
        r.state.at === "running" ? (
          <div key={r.id} role="status" className="flex flex-wrap items-center gap-2">
            <span>
              Replaying {r.tracer} in this browser
              {r.state.refusal ? ` (the node refused ${r.method})` : ""}:{" "}
              {r.state.progress ? progressText(r.state.progress) : "loading the replay engine…"}
            </span>
            <Button onClick={r.state.cancel} aria-label={`Cancel replaying ${r.tracer}`}>
              Cancel
            </Button>
          </div>
        ) : null,
      )}
      {statements.map((s) => (
        <div key={s.key}>
          <p>{s.headline}</p>
          {s.notes.length > 0 ? (
            <ul aria-label="What the replay cannot vouch for" className="list-disc pl-5">
              {s.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ))}
      {failed.map((f) => (
        <p key={f}>{f}</p>
      ))}
    </section>
  );
}

/** The note for a request's method and lead params (`[hash]`, or a call's `[tx, block]`). */
export function ReplayNoteFor({
  endpoint,
  method,
  lead,
}: {
  endpoint: ResolvedEndpoint | null;
  method: string;
  lead: readonly unknown[] | null;
}) {
  return <ReplayNote endpoint={endpoint} subject={lead ? subjectOf(method, lead) : null} />;
}
