/** The devnet's one-click examples under a form ("try: …"): each fills the form and runs it. */
import { Button } from "../ui";

export function Examples<E extends { label: string }>({
  examples,
  onPick,
  caption = "Devnet examples:",
}: {
  examples: readonly E[];
  onPick: (example: E) => void;
  caption?: string;
}) {
  if (examples.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-slate-700 dark:text-slate-300">{caption}</span>
      {examples.map((ex) => (
        <Button key={ex.label} onClick={() => onPick(ex)}>
          {ex.label}
        </Button>
      ))}
    </div>
  );
}
