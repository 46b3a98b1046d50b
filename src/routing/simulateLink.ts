/**
 * The ways into the simulation (`#/simulate`) from the views that already know a call: the
 * estimate form, a mined transaction's card, its trace. Here because two pages build the same
 * link for a mined transaction (its parent block, the note that goes with it), and pages do not
 * import each other.
 */
import { readQuantity, toQuantity } from "../chain";
import { href } from "./links";

/** A call as the simulation's link carries it; missing, empty or zero fields are left out. */
export interface SimulateCall {
  from?: string | null;
  to?: string | null;
  /** Wei, as a 0x quantity. */
  value?: string | null;
  data?: string | null;
  /** The gas limit, as a 0x quantity. */
  gas?: string | null;
  /** A tag or a 0x block number. */
  block?: string | null;
  /** The fee and nonce fields, as 0x quantities (left to the node when absent). */
  gasPrice?: string | null;
  maxFeePerGas?: string | null;
  maxPriorityFeePerGas?: string | null;
  nonce?: string | null;
  /** A state override set, as JSON. */
  overrides?: string | null;
  /** The mined transaction the call re-runs. */
  tx?: string | null;
}

const given = (v: string | null | undefined): string | undefined =>
  typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;

/** Some nodes send a frame's quantities in decimal: the link carries 0x hex either way. */
function quantity(v: string | null | undefined): string | undefined {
  const t = given(v);
  return t && /^\d+$/.test(t) ? toQuantity(BigInt(t)) : t;
}

/** `#/simulate?from=…&to=…&value=…&data=…&gas=…&block=…&overrides=…&tx=…&view=…`, empty fields dropped. */
export function simulateHref(call: SimulateCall, view?: string): string {
  const value = quantity(call.value);
  const data = given(call.data);
  return href("simulate", {
    from: given(call.from),
    to: given(call.to),
    // A zero value and empty input are what the node assumes when they are not sent.
    value: value && !/^0x0*$/i.test(value) ? value : undefined,
    data: data && data.toLowerCase() !== "0x" ? data : undefined,
    gas: quantity(call.gas),
    gasPrice: quantity(call.gasPrice),
    maxFeePerGas: quantity(call.maxFeePerGas),
    maxPriorityFeePerGas: quantity(call.maxPriorityFeePerGas),
    nonce: quantity(call.nonce),
    block: given(call.block),
    overrides: given(call.overrides),
    tx: given(call.tx),
    view: given(view),
  });
}

function blockNumberOf(n: bigint | number | string | null | undefined): bigint | null {
  if (typeof n === "bigint") return n;
  // Decimal text too: a link may carry the block as typed.
  if (typeof n === "string" && /^\d+$/.test(n)) return BigInt(n);
  return readQuantity(n);
}

/**
 * The state a mined transaction started from: its parent block (0x hex). "latest" when the block
 * is not known (pending, or not asked yet) or is the genesis block, which has no parent.
 */
export function parentBlock(blockNumber: bigint | number | string | null | undefined): string {
  const n = blockNumberOf(blockNumber);
  return n !== null && n > 0n ? toQuantity(n - 1n) : "latest";
}

export interface MinedTransaction {
  hash: string;
  from: string;
  /** null for a contract creation: its input is the init code. */
  to: string | null;
  value: string | null;
  input: string | null;
  /** The transaction's gas limit. */
  gas: string | null;
  /** null while pending or not known. */
  blockNumber: bigint | number | string | null;
}

export const NOT_REPLAYED_NOTE =
  "Runs this call on the state before its block: the transactions before it in the same block are not replayed, so the result can differ.";
const LATEST_NOTE =
  "Runs this call on the latest state, as its block is not known here: not the state it ran on, so the result can differ.";

/** "Simulate" for a mined transaction: the same call at its parent block, and what that means. */
export function minedSimulateLink(tx: MinedTransaction): { href: string; note: string } {
  const block = parentBlock(tx.blockNumber);
  return {
    href: simulateHref({
      from: tx.from,
      to: tx.to,
      value: tx.value,
      data: tx.input,
      gas: tx.gas,
      block,
      tx: tx.hash,
    }),
    note: block === "latest" ? LATEST_NOTE : NOT_REPLAYED_NOTE,
  };
}
