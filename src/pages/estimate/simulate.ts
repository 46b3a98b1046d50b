/** The estimate's call as a simulation: the same transaction, traced instead of measured. */
import { simulateHref } from "../../routing/simulateLink";
import type { EstimateRequest } from "../../call/params";

/**
 * `#/simulate` for a checked estimate request, every field of the call carried over; an omitted
 * block is "latest", which is what the node assumes for an estimate without one.
 */
export function simulateHrefOf(request: EstimateRequest, view?: string): string {
  return simulateHref({ ...request.tx, block: request.block ?? "latest" }, view);
}
