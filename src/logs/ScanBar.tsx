/** A scan's progress above its results: what it covered so far, Cancel and Resume, a progress bar. */
import { Button, groupedNumber } from "../ui";
import type { ScanProgress } from "./scanState";
import type { ScanView } from "./useLogScan";

function fmt(n: number): string {
  return groupedNumber(n);
}

export function progressText(p: ScanProgress | null): string {
  if (!p) return "Starting…";
  const blocks =
    p.totalBlocks === null
      ? `${fmt(p.blocksCovered)} blocks`
      : `${fmt(p.blocksCovered)} of ${fmt(p.totalBlocks)} blocks`;
  const capped = p.capped
    ? ` · To block ${fmt(p.capped.asked)} is past the chain head (${fmt(p.capped.head)}): scanned up to the head`
    : "";
  return `${blocks} · ${fmt(p.logs)} logs · ${fmt(p.requests)} requests${p.retries ? ` · ${fmt(p.retries)} ${p.retries === 1 ? "retry" : "retries"}` : ""}${p.splits ? ` · ${fmt(p.splits)} splits` : ""}${capped}`;
}

export function ScanBar({
  view,
  onCancel,
  onResume,
}: {
  view: ScanView;
  onCancel: () => void;
  onResume: () => void;
}) {
  const p = view.progress;
  const total = p?.totalBlocks ?? null;
  const covered = p?.blocksCovered ?? 0;
  const label = {
    idle: "",
    running: "Scanning",
    done: "Done",
    cancelled: "Cancelled",
    error: "Stopped",
  }[view.status];
  return (
    <section
      aria-label="Scan progress"
      className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
    >
      <div className="flex flex-wrap items-center gap-3">
        <p role="status" className="text-sm">
          <strong>{label}</strong> · {progressText(p)}
        </p>
        {view.status === "running" ? (
          <Button variant="danger" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        {view.status === "cancelled" ? <Button onClick={onResume}>Resume</Button> : null}
      </div>
      <div
        role="progressbar"
        aria-label="Blocks covered"
        aria-valuemin={0}
        aria-valuemax={total ?? undefined}
        aria-valuenow={total !== null ? covered : undefined}
        className="h-2 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-700"
      >
        <div
          className={`h-full ${view.status === "error" ? "bg-red-600" : "bg-indigo-600"} ${total === null && view.status === "running" ? "animate-pulse" : ""}`}
          style={{
            width: `${total ? Math.min(100, (covered / total) * 100) : view.status === "done" ? 100 : 30}%`,
          }}
        />
      </div>
    </section>
  );
}
