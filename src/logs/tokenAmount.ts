/**
 * Which decoded arguments are token amounts, for the log table's event kinds: the one rule
 * (chain/events.ts `isTokenAmountArg`, Transfer and Approval amounts) that the cells, the filter's
 * whole-token numbers and the grouped sums all follow, as the receipt's and the trace's events do.
 */
import { isTokenAmountArg } from "../chain";
import type { ArgSpec, EventKind } from "./kinds";

export function isTokenAmount(
  kind: Pick<EventKind, "name">,
  arg: Pick<ArgSpec, "indexed" | "abiType">,
): boolean {
  return isTokenAmountArg(kind.name, { indexed: arg.indexed, type: arg.abiType });
}
