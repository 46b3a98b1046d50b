/** How the block page words a transaction's method and hash (times and gas: ui/basics/Values). Pure. */
import type { AbiRegistry } from "../../chain";
import type { BlockTx } from "./block";

/** What a transaction calls, in a word or a name: the decoded function's name where known. */
export function methodText(tx: BlockTx, registry: AbiRegistry | null): string {
  if (tx.to === null && tx.from !== null) return "contract creation";
  if (tx.selector === null) return tx.inputBytes === 0 ? "transfer" : `${tx.inputBytes} bytes`;
  const fn = registry?.lookupFunction(tx.selector, tx.to);
  return fn ? fn.item.name : tx.selector;
}
