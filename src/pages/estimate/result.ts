/**
 * The estimate as the node sends it (a hex quantity), and what it means: how it splits against
 * the intrinsic cost every transaction pays, and what it costs at a gas price. All bigint.
 */
import { z } from "../../platform/zod";
import { formatWei } from "../../chain";
import { parseValueAmount, type Parsed, type TxObject } from "../../call/params";

export const estimateResultSchema = z
  .string()
  .check(z.regex(/^0x[0-9a-fA-F]+$/, "expected a hex quantity such as 0x5208"));

export const TX_BASE_GAS = 21_000n;
export const CREATE_GAS = 32_000n;
export const ZERO_BYTE_GAS = 4n;
export const NONZERO_BYTE_GAS = 16n;
export const INITCODE_WORD_GAS = 2n;

export interface GasSplit {
  estimate: bigint;
  base: bigint;
  zeroBytes: number;
  nonZeroBytes: number;
  calldataGas: bigint;
  /** Set for contract creation (no `to`): 32,000 + 2 per 32-byte word of init code. */
  creation: { gas: bigint; words: number; wordGas: bigint } | null;
  intrinsic: bigint;
  /** estimate − intrinsic: what execution (and the node's safety margin) needs beyond it. */
  execution: bigint;
}

function bytesOf(data: string | undefined): Uint8Array {
  const hex = (data ?? "0x").replace(/^0x/i, "");
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** The intrinsic gas (EIP-2028 calldata; EIP-3860 init code words) and the execution remainder. */
export function splitGas(estimate: bigint, tx: Pick<TxObject, "to" | "data">): GasSplit {
  const bytes = bytesOf(tx.data);
  let zero = 0;
  for (const b of bytes) if (b === 0) zero++;
  const nonZero = bytes.length - zero;
  const calldataGas = BigInt(zero) * ZERO_BYTE_GAS + BigInt(nonZero) * NONZERO_BYTE_GAS;
  const words = Math.ceil(bytes.length / 32);
  const creation = tx.to
    ? null
    : { gas: CREATE_GAS, words, wordGas: BigInt(words) * INITCODE_WORD_GAS };
  const intrinsic = TX_BASE_GAS + calldataGas + (creation ? creation.gas + creation.wordGas : 0n);
  return {
    estimate,
    base: TX_BASE_GAS,
    zeroBytes: zero,
    nonZeroBytes: nonZero,
    calldataGas,
    creation,
    intrinsic,
    execution: estimate - intrinsic,
  };
}

export interface Cost {
  gasPriceWei: bigint;
  wei: bigint;
  eth: string;
  gwei: string;
}

/** estimate × price, where the price is typed in gwei (up to 9 decimals: 1 wei). Exact. */
export function costAt(estimate: bigint, gweiText: string): Parsed<Cost | null> {
  const price = parseValueAmount(gweiText, "gwei");
  if (!price.ok) return { ok: false, message: price.message.replace(/^Value/, "Gas price") };
  if (price.value === null) return { ok: true, value: null };
  const wei = estimate * price.value;
  return {
    ok: true,
    value: {
      gasPriceWei: price.value,
      wei,
      eth: formatWei(wei, "ether"),
      gwei: formatWei(wei, "gwei"),
    },
  };
}
