/**
 * The controls a person reaches for first, painted with the first rows so they answer at once:
 * the call tree's Expand all and search box, the log table's filter box. They carry the app's
 * names (ui/handOver.ts): what is typed here, the focus, and a press of Expand all go over to the
 * app's own controls when it takes over (handOver.ts), and each says what it will do meanwhile.
 */
import { buttonClass } from "../../ui/buttonStyles";
import { HAND_OVER, LOGS_FILTER, TREE_CONTROLS, treeWaiting, WAITING } from "../../ui/handOver";
import { h } from "./dom";

const NOTE = "text-sm text-slate-700 dark:text-slate-300";

/** A search field as the app draws it (its name, placeholder and classes: ui/handOver.ts). */
function searchField(
  id: string,
  field: { name: string; placeholder: string; className: string },
): HTMLInputElement {
  const input = document.createElement("input");
  Object.assign(input, { id, name: field.name, type: "search", placeholder: field.placeholder });
  input.className = field.className;
  input.autocomplete = "off";
  input.spellcheck = false;
  return input;
}

/** The call tree's toolbar: Expand all, and the search box with its label. */
export function treeControls(): HTMLElement {
  const note = h("span", { role: "status", class: NOTE });
  const said = { expand: false, search: false };
  const say = () => {
    note.textContent = treeWaiting(said.expand, said.search);
  };
  const expand = h(
    "button",
    { type: "button", [HAND_OVER]: TREE_CONTROLS.expandAll.key, class: buttonClass() },
    TREE_CONTROLS.expandAll.label,
  );
  expand.addEventListener("click", () => {
    said.expand = true;
    say();
  });
  const id = "first-paint-trace-search";
  const search = searchField(id, TREE_CONTROLS.search);
  search.addEventListener("input", () => {
    said.search = search.value.trim() !== "";
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
  const input = searchField(id, LOGS_FILTER);
  input.defaultValue = value;
  input.addEventListener("input", () => {
    note.textContent = input.value.trim() ? WAITING.filter : "";
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
