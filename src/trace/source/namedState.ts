/**
 * State changes by name: each changed slot of the diff-mode prestate named from the layout of the
 * code that wrote it (the tracer says which frame did; a proxy's storage is named by its
 * implementation's layout), mapping keys and array indices recovered from the transaction's
 * KECCAK256 preimages, and the frames that wrote it.
 */
import {
  LayoutNamer,
  Preimages,
  nameSlotChange,
  type NamedChange,
  type StorageLayout,
} from "../../chain/solidity";
import type { SourceBundle } from "../../chain/sources";
import type { AccountChange } from "../insight/stateDiff";
import { writerKey, type StorageTrace } from "./storageTrace";

export interface NamedSlot {
  address: string;
  slot: string;
  before: string;
  after: string;
  rows: NamedChange[];
  /** Frames (pre-order indices) whose writes to it took effect. */
  writers: number[];
  /** The contract whose layout named it. */
  layoutOf: string | null;
}

export type Bundles = Readonly<Record<string, SourceBundle | null>>;

function hasLayout(
  b: SourceBundle | null | undefined,
): b is SourceBundle & { storageLayout: StorageLayout } {
  return !!b?.storageLayout && b.storageLayout.storage.length > 0;
}

/** The layout the account's storage is read with: the writers' code first, then a proxy's implementation, then its own. */
export function layoutFor(
  address: string,
  writerCode: readonly string[],
  bundles: Bundles,
): { layout: StorageLayout; name: string | null } | null {
  const own = bundles[address.toLowerCase()];
  const candidates = [
    ...writerCode,
    ...(own?.implementation ? [own.implementation] : []),
    address.toLowerCase(),
  ];
  for (const a of candidates) {
    const b = bundles[a];
    if (hasLayout(b)) return { layout: b.storageLayout, name: b.name };
  }
  return null;
}

/** The addresses whose Sourcify bundles naming needs: changed accounts and the code that wrote them. */
export function bundleAddresses(
  accounts: readonly AccountChange[],
  trace: StorageTrace | null,
): string[] {
  const out = new Set<string>();
  for (const a of accounts) if (a.storage.length > 0) out.add(a.address.toLowerCase());
  for (const f of trace?.frames ?? []) if (f.code && f.writes.length > 0) out.add(f.code);
  return [...out];
}

export function nameStorage(
  accounts: readonly AccountChange[],
  trace: StorageTrace | null,
  bundles: Bundles,
): NamedSlot[] {
  const preimages = new Preimages(trace?.preimages ?? []);
  const out: NamedSlot[] = [];
  const namers = new Map<StorageLayout, LayoutNamer>();
  for (const acc of accounts) {
    if (acc.storage.length === 0) continue;
    const address = acc.address.toLowerCase();
    const writersOf = (slot: string) => trace?.writers.get(writerKey(address, slot)) ?? [];
    const writerCode = [
      ...new Set(
        acc.storage.flatMap((s) => writersOf(s.slot).flatMap((i) => trace?.frames[i]?.code ?? [])),
      ),
    ];
    const chosen = layoutFor(address, writerCode, bundles);
    let namer: LayoutNamer | null = null;
    if (chosen) {
      namer = namers.get(chosen.layout) ?? new LayoutNamer(chosen.layout, preimages);
      namers.set(chosen.layout, namer);
    }
    for (const s of acc.storage)
      out.push({
        address: acc.address,
        slot: s.slot,
        before: s.before,
        after: s.after,
        rows: nameSlotChange(namer, s.slot, s.before, s.after),
        writers: writersOf(s.slot),
        layoutOf: chosen?.name ?? null,
      });
  }
  return out;
}
