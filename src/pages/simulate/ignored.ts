/**
 * Overrides a node did not apply, seen where the answer shows it: the state changes list each
 * changed account's balance and slots as they were before the call, and with the override taken
 * that "before" is the overridden value. A node that drops `stateOverrides` silently is caught
 * here (the call tree alone cannot tell). No React.
 */
import type { StateDiffResult } from "../../trace/insight/stateDiff";
import { normWord } from "../../trace/insight/stateDiff";
import type { StateOverrideSet } from "../../simulation/overrides";

export interface IgnoredOverride {
  address: string;
  what: string;
}

export function ignoredOverrides(
  set: StateOverrideSet | null,
  result: StateDiffResult | undefined,
): IgnoredOverride[] {
  if (!set || result?.kind !== "diff") return [];
  const out: IgnoredOverride[] = [];
  for (const [address, o] of Object.entries(set)) {
    const change = result.accounts.find((a) => a.address.toLowerCase() === address.toLowerCase());
    if (!change) continue;
    if (o.balance !== undefined && change.balance && change.balance.before !== BigInt(o.balance))
      out.push({
        address,
        what: `balance: before the call it held ${change.balance.before.toString()} wei, not the ${BigInt(o.balance).toString()} wei overridden`,
      });
    const slots = o.stateDiff ?? o.state ?? {};
    for (const [slot, value] of Object.entries(slots)) {
      const seen = change.storage.find((s) => s.slot === normWord(slot));
      if (seen && seen.before !== normWord(value))
        out.push({ address, what: `slot ${slot}: it read ${seen.before}, not ${value}` });
    }
  }
  return out;
}
