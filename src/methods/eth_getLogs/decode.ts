/**
 * Log decoding for the logs view, through src/chain with the shared ABI registry (built-in events
 * of the common standards, the devnet's contract ABIs, the ABIs kept on this device). Candidates
 * are picked by topic0 and the number of indexed topics (ERC-20 and ERC-721 share Transfer's
 * topic0). Only the view's shape lives here.
 */
import { decodeLog, type AbiRegistry } from "../../chain";
import { formatUnits, getAddress, toEventSelector, type AbiEvent } from "viem";
import type { TokenMeta } from "../../shared/tokenMeta";
import type { DecodedEvent } from "./model";
import type { LogRow } from "./result";

export { addressToTopic, eventTopic0 } from "../../chain";

/** `Transfer(address indexed from, address indexed to, uint256 value)` */
export function describeEvent(event: AbiEvent): string {
  const params = event.inputs.map((i) =>
    [i.type, i.indexed ? "indexed" : "", i.name ?? ""].filter(Boolean).join(" "),
  );
  return `${event.name}(${params.join(", ")})`;
}

/**
 * The decoded event of a log row, or null when no known event fits it. The emitting contract's
 * verified ABI (or its implementation's, for a proxy) is tried first.
 */
export function decodeLogRow(
  row: Pick<LogRow, "topics" | "data"> & { address?: string },
  registry: AbiRegistry,
): DecodedEvent | null {
  const d = decodeLog(row, registry);
  if (d.error || !d.args || !d.name || !d.signature) return null;
  const entry = registry
    .lookupEvents(row.topics[0] ?? "", row.topics.length - 1, row.address)
    .find((e) => e.signature === d.signature);
  return {
    name: d.name,
    signature: entry ? describeEvent(entry.item) : d.signature,
    ...(d.origin && d.origin !== "builtin" ? { origin: d.origin } : {}),
    args: d.args,
  };
}

const TOKEN_EVENTS = new Set(["Transfer", "Approval"]);
/** topic0 of ERC-20 Transfer and Approval. */
export const ERC20_TOPICS: ReadonlySet<string> = new Set([
  toEventSelector("Transfer(address,address,uint256)"),
  toEventSelector("Approval(address,address,uint256)"),
]);

/**
 * An ERC-20 Transfer/Approval with its amount in whole tokens where the token's decimals are
 * known ("1.5 NST (1500000000000000000)"); anything else as it was. For the table only: exports
 * keep the exact integers.
 */
export function withTokenUnits(
  ev: DecodedEvent | null,
  meta: TokenMeta | undefined,
): DecodedEvent | null {
  if (!ev || meta?.decimals === undefined || !TOKEN_EVENTS.has(ev.name)) return ev;
  const decimals = meta.decimals;
  const args = ev.args.map((a) => {
    if (a.indexed || !/^uint\d*$/.test(a.type) || !/^\d+$/.test(a.value)) return a;
    const whole = formatUnits(BigInt(a.value), decimals);
    return { ...a, value: `${whole}${meta.symbol ? ` ${meta.symbol}` : ""} (${a.value})` };
  });
  return { ...ev, args };
}

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
