/**
 * Log decoding for the logs view, through src/chain with the shared ABI registry (built-in events
 * of the common standards, the devnet's contract ABIs, the ABIs kept on this device). Candidates
 * are picked by topic0 and the number of indexed topics (ERC-20 and ERC-721 share Transfer's
 * topic0). Only the view's shape lives here.
 */
import { decodeLog, type AbiRegistry } from "../../chain";
import type { AbiEvent } from "viem";
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

/** The decoded event of a log row, or null when no known event fits it. */
export function decodeLogRow(
  row: Pick<LogRow, "topics" | "data">,
  registry: AbiRegistry,
): DecodedEvent | null {
  const d = decodeLog(row, registry);
  if (d.error || !d.args || !d.name || !d.signature) return null;
  const entry = registry
    .lookupEvents(row.topics[0] ?? "", row.topics.length - 1)
    .find((e) => e.signature === d.signature);
  return {
    name: d.name,
    signature: entry ? describeEvent(entry.item) : d.signature,
    args: d.args,
  };
}
