/**
 * Log decoding for the logs view: the built-in event set for the common standards plus the
 * events of ABIs and signatures the user adds, decoded with viem. Candidates are picked by topic0
 * and the number of indexed topics (ERC-20 and ERC-721 share Transfer's topic0).
 */
import { decodeEventLog, parseAbiItem, toEventSelector, type AbiEvent, type AbiParameter, type Hex } from "viem";
import type { DecodedArg, DecodedEvent } from "./model";
import type { LogRow } from "./result";

export const BUILTIN_EVENTS: readonly string[] = [
  // ERC-20
  "Transfer(address indexed from, address indexed to, uint256 value)",
  "Approval(address indexed owner, address indexed spender, uint256 value)",
  // ERC-721
  "Transfer(address indexed from, address indexed to, uint256 indexed tokenId)",
  "Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)",
  "ApprovalForAll(address indexed owner, address indexed operator, bool approved)",
  // ERC-1155
  "TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)",
  "TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)",
  "URI(string value, uint256 indexed id)",
  // ERC-4626
  "Deposit(address indexed sender, address indexed owner, uint256 assets, uint256 shares)",
  "Withdraw(address indexed sender, address indexed receiver, address indexed owner, uint256 assets, uint256 shares)",
  // WETH
  "Deposit(address indexed dst, uint256 wad)",
  "Withdrawal(address indexed src, uint256 wad)",
  // Uniswap V2
  "PairCreated(address indexed token0, address indexed token1, address pair, uint256 allPairsLength)",
  "Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)",
  "Sync(uint112 reserve0, uint112 reserve1)",
  "Mint(address indexed sender, uint256 amount0, uint256 amount1)",
  "Burn(address indexed sender, uint256 amount0, uint256 amount1, address indexed to)",
  // Uniswap V3
  "PoolCreated(address indexed token0, address indexed token1, uint24 indexed fee, int24 tickSpacing, address pool)",
  "Initialize(uint160 sqrtPriceX96, int24 tick)",
  "Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)",
  "Mint(address sender, address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)",
  "Burn(address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)",
  "Collect(address indexed owner, address recipient, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount0, uint128 amount1)",
  // Ownable, AccessControl, proxies
  "OwnershipTransferred(address indexed previousOwner, address indexed newOwner)",
  "RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)",
  "RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)",
  "RoleAdminChanged(bytes32 indexed role, bytes32 indexed previousAdminRole, bytes32 indexed newAdminRole)",
  "Upgraded(address indexed implementation)",
  "AdminChanged(address previousAdmin, address newAdmin)",
  "BeaconUpgraded(address indexed beacon)",
  "Paused(address account)",
  "Unpaused(address account)",
  "Initialized(uint64 version)",
  "Initialized(uint8 version)",
];

interface Entry {
  event: AbiEvent;
  signature: string;
  indexedCount: number;
}

/** Parses `Transfer(address indexed from, …)` (with or without the `event` keyword). */
export function parseEventSignature(text: string): AbiEvent {
  const t = text.trim().replace(/;$/, "");
  const item = parseAbiItem(/^event\s/.test(t) ? t : `event ${t}`);
  if (item.type !== "event") throw new Error("not an event signature");
  return item;
}

export function eventTopic0(text: string): Hex {
  return toEventSelector(parseEventSignature(text));
}

/** An address as a 32-byte topic (left-padded with zeros). */
export function addressToTopic(address: string): Hex {
  const body = address.trim().replace(/^0x/i, "").toLowerCase();
  if (!/^[0-9a-f]{40}$/.test(body)) throw new Error(`"${address}" is not a 20-byte address`);
  return `0x${body.padStart(64, "0")}`;
}

export class EventRegistry {
  private byTopic = new Map<string, Entry[]>();
  private seen = new Set<string>();
  /** Bumped on every change so caches keyed on the registry can be dropped. */
  version = 0;

  constructor(signatures: readonly string[] = BUILTIN_EVENTS) {
    for (const s of signatures) this.addEvent(parseEventSignature(s));
  }

  /** Adds one event; returns its topic0. */
  addEvent(event: AbiEvent): Hex {
    const topic0 = toEventSelector(event);
    const signature = describeEvent(event);
    const key = `${signature}|${event.inputs.map((i) => (i.indexed ? "i" : "-")).join("")}`;
    if (!this.seen.has(key)) {
      this.seen.add(key);
      const list = this.byTopic.get(topic0) ?? [];
      list.unshift({ event, signature, indexedCount: event.inputs.filter((i) => i.indexed).length });
      this.byTopic.set(topic0, list);
      this.version++;
    }
    return topic0;
  }

  addSignature(text: string): Hex {
    return this.addEvent(parseEventSignature(text));
  }

  /** Adds every event of a JSON ABI; returns how many events it had. */
  addAbiJson(json: string): number {
    const parsed: unknown = JSON.parse(json);
    const items = Array.isArray(parsed) ? parsed : typeof parsed === "object" && parsed !== null && Array.isArray((parsed as { abi?: unknown }).abi) ? (parsed as { abi: unknown[] }).abi : null;
    if (!items) throw new Error("expected a JSON array (an ABI) or an object with an abi array");
    let n = 0;
    for (const item of items) {
      if (isAbiEvent(item)) {
        this.addEvent(item);
        n++;
      }
    }
    return n;
  }

  decode(row: Pick<LogRow, "topics" | "data">): DecodedEvent | null {
    const topic0 = row.topics[0];
    if (!topic0) return null;
    const candidates = this.byTopic.get(topic0.toLowerCase());
    if (!candidates) return null;
    for (const c of candidates) {
      if (c.indexedCount !== row.topics.length - 1) continue;
      try {
        const out = decodeEventLog({ abi: [c.event], topics: row.topics as [Hex, ...Hex[]], data: row.data as Hex, strict: true });
        return { name: c.event.name, signature: c.signature, args: formatArgs(c.event.inputs, out.args) };
      } catch {
        // try the next candidate with this topic0
      }
    }
    return null;
  }
}

/** `Transfer(address indexed from, address indexed to, uint256 value)` */
export function describeEvent(event: AbiEvent): string {
  const params = event.inputs.map((i) => [i.type, i.indexed ? "indexed" : "", i.name ?? ""].filter(Boolean).join(" "));
  return `${event.name}(${params.join(", ")})`;
}

function isAbiEvent(x: unknown): x is AbiEvent {
  if (typeof x !== "object" || x === null) return false;
  const r = x as Record<string, unknown>;
  return r.type === "event" && typeof r.name === "string" && Array.isArray(r.inputs);
}

function formatArgs(inputs: readonly AbiParameter[], args: unknown): DecodedArg[] {
  const rec = (typeof args === "object" && args !== null ? args : {}) as Record<string | number, unknown>;
  return inputs.map((input, i) => {
    const value = Array.isArray(args) ? args[i] : input.name && input.name in rec ? rec[input.name] : rec[i];
    return { name: input.name ?? "", type: input.type, indexed: "indexed" in input && input.indexed === true, value: formatValue(value) };
  });
}

export function formatValue(v: unknown): string {
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "string") return v;
  if (typeof v === "boolean" || typeof v === "number") return String(v);
  if (v === undefined || v === null) return "";
  return JSON.stringify(v, (_k, x: unknown) => (typeof x === "bigint" ? x.toString() : x));
}
