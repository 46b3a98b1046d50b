/**
 * The EVM's state at a step as the debugger shows it: the stack top first with what the source
 * says of its words (an internal call's arguments at its jump in and its entry, its return values
 * at its jump out), and the storage slot a step reads or writes named by the contract's layout.
 * No React.
 */
import { EIP1967_SLOTS, readLocated, type LayoutNamer, type Located } from "../../chain/solidity";
import type { DecodedValue, FrameDebug, InternalCall, StepDetail } from "../steps";
import type { StackWord, StorageAccess } from "./MachineState";

export interface CallMarks {
  /** Step of the JUMP into an internal call → the call. */
  enter: Map<number, InternalCall>;
  /** Step of its JUMP out → the call. */
  exit: Map<number, InternalCall>;
}

export function callMarks(calls: readonly InternalCall[]): CallMarks {
  const enter = new Map<number, InternalCall>();
  const exit = new Map<number, InternalCall>();
  for (const c of calls) {
    enter.set(c.enterStep, c);
    if (c.exitStep >= 0) exit.set(c.exitStep, c);
  }
  return { enter, exit };
}

const describe = (v: DecodedValue, fn: string) =>
  `${v.name ?? `(${fn}'s value)`} ${v.type}${v.value !== null ? ` = ${v.value}` : ""}`;

/** Each value's words, top first (last value first; a calldata value's length above its offset). */
function wordsOf(values: readonly DecodedValue[], fn: string, role: string): string[] {
  return [...values]
    .reverse()
    .flatMap((v) =>
      v.slots === 2
        ? [
            `${describe(v, fn)} (${role}: its length)`,
            `${v.name ?? `(${fn}'s value)`} (${role}: its calldata offset)`,
          ]
        : [`${describe(v, fn)} (${role})`],
    );
}

/**
 * Labels of the top words at step k, top first. At the JUMP into a call: its target, then the
 * arguments last to first; at the call's first step (after the jump): the arguments, then the
 * return address; at its JUMP out: the return address, then the return values last to first.
 */
export function stackLabels(k: number, marks: CallMarks): (string | null)[] {
  const into = marks.enter.get(k);
  if (into) {
    return [`jump into ${into.name}`, ...wordsOf(into.args, into.name, "argument")];
  }
  const entered = marks.enter.get(k - 1);
  if (entered) {
    return [
      ...wordsOf(entered.args, entered.name, "argument"),
      `return address of ${entered.name}`,
    ];
  }
  const out = marks.exit.get(k);
  if (out) {
    return [`return address of ${out.name}`, ...wordsOf(out.returns ?? [], out.name, "returned")];
  }
  return [];
}

/**
 * The stack at step k, top first: pass 2's whole stack when its window is here, else the few top
 * words pass 1 kept at an internal call's jump (`partial`), else null.
 */
export function stackAt(
  fd: FrameDebug,
  k: number,
  detail: StepDetail | null,
  marks: CallMarks,
): { words: StackWord[]; partial: boolean } | null {
  const labels = stackLabels(k, marks);
  const label = (i: number) => labels[i] ?? null;
  if (detail) {
    const top = [...detail.stack].reverse();
    return { words: top.map((word, i) => ({ word, label: label(i) })), partial: false };
  }
  const kept = fd.words(k);
  if (kept) return { words: kept.map((word, i) => ({ word, label: label(i) })), partial: true };
  return null;
}

const word = (hex: string) => `0x${hex.replace(/^0x/, "").padStart(64, "0")}`;

/** The slot a step reads or writes, named by the layout where it can be. */
export function storageAt(
  detail: StepDetail | null,
  namer: LayoutNamer | null,
  /** The step is where the frame failed: an SSTORE there (out of gas) stored nothing. */
  failedHere = false,
): StorageAccess | null {
  const s = detail?.storage;
  if (!s) return null;
  const slot = word(s.slot);
  const standard = EIP1967_SLOTS[slot];
  let located: Located[] = [];
  if (standard)
    located = [
      {
        name: standard,
        typeId: "t_address",
        typeLabel: "address",
        offset: 0,
        size: 20,
        part: "value",
      },
    ];
  else if (namer)
    try {
      located = namer.locate(BigInt(slot));
    } catch {
      // A layout the namer cannot follow names nothing; the slot stays shown raw.
      located = [];
    }
  return {
    write: s.write,
    ...(s.write && failedHere ? { failed: true } : {}),
    slot: s.slot,
    value: s.value,
    names: located.map((l) => ({
      name: l.name,
      type: l.typeLabel,
      value: s.value === null ? null : readLocated(l, word(s.value)),
    })),
  };
}
