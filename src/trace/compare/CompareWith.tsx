/**
 * "Compare with…" on a transaction's trace: another hash (or a dry run's link) to set beside it
 * on the comparison page (`#/compare?a=<this>&b=<that>`).
 */
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "../../ui";
import { followLink, href } from "../../routing/links";

const HASH = /^0x[0-9a-fA-F]{64}$/;

/** `extra`: other ways to set this run beside another, at the row's end (the replay's actions). */
export function CompareWith({ hash, extra }: { hash: string; extra?: ReactNode }) {
  const id = useId();
  const [other, setOther] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const t = other.trim();
    if (!HASH.test(t)) {
      setProblem("A transaction hash is 0x and 64 hex digits.");
      return;
    }
    setProblem(null);
    followLink(href("compare", { a: hash, b: t }));
  };
  return (
    <form
      aria-label="Compare with another transaction"
      onSubmit={submit}
      className="mb-3 flex flex-wrap items-center gap-2 text-sm"
    >
      <label htmlFor={id}>Another transaction&apos;s hash</label>
      <input
        id={id}
        value={other}
        spellCheck={false}
        placeholder="0x…"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(e) => setOther(e.target.value)}
        className="min-w-0 flex-1 rounded border border-slate-300 px-2 py-1 font-mono text-xs sm:max-w-md dark:border-slate-600 dark:bg-slate-900"
      />
      <Button type="submit">Compare with…</Button>
      {problem ? (
        <span id={`${id}-problem`} role="alert" className="text-red-700 dark:text-red-300">
          {problem}
        </span>
      ) : null}
      {extra ? <div className="ml-auto">{extra}</div> : null}
    </form>
  );
}
