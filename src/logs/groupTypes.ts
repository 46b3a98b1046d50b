/** Group by's shapes: what rows are grouped by, the choices offered, a group and a grouping. */
import type { ArgSpec } from "./kinds";

/** `none`, a field of the log, a block bucket (`blocks:1000`), or a decoded argument (`arg:to`). */
export type GroupBy = string;

export interface GroupOption {
  value: GroupBy;
  label: string;
}

export interface Group {
  /** The key as text (addresses in lower case). */
  key: string;
  /** The filter term that narrows the log table to this group. */
  term: string;
  count: number;
  /** Per numeric argument (Grouping.numeric): sum, min, max. */
  sums: bigint[];
  mins: bigint[];
  maxs: bigint[];
  /** The one contract every log of the group comes from (its token decimals apply), or null. */
  contract: string | null;
  /** The key as the number it is, below 2^53 (a block, a bucket's first block, an amount). */
  n?: number | undefined;
}

export interface Grouping {
  by: GroupBy;
  groups: Group[];
  numeric: ArgSpec[];
  /** Per numeric argument: whether it is a token amount (tokenAmount.ts), read in the token's units. */
  tokenAmounts: boolean[];
  /** The key is an address (shown as one). */
  keyIsAddress: boolean;
}
