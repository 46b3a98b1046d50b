/**
 * A transaction link's fields, put into the first paint (index.ts) from the answer to the link's
 * own lookup (app/boot.ts reads a copy of it) while React and the card are still loading: the
 * card's field list — every known field the node sent, in the card's order, by its canonical name
 * (eth_getTransactionByBlockHashAndIndex/fields.ts) — each with its raw value as sent. The card
 * adds the readings (amounts, times, decoded input) when it replaces this (handOver.ts). An error,
 * no transaction (`null`) or anything but a transaction object paints nothing: the page says what
 * it is.
 */
import { canonicalKeys, KNOWN_FIELDS, rawTextOf } from "../../transaction/fields";
import { resultOf, type AnswerCopy } from "./answer";
import { FIRST_ROWS, h } from "./dom";

export function paintTxFields(
  root: HTMLElement,
  _search: URLSearchParams,
  copy: AnswerCopy,
): boolean {
  const slot = root.querySelector(`[${FIRST_ROWS}]`);
  // A transaction is read whole or not at all (its input can be long: past the bytes read, none).
  const tx = slot && copy.complete ? txOf(copy.text) : null;
  if (!slot || !tx) return false;
  const rows = KNOWN_FIELDS.filter((name) => name in tx).map((name) =>
    h(
      "div",
      {
        class:
          "grid grid-cols-1 gap-x-3 gap-y-0.5 border-b border-slate-100 py-1.5 last:border-b-0 sm:grid-cols-[11rem_minmax(0,1fr)] dark:border-slate-800",
      },
      h(
        "dt",
        { class: "font-mono text-sm font-semibold text-slate-800 dark:text-slate-200" },
        name,
      ),
      h(
        "dd",
        { class: "min-w-0" },
        h(
          "code",
          {
            class: "break-all font-mono text-xs text-slate-600 dark:text-slate-400",
            title: "the raw value, as the node sent it",
          },
          rawTextOf(tx[name]),
        ),
      ),
    ),
  );
  slot.append(
    h(
      "dl",
      { "aria-label": "Transaction fields", "aria-busy": "true", class: "flex flex-col" },
      ...rows,
    ),
  );
  return true;
}

/** The answer's transaction (its keys in their canonical spelling), or null. */
function txOf(text: string): Record<string, unknown> | null {
  const answer = resultOf(text);
  const tx = answer ? canonicalKeys(answer.result) : null;
  if (typeof tx !== "object" || tx === null || Array.isArray(tx)) return null;
  const record = tx as Record<string, unknown>;
  return typeof record.hash === "string" ? record : null;
}
