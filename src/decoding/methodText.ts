/**
 * What a transaction calls, in a word or a name, as every transaction list words it (the block
 * page, the address page's history and its ots list): the decoded function's name where the
 * registry knows the selector, "transfer" for no input, "contract creation" for a creation. Pure.
 */
import type { AbiRegistry } from "../chain";

/** What the wording needs of a transaction. */
export interface CallShape {
  /** Null where only the hash is known (a creation needs its sender known). */
  from: string | null;
  /** Null: a contract creation. */
  to: string | null;
  /** The input's first 4 bytes (lower case), or null when the input is shorter. */
  selector: string | null;
  /** Bytes of input. */
  inputBytes: number;
}

export function methodText(tx: CallShape, registry: AbiRegistry | null): string {
  if (tx.to === null && tx.from !== null) return "contract creation";
  if (tx.selector === null) return tx.inputBytes === 0 ? "transfer" : `${tx.inputBytes} bytes`;
  const fn = registry?.lookupFunction(tx.selector, tx.to);
  return fn ? fn.item.name : tx.selector;
}

/** The input's selector and size, as CallShape holds them; `input` is 0x-prefixed hex. */
export function inputShape(input: string): Pick<CallShape, "selector" | "inputBytes"> {
  const bytes = Math.max(0, Math.floor((input.length - 2) / 2));
  return { selector: bytes >= 4 ? input.slice(0, 10).toLowerCase() : null, inputBytes: bytes };
}

/** The decoding keys a transaction list asks for: its selectors and callees (bounded there). */
export function callDecodingKeys(
  txs: Iterable<Pick<CallShape, "selector" | "to">>,
  more: Iterable<string> = [],
): { inputs: string[]; topics: string[]; addresses: string[] } {
  const inputs = new Set<string>();
  const addresses: string[] = [...more];
  for (const t of txs) {
    if (t.selector) inputs.add(t.selector);
    if (t.to) addresses.push(t.to);
  }
  return { inputs: [...inputs], topics: [], addresses };
}
