/**
 * Which decoded arguments are token amounts: the one rule the cells, the filter's whole-token
 * numbers and the grouped sums all follow. A contract that emits Transfer is a token, but only
 * its Transfer and Approval amounts are in its units: a Uniswap V2 pair's Swap amounts are in
 * the pair's two tokens, not in its LP token's decimals.
 */
import type { ArgSpec, EventKind } from "./kinds";

const TOKEN_EVENTS: ReadonlySet<string> = new Set(["Transfer", "Approval"]);

export function isTokenAmount(kind: Pick<EventKind, "name">, arg: ArgSpec): boolean {
  return TOKEN_EVENTS.has(kind.name) && !arg.indexed && arg.type === "uint";
}
