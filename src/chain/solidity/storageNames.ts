/**
 * A changed storage slot as rows a person reads: each variable it holds that changed, named from
 * the layout, its value before and after read by its type; the EIP-1967 slots by their standard
 * names; "unnamed" where nothing says what the slot is.
 */
import { EIP1967_SLOTS, readLocated, type LayoutNamer, type Located } from "./layout";

export interface NamedChange {
  /** `owner`, `terms.limit`, `credit[0x…]`…; "unnamed" when unknown. */
  name: string;
  /** The Solidity type (`uint64`, `address`…), or "" when unnamed. */
  type: string;
  before: string;
  after: string;
  named: boolean;
}

export function nameSlotChange(
  namer: LayoutNamer | null,
  slot: string,
  before: string,
  after: string,
): NamedChange[] {
  const standard = EIP1967_SLOTS[slot.toLowerCase()];
  if (standard) {
    const loc: Located = {
      name: standard,
      typeId: "t_address",
      typeLabel: "address",
      offset: 0,
      size: 20,
      part: "value",
    };
    return [
      {
        name: standard,
        type: "address",
        before: readLocated(loc, before),
        after: readLocated(loc, after),
        named: true,
      },
    ];
  }
  let located: Located[];
  try {
    located = namer ? namer.locate(BigInt(slot)) : [];
  } catch {
    located = [];
  }
  if (located.length === 0) return [{ name: "unnamed", type: "", before, after, named: false }];
  const rows = located.map((loc) => ({
    name: loc.name,
    type: loc.typeLabel,
    before: readLocated(loc, before),
    after: readLocated(loc, after),
    named: true,
  }));
  const changed = rows.filter((r) => r.before !== r.after);
  return changed.length > 0 ? changed : rows;
}
