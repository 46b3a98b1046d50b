/**
 * The chain's own unit table: each known chain's name and the symbol of its native unit. The one
 * place the unit's name is written (scripts/check-house.mjs refuses it elsewhere): a page that
 * wrote "ETH" itself said ETH on BNB Chain and Polygon.
 */

/** The unit of a chain this app does not know, and of an Ethereum-like chain not yet known. */
export const DEFAULT_NATIVE_SYMBOL = "ETH";

const CHAINS: Readonly<Record<string, { name: string; symbol: string }>> = {
  "1": { name: "Ethereum", symbol: "ETH" },
  "10": { name: "OP Mainnet", symbol: "ETH" },
  "56": { name: "BNB Smart Chain", symbol: "BNB" },
  "97": { name: "BNB Smart Chain testnet", symbol: "tBNB" },
  "100": { name: "Gnosis", symbol: "xDAI" },
  "137": { name: "Polygon", symbol: "POL" },
  "204": { name: "opBNB", symbol: "BNB" },
  "5611": { name: "opBNB testnet", symbol: "tBNB" },
  "8453": { name: "Base", symbol: "ETH" },
  "31337": { name: "Anvil (local)", symbol: "ETH" },
  "42161": { name: "Arbitrum One", symbol: "ETH" },
  "42170": { name: "Arbitrum Nova", symbol: "ETH" },
  "534352": { name: "Scroll", symbol: "ETH" },
  "11155111": { name: "Sepolia", symbol: "ETH" },
};

/** The chain's name, when this app knows the chain. */
export function chainName(chainId: bigint): string | null {
  return CHAINS[chainId.toString(10)]?.name ?? null;
}

/** The native unit's symbol for a chain id; the default when the chain is unknown (or not yet). */
export function nativeSymbol(chainId: bigint | null): string {
  if (chainId === null) return DEFAULT_NATIVE_SYMBOL;
  return CHAINS[chainId.toString(10)]?.symbol ?? DEFAULT_NATIVE_SYMBOL;
}
