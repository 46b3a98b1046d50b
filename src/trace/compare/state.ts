/**
 * Two runs' state changes and balance changes side by side (no React). State rows are keyed by
 * account and variable name (the named-state machinery's names: `credit[0x…]`; a slot nothing
 * names by its slot), balance and nonce by account; rows where the runs differ come first, each
 * group in the order the runs list them.
 */
import { formatEther } from "viem";
import { assetKey, type Asset, type BalanceChange } from "../insight/transfers";
import type { AccountChange } from "../insight/stateDiff";
import type { NamedSlot } from "../source/namedState";

export interface StateEntry {
  address: string;
  name: string;
  type: string;
  before: string;
  after: string;
}

export interface StateRow {
  address: string;
  name: string;
  type: string;
  a: { before: string; after: string } | null;
  b: { before: string; after: string } | null;
  differs: boolean;
}

/** One run's changes as entries: balance, nonce, code, then each named (or unnamed) slot. */
export function stateEntries(
  accounts: readonly AccountChange[],
  named: readonly NamedSlot[],
  symbol: string,
): StateEntry[] {
  const out: StateEntry[] = [];
  for (const acc of accounts) {
    const address = acc.address;
    if (acc.balance)
      out.push({
        address,
        name: "balance",
        type: "",
        before: `${formatEther(acc.balance.before)} ${symbol}`,
        after: `${formatEther(acc.balance.after)} ${symbol}`,
      });
    if (acc.nonce)
      out.push({
        address,
        name: "nonce",
        type: "",
        before: acc.nonce.before.toString(),
        after: acc.nonce.after.toString(),
      });
    if (acc.code) out.push({ address, name: "code", type: "", before: "", after: acc.code });
    for (const s of named)
      if (s.address === acc.address)
        for (const r of s.rows)
          out.push({
            address,
            // An unnamed slot is told by its slot, so two runs' unnamed slots do not merge.
            name: r.named ? r.name : `slot ${s.slot}`,
            type: r.type,
            before: r.before,
            after: r.after,
          });
  }
  return out;
}

const keyOf = (e: { address: string; name: string }) => `${e.address.toLowerCase()}|${e.name}`;

export function compareState(a: readonly StateEntry[], b: readonly StateEntry[]): StateRow[] {
  const rows = new Map<string, StateRow>();
  for (const [side, list] of [
    ["a", a],
    ["b", b],
  ] as const)
    for (const e of list) {
      const k = keyOf(e);
      let row = rows.get(k);
      if (!row) {
        row = { address: e.address, name: e.name, type: e.type, a: null, b: null, differs: true };
        rows.set(k, row);
      }
      row[side] = { before: e.before, after: e.after };
      if (!row.type) row.type = e.type;
    }
  const all = [...rows.values()];
  for (const r of all)
    r.differs = !r.a || !r.b || r.a.before !== r.b.before || r.a.after !== r.b.after;
  return [...all.filter((r) => r.differs), ...all.filter((r) => !r.differs)];
}

export interface BalanceRow {
  address: string;
  asset: Asset;
  a: bigint | null;
  b: bigint | null;
  differs: boolean;
}

/** Net balance changes per (address, asset) of both runs; differing rows first. */
export function compareBalances(
  a: readonly BalanceChange[],
  b: readonly BalanceChange[],
): BalanceRow[] {
  const rows = new Map<string, BalanceRow>();
  const put = (c: BalanceChange, side: "a" | "b") => {
    const k = `${c.address.toLowerCase()}|${assetKey(c.asset)}`;
    let row = rows.get(k);
    if (!row) {
      row = { address: c.address, asset: c.asset, a: null, b: null, differs: true };
      rows.set(k, row);
    }
    row[side] = c.delta;
  };
  for (const c of a) put(c, "a");
  for (const c of b) put(c, "b");
  const all = [...rows.values()];
  for (const r of all) r.differs = (r.a ?? 0n) !== (r.b ?? 0n);
  return [...all.filter((r) => r.differs), ...all.filter((r) => !r.differs)];
}
