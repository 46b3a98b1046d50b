/**
 * A transaction list's Method cell: the function's name where the registry knows it (the selector
 * in its title, as the block page shows it), "transfer", "contract creation", or the selector.
 */
import type { AbiRegistry } from "../chain";
import { methodText, type CallShape } from "./methodText";

export function MethodCell({ tx, registry }: { tx: CallShape; registry: AbiRegistry | null }) {
  const method = methodText(tx, registry);
  return (
    <td
      className={`px-2 py-1.5 ${method === tx.selector ? "" : "font-sans font-semibold"}`}
      title={tx.selector ?? undefined}
    >
      {method}
    </td>
  );
}
