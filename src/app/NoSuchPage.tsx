import { useEffect } from "react";
import { ROUTES } from "./router";
import type { RouteId } from "../routing/links";

/** The document's title for the page shown (people see it in tabs, history and bookmarks). */
export function documentTitle(route: RouteId | null): string {
  const label = ROUTES.find((r) => r.id === route)?.label ?? "No such page";
  return `${label} · Nodescope`;
}

export function useDocumentTitle(route: RouteId | null): void {
  useEffect(() => {
    document.title = documentTitle(route);
  }, [route]);
}

/**
 * What a link to a page that does not exist shows (`#/no-such-page`): says so, and offers the
 * pages there are, rather than quietly showing another page in its place.
 */
export function NoSuchPage({ name }: { name: string }) {
  return (
    <section aria-labelledby="no-such-page" className="flex flex-col gap-2">
      <h1 id="no-such-page" className="text-xl font-bold">
        No such page
      </h1>
      <p className="text-sm">
        The page <span className="font-mono break-all">{`#/${name}`}</span> does not exist. Open one
        of these:
      </p>
      <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
        {ROUTES.map((r) => (
          <li key={r.id}>
            <a className="text-indigo-700 underline dark:text-indigo-300" href={`#/${r.id}`}>
              {r.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
