import type { ReactNode } from "react";

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
