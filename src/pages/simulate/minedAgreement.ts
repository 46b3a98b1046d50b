/** The outcome's words that need no React. */
import { getAddress, getContractAddress, isAddress } from "viem";
import { readQuantity } from "../../chain";
import { groupedNumber } from "../../ui";
import type { CallLog } from "../../trace/result";
import type { TraceModel } from "../../trace/model";
import type { AccountChange } from "../../trace/insight/stateDiff";

export /** The mined transaction's outcome beside the simulation's, and whether they agree. */
function minedSentence(
  minedOk: boolean,
  minedGas: string | null,
  simOk: boolean,
  simGas: bigint | null,
): string {
  const gas = readQuantity(minedGas);
  const head = `On chain it ${minedOk ? "succeeded" : "reverted"}${gas !== null ? ` using ${groupedNumber(gas)} gas` : ""}`;
  if (minedOk !== simOk)
    return `${head}: this simulation ${simOk ? "succeeds" : "reverts"} instead — the state it ran on differs (transactions earlier in the block, or the overrides).`;
  if (gas !== null && simGas !== null && gas !== simGas)
    return `${head}: the same outcome, with ${simGas > gas ? "more" : "less"} gas here (${groupedNumber(simGas > gas ? simGas - gas : gas - simGas)} apart).`;
  return `${head}: the same as here.`;
}

/** A log as both sides give it: the receipt's and the callTracer's. */
export interface EventLog {
  address: string;
  topics: readonly string[];
  data: string;
}

function logPosition(log: CallLog): number | null {
  const p = log.position;
  const n = typeof p === "number" ? p : typeof p === "string" ? Number(p) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/**
 * The logs a call tree really emitted, in the order the chain numbers them: frames that took
 * effect only (a reverted frame's logs are undone), a frame's logs placed between its subcalls
 * as their `position` says (logs without one after its last subcall).
 */
export function emittedLogs(model: TraceModel): EventLog[] {
  const out: EventLog[] = [];
  // Iterative walk: traces can be 1,024 calls deep.
  type Step = { frame: number; child: number; k: number };
  const stack: Step[] = [];
  const emit = (logs: readonly CallLog[], at: (p: number | null) => boolean) => {
    for (const l of logs) if (at(logPosition(l))) out.push(l);
  };
  const enter = (i: number) => {
    if (model.reverted[i] === 1) return;
    stack.push({ frame: i, child: i + 1, k: 0 });
  };
  if (model.size > 0) enter(0);
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (!top) break;
    const logs = model.frames[top.frame]?.logs ?? [];
    const end = model.end[top.frame] ?? top.frame + 1;
    const k = top.k;
    emit(logs, (p) => p === k);
    if (top.child < end) {
      const child = top.child;
      top.child = model.end[child] ?? child + 1;
      top.k++;
      enter(child);
    } else {
      emit(logs, (p) => p === null || p > k);
      stack.pop();
    }
  }
  return out;
}

function sameLog(a: EventLog, b: EventLog): boolean {
  return (
    a.address.toLowerCase() === b.address.toLowerCase() &&
    a.data.toLowerCase() === b.data.toLowerCase() &&
    a.topics.length === b.topics.length &&
    a.topics.every((t, i) => t.toLowerCase() === (b.topics[i] ?? "").toLowerCase())
  );
}

/** One position where the chain's events and the simulation's part. */
export interface EventDifference {
  /** 0-based position in emission order. */
  index: number;
  chain: EventLog | null;
  sim: EventLog | null;
}

export type EventsAgreement =
  | { same: true; count: number }
  | { same: false; chainCount: number; simCount: number; differences: EventDifference[] };

/** The receipt's logs beside the simulation's, position by position. */
export function compareEvents(
  chain: readonly EventLog[],
  sim: readonly EventLog[],
): EventsAgreement {
  const differences: EventDifference[] = [];
  for (let i = 0; i < Math.max(chain.length, sim.length); i++) {
    const a = chain[i] ?? null;
    const b = sim[i] ?? null;
    if (a && b && sameLog(a, b)) continue;
    differences.push({ index: i, chain: a, sim: b });
  }
  return differences.length === 0
    ? { same: true, count: chain.length }
    : { same: false, chainCount: chain.length, simCount: sim.length, differences };
}

/** One account's difference between the mined state changes and the simulation's. */
export interface StateDifference {
  address: string;
  /** What differs, in words: "balance", "nonce", "code", "slot 0x…". */
  what: string[];
}

export type StateAgreement =
  { same: true; accounts: number; slots: number } | { same: false; differences: StateDifference[] };

/** A small slot number as such (`0x5`); a hashed one whole (never cut: users compare digits). */
function compactSlot(slot: string): string {
  if (!/^0x[0-9a-f]{1,64}$/.test(slot)) return slot;
  const n = BigInt(slot);
  return n < 2n ** 64n ? `0x${n.toString(16)}` : slot;
}

function afterOf(a: AccountChange | undefined) {
  return {
    balance: a?.balance?.after ?? null,
    nonce: a?.nonce?.after ?? null,
    code: a?.code ?? null,
    storage: new Map((a?.storage ?? []).map((s) => [s.slot.toLowerCase(), s.after.toLowerCase()])),
  };
}

/**
 * The state each run left, account by account: the same when every account ends with the same
 * balance, nonce, code change and slot values, gas payments left out (`feeAccounts`).
 */
export function compareState(
  chain: readonly AccountChange[],
  sim: readonly AccountChange[],
  /**
   * Accounts whose balance and nonce are left out: the sender (a call pays no gas and sends no
   * transaction) and the block's fee recipient.
   */
  feeAccounts: readonly string[] = [],
): StateAgreement {
  const fees = new Set(feeAccounts.map((a) => a.toLowerCase()));
  const byAddress = (list: readonly AccountChange[]) =>
    new Map(list.map((a) => [a.address.toLowerCase(), a]));
  const c = byAddress(chain);
  const s = byAddress(sim);
  const addresses = [...new Set([...c.keys(), ...s.keys()])].sort();
  const differences: StateDifference[] = [];
  let slots = 0;
  for (const address of addresses) {
    const a = afterOf(c.get(address));
    const b = afterOf(s.get(address));
    const what: string[] = [];
    const fee = fees.has(address);
    if (!fee && a.balance !== b.balance) what.push("balance");
    if (!fee && a.nonce !== b.nonce) what.push("nonce");
    if (a.code !== b.code) what.push("code");
    for (const slot of [...new Set([...a.storage.keys(), ...b.storage.keys()])].sort()) {
      if (a.storage.get(slot) !== b.storage.get(slot)) what.push(`slot ${compactSlot(slot)}`);
      else slots++;
    }
    if (what.length > 0) differences.push({ address, what });
  }
  return differences.length === 0
    ? { same: true, accounts: addresses.length, slots }
    : { same: false, differences };
}

/** The address a creation makes: the call tree's own answer, else from the sender and nonce. */
export function createdAddress(
  top: { type: string; to?: string | undefined },
  from: string,
  nonce: bigint | null,
): string | null {
  const type = top.type.toUpperCase();
  if ((type === "CREATE" || type === "CREATE2") && typeof top.to === "string" && isAddress(top.to))
    return getAddress(top.to);
  if (nonce === null || !isAddress(from)) return null;
  return getContractAddress({ from, nonce });
}
