/**
 * The empty transaction form, painted by the first module before React and the form's code have
 * loaded: the same fields (labels, names, placeholders) as the tx page's Form.tsx, so what is typed
 * here is carried into the real form when it mounts (handOver.ts).
 */
import { BLOCK_HASH_LABEL, INDEX_LABEL, TX_HASH_LABEL } from "../../pages/tx/labels";
import { h } from "./dom";

function field(id: string, name: string, label: string, placeholder: string, extra = "") {
  return h(
    "div",
    { class: `flex flex-col gap-1 ${extra}` },
    h("label", { for: id, class: "text-sm font-medium text-slate-700 dark:text-slate-200" }, label),
    h("input", {
      id,
      name,
      placeholder,
      spellcheck: "false",
      autocomplete: "off",
      class:
        "w-full rounded border border-slate-300 px-2 py-1.5 font-mono text-sm dark:border-slate-600 dark:bg-slate-900",
    }),
  );
}

export function txForm(): HTMLElement {
  return h(
    "form",
    { "aria-label": "Transaction lookup", class: "flex flex-col gap-3", novalidate: true },
    field("first-paint-hash", "hash", TX_HASH_LABEL, "0x… (64 hex digits)"),
    h(
      "fieldset",
      { class: "flex min-w-0 flex-col gap-2" },
      h(
        "legend",
        { class: "mb-2 text-sm text-slate-600 dark:text-slate-400" },
        "or by its place in a block:",
      ),
      h(
        "div",
        { class: "grid grid-cols-1 gap-3 md:grid-cols-[minmax(0,1fr)_12rem]" },
        field("first-paint-block-hash", "blockHash", BLOCK_HASH_LABEL, "0x… (64 hex digits)"),
        field("first-paint-index", "index", INDEX_LABEL, "0"),
      ),
    ),
  );
}
