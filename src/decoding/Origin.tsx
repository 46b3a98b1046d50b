/**
 * Where a decoded name comes from, said everywhere one shows: a verified source, the user's ABI,
 * the built-in set, the signature database (a name someone submitted: not verified), or argument
 * types guessed from the data's shape. And, for a selector several signatures share, which one
 * of how many was picked, with the others on demand.
 */
import { useState } from "react";
import type { DecodeOrigin } from "../chain";

const SHORT: Record<DecodeOrigin, string> = {
  verified: "verified",
  user: "your ABI",
  builtin: "built-in",
  database: "database",
  guessed: "guessed",
};

const LONG: Record<DecodeOrigin, string> = {
  verified: "Verified source (Sourcify)",
  user: "Your ABI (kept on this device)",
  builtin: "Built-in signature",
  database: "Signature database (not verified)",
  guessed: "Guessed argument types",
};

const STYLE: Record<DecodeOrigin, string> = {
  verified: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
  user: "bg-indigo-100 text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100",
  builtin: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100",
  database: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  guessed: "bg-rose-100 text-rose-900 dark:bg-rose-900 dark:text-rose-100",
};

export function originText(origin: DecodeOrigin, source?: string): string {
  return origin === "builtin" && source ? `${LONG.builtin} (${source})` : LONG[origin];
}

/** A small badge for dense rows; its title (and accessible name) says it in full. */
export function OriginBadge({ origin, source }: { origin: DecodeOrigin; source?: string }) {
  if (origin === "builtin") return null;
  const long = originText(origin, source);
  return (
    <span
      className={`flex-none rounded px-1 py-px text-[10px] font-semibold ${STYLE[origin]}`}
      title={long}
      data-origin={origin}
    >
      {SHORT[origin]}
    </span>
  );
}

/** The origin in words, for detail panes. */
export function OriginLine({ origin, source }: { origin: DecodeOrigin; source?: string }) {
  return (
    <span className="text-xs text-slate-700 dark:text-slate-300" data-origin-line={origin}>
      {originText(origin, source)}
    </span>
  );
}

/** "1 of N signatures" for a shared selector, and the other signatures that also decode. */
export function Candidates({
  count,
  others,
}: {
  count: number | undefined;
  others: readonly string[];
}) {
  const [open, setOpen] = useState(false);
  if (!count || count < 2) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-1 text-xs">
      <span title="Several signatures share this selector; the one that decodes the data cleanly is shown">
        1 of {count} signatures
      </span>
      {others.length > 0 ? (
        <button
          type="button"
          className="underline"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {open
            ? "Hide the other signatures"
            : `Show ${others.length === 1 ? "the other signature" : `${others.length} other signatures`}`}
        </button>
      ) : (
        <span>(the others do not fit the data)</span>
      )}
      {open ? (
        <ul className="w-full list-disc pl-5 font-mono" aria-label="Other signatures">
          {others.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      ) : null}
    </span>
  );
}
