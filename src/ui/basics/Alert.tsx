import type { ReactNode } from "react";
import { ErrorPanel } from "./ErrorPanel";

/** A short problem statement in the alert style (role="alert": read out when it appears). */
export function Alert({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      {children}
    </div>
  );
}

/** What is wrong with a deep link's params, one item per problem; nothing when there are none. */
export function LinkProblems({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <Alert>
      <p className="font-semibold">This link cannot be run as it is</p>
      <ul className="list-disc pl-5">
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </Alert>
  );
}

/**
 * Why a method has no endpoint: an alert (an error panel under `title`), or while one may still
 * come (the devnet's manifest on its way) a quiet status — never a false alarm on a first load.
 */
export function EndpointProblem({
  problem,
  title,
}: {
  problem: { reason: string; pending?: boolean };
  title?: string;
}) {
  if (problem.pending)
    return (
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {problem.reason}
      </p>
    );
  if (title) return <ErrorPanel title={title} headline={problem.reason} />;
  return <Alert>{problem.reason}</Alert>;
}
