/**
 * The controls a person reaches for first, painted with the first rows so they answer at once:
 * the call tree's Expand all and search box, the log table's filter box. They carry the app's
 * names (ui/handOver.ts): what is typed here, the focus, and a press of Expand all go over to the
 * app's own controls when it takes over (handOver.ts), and each says what it will do meanwhile.
 */
import { HAND_OVER, LOGS_FILTER, TREE_CONTROLS, WAITING } from "../../ui/handOver";
import { h } from "./dom";

/** As the app's Button (secondary) and fields draw them. */
const BUTTON =
  "rounded px-3 py-1.5 text-sm font-medium border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800";
const NOTE = "text-sm text-slate-700 dark:text-slate-300";

function searchField(id: string, name: string, placeholder: string, extra: string): HTMLElement {
  return h("input", {
    id,
    name,
    type: "search",
    placeholder,
    autocomplete: "off",
    spellcheck: "false",
    class: `rounded border border-slate-300 px-2 dark:border-slate-600 dark:bg-slate-900 ${extra}`,
  });
}

/** The call tree's toolbar: Expand all, and the search box with its label. */
export function treeControls(): HTMLElement {
  const note = h("span", { role: "status", class: NOTE });
  const said = { expand: false, search: false };
  const say = () => {
    note.textContent = [said.expand && WAITING.expandAll, said.search && WAITING.search]
      .filter(Boolean)
      .join(" ");
  };
  const expand = h(
    "button",
    { type: "button", [HAND_OVER]: TREE_CONTROLS.expandAll.key, class: BUTTON },
    TREE_CONTROLS.expandAll.label,
  );
  expand.addEventListener("click", () => {
    said.expand = true;
    say();
  });
  const id = "first-paint-trace-search";
  const search = searchField(
    id,
    TREE_CONTROLS.search.name,
    TREE_CONTROLS.search.placeholder,
    "min-w-0 flex-1 py-1 font-mono text-xs sm:max-w-md",
  );
  search.addEventListener("input", (e) => {
    said.search = e.target instanceof HTMLInputElement && e.target.value.trim() !== "";
    say();
  });
  return h(
    "div",
    { class: "flex flex-col gap-2" },
    h(
      "div",
      {
        role: "toolbar",
        "aria-label": "Call tree controls",
        class: "flex flex-wrap items-end gap-2 text-sm",
      },
      expand,
    ),
    h(
      "div",
      { class: "flex flex-wrap items-end gap-2 text-sm" },
      h("label", { for: id, class: "font-medium" }, TREE_CONTROLS.search.label),
      search,
      note,
    ),
  );
}

/** The log table's filter box with its label, holding `value` (the link's filter text). */
export function logsFilter(value = ""): HTMLElement {
  const note = h("p", { role: "status", class: "text-xs text-slate-700 dark:text-slate-300" });
  const id = "first-paint-logs-filter";
  const input = searchField(
    id,
    LOGS_FILTER.name,
    LOGS_FILTER.placeholder,
    "w-72 max-w-full py-1.5 text-sm sm:w-96",
  );
  if (input instanceof HTMLInputElement) input.defaultValue = value;
  input.addEventListener("input", () => {
    note.textContent =
      input instanceof HTMLInputElement && input.value.trim() ? WAITING.filter : "";
  });
  return h(
    "div",
    { class: "flex flex-col gap-1" },
    h(
      "label",
      { for: id, class: "text-sm font-medium text-slate-700 dark:text-slate-200" },
      LOGS_FILTER.label,
    ),
    input,
    note,
  );
}
