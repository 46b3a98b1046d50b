/**
 * The frame the first paint draws its view in: the app's header (its name and the route tabs,
 * from the same ROUTES and classes as App.tsx) and the main column. The rest of the header (search,
 * theme, connection) comes with the app.
 */
import { ROUTES } from "../../routing/route";
import type { RouteId } from "../../routing/links";
import { h } from "./dom";

export function shell(route: RouteId | null, view: HTMLElement): HTMLElement {
  const tabs = ROUTES.map((r) =>
    h(
      "li",
      { class: "shrink-0" },
      h(
        "a",
        {
          href: `#/${r.id}`,
          "aria-current": r.id === route ? "page" : undefined,
          class: `block rounded-t px-3 py-1.5 text-sm ${
            r.id === route
              ? "bg-indigo-700 text-white"
              : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
          }`,
        },
        r.label,
      ),
    ),
  );
  return h(
    "div",
    { class: "flex min-h-screen flex-col", "data-first-paint": route ?? "none" },
    h(
      "header",
      { class: "border-b border-slate-200 px-3 py-2 dark:border-slate-800" },
      h(
        "div",
        { class: "mx-auto flex max-w-7xl flex-col gap-2" },
        h(
          "div",
          { class: "flex flex-wrap items-center justify-between gap-x-2 gap-y-1.5" },
          h(
            "a",
            {
              href: "#/tx",
              class: "text-base font-bold text-indigo-700 sm:text-lg dark:text-indigo-300",
            },
            "Nodescope",
          ),
        ),
        h(
          "nav",
          { "aria-label": "Methods", class: "-mb-2 overflow-x-auto" },
          h("ul", { class: "flex gap-1" }, ...tabs),
        ),
      ),
    ),
    h("main", { class: "mx-auto w-full max-w-7xl flex-1 px-3 py-3", "aria-busy": "true" }, view),
  );
}
