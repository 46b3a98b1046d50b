/**
 * A log read as an event, the one way every view reads logs (the log table, a receipt's events):
 * through the ABI registry (built-in events of the common standards, verified ABIs, the signature
 * database, the ABIs kept on this device). Candidates are picked by topic0 and the number of
 * indexed topics (ERC-20 and ERC-721 share Transfer's topic0).
 */
import { formatUnits, type AbiEvent } from "viem";
import { formatDecimal, formatWei } from "./units";
import { decodeLog, type DecodeOrigin, type DecodedLogArg } from "./decode";
import type { AbiRegistry } from "./registry";

export interface DecodedEvent {
  name: string;
  signature: string;
  /** Where the event's name came from (absent: the built-in set). */
  origin?: DecodeOrigin;
  /** As src/chain decoded them: `value` is the display text. */
  args: DecodedLogArg[];
}

/** `Transfer(address indexed from, address indexed to, uint256 value)` */
export function describeEvent(event: AbiEvent): string {
  const params = event.inputs.map((i) =>
    [i.type, i.indexed ? "indexed" : "", i.name ?? ""].filter(Boolean).join(" "),
  );
  return `${event.name}(${params.join(", ")})`;
}

/**
 * The decoded event of a log, or null when no known event fits it. The emitting contract's
 * verified ABI (or its implementation's, for a proxy) is tried first.
 */
export function decodeEvent(
  log: { topics: readonly string[]; data: string; address?: string },
  registry: AbiRegistry,
): DecodedEvent | null {
  const d = decodeLog(log, registry);
  if (d.error || !d.args || !d.name || !d.signature) return null;
  const entry = registry
    .lookupEvents(log.topics[0] ?? "", log.topics.length - 1, log.address)
    .find((e) => e.signature === d.signature);
  return {
    name: d.name,
    signature: entry ? describeEvent(entry.item) : d.signature,
    ...(d.origin && d.origin !== "builtin" ? { origin: d.origin } : {}),
    args: d.args,
  };
}

const TOKEN_EVENTS: ReadonlySet<string> = new Set(["Transfer", "Approval"]);

/**
 * Whether an event's argument is an amount of the emitting token, in its base unit: the one rule
 * for every view (the log table's cells, filter and sums through logs/tokenAmount.ts; the
 * receipt's and the trace's events through `withTokenUnits`). Only a Transfer's or Approval's
 * unindexed integer: a Uniswap V2 pair's Swap amounts are in the pair's two tokens, not its own.
 */
export function isTokenAmountArg(
  eventName: string,
  arg: { indexed: boolean; type: string },
): boolean {
  return TOKEN_EVENTS.has(eventName) && !arg.indexed && /^uint\d*$/.test(arg.type);
}

/**
 * An ERC-20 Transfer/Approval with its amount in whole tokens where the token's decimals are
 * known ("1.5 NST (1500000000000000000)"); anything else as it was. For display only: exports
 * keep the exact integers.
 */
export function withTokenUnits<E extends DecodedEvent>(
  ev: E | null,
  meta: { symbol?: string; decimals?: number } | undefined,
): E | null {
  if (!ev || meta?.decimals === undefined || !TOKEN_EVENTS.has(ev.name)) return ev;
  const decimals = meta.decimals;
  const args = ev.args.map((a) => {
    if (!isTokenAmountArg(ev.name, a) || !/^\d+$/.test(a.value)) return a;
    const raw = BigInt(a.value);
    const unit = meta.symbol ? ` ${meta.symbol}` : "";
    const whole = formatUnits(raw, decimals);
    // The read form groups both numbers; the exact text keeps bare digits (copied, filtered).
    const grouped = formatWei(raw * 10n ** BigInt(Math.max(0, 18 - decimals)), "ether", {
      thousands: true,
    });
    const readable = decimals <= 18 ? grouped : whole;
    return {
      ...a,
      value: `${whole}${unit} (${a.value})`,
      shown: `${readable}${unit} (${formatDecimal(raw)})`,
    };
  });
  return { ...ev, args };
}
