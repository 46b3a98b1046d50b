/**
 * Proxies Sourcify does not know, read from the chain: EIP-1167 clones (from the code), EIP-1967
 * implementation and beacon slots, EIP-1822 (UUPS "PROXIABLE" slot), and EIP-897
 * `implementation()` when an eth_call is offered. Pure: the caller passes the readers, so this
 * layer never knows endpoints.
 */
import type { Hex } from "viem";

/** keccak256("eip1967.proxy.implementation") - 1 */
export const EIP1967_IMPLEMENTATION_SLOT =
  "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc";
/** keccak256("eip1967.proxy.beacon") - 1 */
export const EIP1967_BEACON_SLOT =
  "0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50";
/** keccak256("PROXIABLE") */
export const EIP1822_PROXIABLE_SLOT =
  "0xc5f16f0fcc639fa48a6947836d9850f504798523bf8c9a3a87d5876cf622bcf7";
/** implementation() — EIP-897, and what an EIP-1967 beacon answers. */
const IMPLEMENTATION_SELECTOR = "0x5c60da1b";
/** proxyType() — EIP-897. */
const PROXY_TYPE_SELECTOR = "0x4555d5c9";

export interface ProxyReaders {
  /** eth_getStorageAt(address, slot, "latest"): a 32-byte word (short answers are accepted). */
  readStorage(address: string, slot: Hex): Promise<string>;
  /** eth_getCode(address, "latest"). */
  readCode(address: string): Promise<string>;
  /** eth_call({to: address, data}): needed for beacons and EIP-897; without it those are not followed. */
  call?(address: string, data: Hex): Promise<string>;
}

export type ProxyKind = "eip1167" | "eip1967" | "eip1967-beacon" | "eip1822" | "eip897";

export interface DetectedProxy {
  type: ProxyKind;
  /** Lower-case; null for a beacon proxy when no eth_call reader was given. */
  implementation: string | null;
  /** The beacon of an EIP-1967 beacon proxy. */
  beacon: string | null;
}

/** The address in a 32-byte word (or an ABI-encoded address return), or null when zero or not an address. */
export function wordToAddress(word: string): string | null {
  const hex = word.trim().toLowerCase();
  if (!/^0x[0-9a-f]{1,64}$/.test(hex)) return null;
  const value = BigInt(hex);
  if (value === 0n || value >= 1n << 160n) return null;
  return `0x${value.toString(16).padStart(40, "0")}`;
}

const CLONE_PREFIX = "363d3d373d3d3d363d";
const CLONE_AFTER = "5af43d82803e903d91";

/** The target of an EIP-1167 minimal proxy (PUSH20, or a shorter PUSH for vanity addresses). */
export function cloneTarget(code: string): string | null {
  const hex = code.trim().toLowerCase().replace(/^0x/, "");
  if (!hex.startsWith(CLONE_PREFIX)) return null;
  const op = parseInt(hex.slice(CLONE_PREFIX.length, CLONE_PREFIX.length + 2), 16);
  // PUSH1 (0x60) … PUSH20 (0x73)
  if (!(op >= 0x60 && op <= 0x73)) return null;
  const n = op - 0x5f;
  const start = CLONE_PREFIX.length + 2;
  const pushed = hex.slice(start, start + n * 2);
  if (pushed.length !== n * 2 || !hex.startsWith(CLONE_AFTER, start + n * 2)) return null;
  return wordToAddress(`0x${pushed}`) ?? null;
}

async function eip897Type(readers: ProxyReaders, address: string): Promise<1 | 2 | null> {
  if (!readers.call) return null;
  try {
    const word = (await readers.call(address, PROXY_TYPE_SELECTOR)).trim().toLowerCase();
    if (!/^0x[0-9a-f]{64}$/.test(word)) return null;
    const kind = BigInt(word);
    return kind === 1n ? 1 : kind === 2n ? 2 : null;
  } catch {
    return null;
  }
}

async function callForAddress(readers: ProxyReaders, address: string): Promise<string | null> {
  if (!readers.call) return null;
  try {
    return wordToAddress(await readers.call(address, IMPLEMENTATION_SELECTOR));
  } catch {
    return null;
  }
}

/**
 * What kind of proxy lives at `address`, and its implementation; null when none of the patterns
 * matches (or there is no code). Rejects when a reader rejects (except the optional eth_call).
 */
export async function detectProxy(
  address: string,
  readers: ProxyReaders,
): Promise<DetectedProxy | null> {
  const code = (await readers.readCode(address)).trim().toLowerCase();
  if (code === "" || code === "0x") return null;
  const clone = cloneTarget(code);
  if (clone !== null) return { type: "eip1167", implementation: clone, beacon: null };
  const [impl, beacon, proxiable] = await Promise.all([
    readers.readStorage(address, EIP1967_IMPLEMENTATION_SLOT),
    readers.readStorage(address, EIP1967_BEACON_SLOT),
    readers.readStorage(address, EIP1822_PROXIABLE_SLOT),
  ]);
  const implementation = wordToAddress(impl);
  if (implementation !== null) return { type: "eip1967", implementation, beacon: null };
  const beaconAddress = wordToAddress(beacon);
  if (beaconAddress !== null)
    return {
      type: "eip1967-beacon",
      implementation: await callForAddress(readers, beaconAddress),
      beacon: beaconAddress,
    };
  const uups = wordToAddress(proxiable);
  if (uups !== null) return { type: "eip1822", implementation: uups, beacon: null };
  // EIP-897 has no slot: a contract whose proxyType() says 1 (forwarding) or 2 (upgradeable).
  if (readers.call && (await eip897Type(readers, address)) !== null) {
    const delegate = await callForAddress(readers, address);
    if (delegate !== null && delegate !== address.toLowerCase())
      return { type: "eip897", implementation: delegate, beacon: null };
  }
  return null;
}
