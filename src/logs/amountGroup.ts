/**
 * Group by an integer argument with a word of its own (an amount): the word read as the integer,
 * and the group made lazily when the amount is the only number (80,000 groups by amount). No React.
 */
import type { Group } from "./groupTypes";
import type { ArgSpec } from "./kinds";

/** An integer argument with a word of its own (a topic or a data word): keyed by that word. */
export function isWordNumber(a: ArgSpec): boolean {
  return (a.type === "uint" || a.type === "int") && (a.topic !== null || a.word !== null);
}

/** The integer a word holds (as KindIndex.value reads it). */
export function wordNumber(word: string, a: ArgSpec): bigint {
  const v = BigInt(`0x${word}`);
  return a.type === "int" ? BigInt.asIntN(a.bits, v) : v;
}

/**
 * A group keyed by an amount below 2^52 that is its only number (a Transfer's value): its key's
 * text, term and bigints are made when first read — 80,000 groups by amount, ~20 shown — and kept.
 */
export class AmountGroup implements Group {
  private text: string | undefined;
  private values: bigint[] | undefined;
  private total: bigint[] | undefined;
  constructor(
    readonly n: number,
    public count: number,
    public contract: string | null,
    private readonly termStart: string,
  ) {}
  get key(): string {
    return (this.text ??= String(this.n));
  }
  get term(): string {
    return this.termStart + this.key;
  }
  get mins(): bigint[] {
    return (this.values ??= [BigInt(this.n)]);
  }
  get maxs(): bigint[] {
    return this.mins;
  }
  get sums(): bigint[] {
    return (this.total ??= this.count === 1 ? this.mins : [BigInt(this.n) * BigInt(this.count)]);
  }
}
