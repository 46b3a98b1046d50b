/** The estimate's call as a simulation: the same transaction, traced instead of measured. */
import { simulateHref } from "../../shared/simulateLink";
import type { EstimateRequest } from "../../shared/call/params";

/**
 * `#/simulate` for a checked estimate request. The fee and nonce fields do not travel (the
 * simulation's link has no place for them); an omitted block is "latest", which is what the node
 * assumes for an estimate without one.
 */
export function simulateHrefOf(request: EstimateRequest, view?: string): string {
  const { from, to, value, data, gas } = request.tx;
  return simulateHref({ from, to, value, data, gas, block: request.block ?? "latest" }, view);
}
