/**
 * Log decoding for the logs view, through src/chain with the shared ABI registry (built-in events
 * of the common standards, the devnet's contract ABIs, the ABIs kept on this device). Candidates
 * are picked by topic0 and the number of indexed topics (ERC-20 and ERC-721 share Transfer's
 * topic0). Only the view's shape lives here.
 */
import { getAddress, toEventSelector } from "viem";
import type { LogRow } from "./result";

export { addressToTopic, eventTopic0 } from "../chain";
// One reading of logs for every view (the transaction page's events too): src/chain/events.ts.
export {
  decodeEvent as decodeLogRow,
  describeEvent,
  withTokenUnits,
  type DecodedEvent,
} from "../chain";

/** topic0 of ERC-20 Transfer and Approval. */
export const ERC20_TOPICS: ReadonlySet<string> = new Set([
  toEventSelector("Transfer(address,address,uint256)"),
  toEventSelector("Approval(address,address,uint256)"),
]);

/** The contracts whose Transfer/Approval events a set of logs holds (ERC-20 shape: 3 topics). */
export function erc20Contracts(
  rows: readonly LogRow[],
  topic0s: ReadonlySet<string> = ERC20_TOPICS,
): string[] {
  // Each distinct topic and contract is normalised once, not once per log (100,000 logs come from
  // a few contracts and carry a few events; lower-casing each took a settled table ~25 ms).
  const isToken = new Map<string, boolean>();
  const seen = new Set<string>();
  for (const r of rows) {
    const t0 = r.topics[0];
    if (r.topics.length !== 3 || !t0) continue;
    let token = isToken.get(t0);
    if (token === undefined) {
      token = topic0s.has(t0.toLowerCase());
      isToken.set(t0, token);
    }
    if (token) seen.add(r.address);
  }
  return [...new Set([...seen].map((a) => getAddress(a.toLowerCase())))];
}

/** What the services may name in a log table: each event's topic0 and the emitting contracts. */
export function logsDecodingKeys(rows: readonly Pick<LogRow, "topics" | "address">[]): {
  inputs: string[];
  topics: Set<string>;
  addresses: Set<string>;
} {
  // Distinct values first, lower-cased after (once each, not once per log).
  const topics = new Set<string>();
  const addresses = new Set<string>();
  for (const r of rows) {
    const t0 = r.topics[0];
    if (t0) topics.add(t0);
    addresses.add(r.address);
  }
  return { inputs: [], topics: lowerCased(topics), addresses: lowerCased(addresses) };
}

function lowerCased(values: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const v of values) out.add(v.toLowerCase());
  return out;
}
