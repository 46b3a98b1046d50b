import { readQuantity } from "./quantity";

/** Names of transaction types: Ethereum's typed envelopes plus Arbitrum's and OP Stack's own. */
export const TX_TYPE_NAMES: Readonly<Record<number, string>> = {
  0x0: "legacy",
  0x1: "access list (EIP-2930)",
  0x2: "dynamic fee (EIP-1559)",
  0x3: "blob (EIP-4844)",
  0x4: "set code (EIP-7702)",
  0x64: "Arbitrum deposit",
  0x65: "Arbitrum unsigned",
  0x66: "Arbitrum contract",
  0x68: "Arbitrum retry",
  0x69: "Arbitrum submit retryable",
  0x6a: "Arbitrum internal",
  0x78: "Arbitrum legacy",
  0x7b: "Celo fee currency (CIP-64)",
  0x7c: "Celo (CIP-42)",
  0x7e: "OP Stack deposit",
  0x71: "EIP-712 (zkSync)",
  0xfe: "protocol upgrade (zkSync)",
  0xff: "L1 priority (zkSync)",
};

function toTypeNumber(type: string | number | bigint): bigint | null {
  if (typeof type !== "string") return readQuantity(type);
  const t = type.trim();
  // Some clients send the type as decimal text ("2"); a quantity otherwise.
  return /^\d+$/.test(t) ? BigInt(t) : readQuantity(t);
}
/**
 * A transaction type as words: "0x2" → "dynamic fee (EIP-1559)". Leading zeros (`0x02`) are fine.
 * A missing type (pre-Berlin nodes omit it) is legacy; an unknown one reads "type 0x67 (103)".
 */
export function txTypeName(type: string | number | bigint | null | undefined): string {
  if (type === null || type === undefined || type === "") return TX_TYPE_NAMES[0] ?? "legacy";
  const n = toTypeNumber(type);
  if (n === null) return `type ${String(type)}`;
  const known = n <= 0xffn ? TX_TYPE_NAMES[Number(n)] : undefined;
  return known ?? `type 0x${n.toString(16)} (${n.toString()})`;
}
