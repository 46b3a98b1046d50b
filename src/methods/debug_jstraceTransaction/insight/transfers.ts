/**
 * What a transaction moved, read from its callTracer result (with `withLog`): native value carried
 * by frames that took effect, and token transfers from the logs of those frames, in execution
 * order. A frame "took effect" when neither it nor any frame above it failed: a reverted branch
 * moved nothing, whatever its subcalls and logs say (some clients keep logs on reverted frames).
 */
import { decodeAbiParameters, getAddress, isAddress } from "viem";
import { frameType, hexBigint, type TraceModel } from "../model";
import type { CallLog } from "../result";

export type AssetKind = "native" | "erc20" | "erc721" | "erc1155";

export interface Asset {
  kind: AssetKind;
  /** The token contract (checksummed); null for the chain's native coin. */
  token: string | null;
  /** ERC-721 and ERC-1155 token id. */
  tokenId?: bigint;
}

export interface Transfer {
  /** 1-based, in execution order. */
  order: number;
  /** Pre-order index of the frame that moved the value or emitted the log. */
  frame: number;
  asset: Asset;
  from: string;
  to: string;
  /** In the asset's smallest unit (1 for an ERC-721 token). */
  amount: bigint;
  /** How it was read: the frame's value, or the event that said so. */
  via: "value" | "Transfer" | "TransferSingle" | "TransferBatch" | "Deposit" | "Withdrawal";
}

export const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";

// The events' topic0, written out: hashing them as the page's modules load costs the first paint
// ~10 ms of cold keccak (transfers.test.ts checks them against the signatures).
/** Transfer(address,address,uint256) */
export const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
/** TransferSingle(address,address,address,uint256,uint256) */
export const TRANSFER_SINGLE = "0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62";
/** TransferBatch(address,address,address,uint256[],uint256[]) */
export const TRANSFER_BATCH = "0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb";
/** Deposit(address,uint256) */
export const DEPOSIT = "0xe1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c";
/** Withdrawal(address,uint256) */
export const WITHDRAWAL = "0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65";

/** Frame types that move their `value`; DELEGATECALL and STATICCALL never do, CALLCODE pays itself. */
const VALUE_TYPES = new Set(["CALL", "CREATE", "CREATE2", "SELFDESTRUCT"]);

/** Whether each frame took effect: it and every frame above it succeeded. */
export function effectiveFrames(model: TraceModel): Uint8Array {
  const ok = new Uint8Array(model.size);
  for (let i = 0; i < model.size; i++) {
    const p = model.parent[i] ?? -1;
    ok[i] = model.failed[i] === 0 && (p < 0 || ok[p] === 1) ? 1 : 0;
  }
  return ok;
}

function address(value: string | null | undefined): string | null {
  if (typeof value !== "string" || !isAddress(value, { strict: false })) return null;
  return getAddress(value);
}

/** The address in a 32-byte topic, or null when it is not one. */
function topicAddress(topic: string | undefined): string | null {
  if (typeof topic !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(topic)) return null;
  if (!/^0x0{24}/.test(topic)) return null;
  return getAddress(`0x${topic.slice(26)}`);
}

function word(hex: string | undefined, index: number): bigint | null {
  if (typeof hex !== "string" || !/^0x[0-9a-fA-F]*$/.test(hex)) return null;
  const start = 2 + index * 64;
  if (hex.length < start + 64) return null;
  return BigInt(`0x${hex.slice(start, start + 64)}`);
}

type Moved = Omit<Transfer, "order" | "frame">;

/** The transfers one log states, or none when it is not a transfer event of a known shape. */
export function transfersOfLog(log: CallLog): Moved[] {
  const token = address(log.address);
  const [topic0, t1, t2, t3] = log.topics;
  if (!token || !topic0) return [];
  const sig = topic0.toLowerCase();
  if (sig === TRANSFER) {
    const from = topicAddress(t1);
    const to = topicAddress(t2);
    if (!from || !to) return [];
    if (log.topics.length === 4) {
      const id = t3 === undefined ? null : word(t3, 0);
      if (id === null) return [];
      return [
        { asset: { kind: "erc721", token, tokenId: id }, from, to, amount: 1n, via: "Transfer" },
      ];
    }
    const amount = word(log.data, 0);
    if (log.topics.length !== 3 || amount === null) return [];
    return [{ asset: { kind: "erc20", token }, from, to, amount, via: "Transfer" }];
  }
  if (sig === TRANSFER_SINGLE && log.topics.length === 4) {
    const from = topicAddress(t2);
    const to = topicAddress(t3);
    const id = word(log.data, 0);
    const amount = word(log.data, 1);
    if (!from || !to || id === null || amount === null) return [];
    return [
      { asset: { kind: "erc1155", token, tokenId: id }, from, to, amount, via: "TransferSingle" },
    ];
  }
  if (sig === TRANSFER_BATCH && log.topics.length === 4) {
    const from = topicAddress(t2);
    const to = topicAddress(t3);
    if (!from || !to) return [];
    try {
      const [ids, amounts] = decodeAbiParameters(
        [{ type: "uint256[]" }, { type: "uint256[]" }],
        log.data as `0x${string}`,
      );
      if (ids.length !== amounts.length) return [];
      return ids.map((id, k) => ({
        asset: { kind: "erc1155", token, tokenId: id },
        from,
        to,
        amount: amounts[k] ?? 0n,
        via: "TransferBatch" as const,
      }));
    } catch {
      return [];
    }
  }
  if ((sig === DEPOSIT || sig === WITHDRAWAL) && log.topics.length === 2) {
    const who = topicAddress(t1);
    const amount = word(log.data, 0);
    if (!who || amount === null) return [];
    return sig === DEPOSIT
      ? [{ asset: { kind: "erc20", token }, from: ZERO_ADDRESS, to: who, amount, via: "Deposit" }]
      : [
          {
            asset: { kind: "erc20", token },
            from: who,
            to: ZERO_ADDRESS,
            amount,
            via: "Withdrawal",
          },
        ];
  }
  return [];
}

function logPosition(log: CallLog, fallback: number): number {
  const p = log.position;
  const n = typeof p === "number" ? p : typeof p === "string" ? Number(p) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

/**
 * Every transfer that took effect, in execution order: a frame's value moves as it is entered;
 * its logs come between its subcalls as their `position` says (logs without one come last).
 */
export function deriveTransfers(model: TraceModel): Transfer[] {
  const ok = effectiveFrames(model);
  const out: Transfer[] = [];
  const push = (frame: number, moved: Moved) =>
    out.push({ ...moved, order: out.length + 1, frame });

  const emitLogs = (i: number, logs: readonly CallLog[], atPosition: number | null) => {
    for (const log of logs) {
      const pos = logPosition(log, Number.MAX_SAFE_INTEGER);
      if (atPosition === null ? pos === Number.MAX_SAFE_INTEGER : pos === atPosition)
        for (const moved of transfersOfLog(log)) push(i, moved);
    }
  };

  // Iterative walk (traces can be 1,024 calls deep): a frame is entered, then alternates between
  // its logs at position k and its k-th subcall.
  type Step = { frame: number; child: number; k: number };
  const stack: Step[] = [];
  const enter = (i: number) => {
    if (ok[i] !== 1) return; // nothing under a failed frame took effect
    const f = model.frames[i];
    if (!f) return;
    const value = hexBigint(f.value);
    const type = frameType(f);
    const from = address(f.from);
    const to = address(f.to);
    if (value > 0n && VALUE_TYPES.has(type) && from && to)
      push(i, { asset: { kind: "native", token: null }, from, to, amount: value, via: "value" });
    stack.push({ frame: i, child: i + 1, k: 0 });
  };
  if (model.size > 0) enter(0);
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Step;
    const logs = model.frames[top.frame]?.logs ?? [];
    const end = model.end[top.frame] ?? top.frame + 1;
    emitLogs(top.frame, logs, top.k);
    if (top.child < end) {
      const child = top.child;
      top.child = model.end[child] ?? child + 1;
      top.k++;
      enter(child);
    } else {
      // logs past the last subcall's position, and logs that carry no position
      for (const log of logs) {
        const pos = logPosition(log, Number.MAX_SAFE_INTEGER);
        if (pos > top.k && pos !== Number.MAX_SAFE_INTEGER)
          for (const moved of transfersOfLog(log)) push(top.frame, moved);
      }
      emitLogs(top.frame, logs, null);
      stack.pop();
    }
  }
  return out;
}

const cache = new WeakMap<TraceModel, Transfer[]>();

/** `deriveTransfers`, once per model (the page and the views ask for the same trace). */
export function transfersOf(model: TraceModel): Transfer[] {
  let t = cache.get(model);
  if (!t) {
    t = deriveTransfers(model);
    cache.set(model, t);
  }
  return t;
}

/** The token contracts the transfers touch. */
export function tokensOf(transfers: readonly Transfer[]): string[] {
  const out = new Set<string>();
  for (const t of transfers) if (t.asset.token) out.add(t.asset.token);
  return [...out];
}

export function assetKey(asset: Asset): string {
  return `${asset.kind}:${asset.token ?? ""}:${asset.tokenId?.toString() ?? ""}`;
}

export interface BalanceChange {
  address: string;
  asset: Asset;
  /** Net change in the asset's smallest unit; negative when the address lost. */
  delta: bigint;
  /** Transfers behind it. */
  transfers: number;
}

/** Net change per (address, asset); rows whose transfers cancel out are kept with a zero delta. */
export function deriveBalanceChanges(transfers: readonly Transfer[]): BalanceChange[] {
  const rows = new Map<string, BalanceChange>();
  const add = (addr: string, asset: Asset, delta: bigint) => {
    const key = `${addr}|${assetKey(asset)}`;
    const row = rows.get(key);
    if (row) {
      row.delta += delta;
      row.transfers++;
    } else rows.set(key, { address: addr, asset, delta, transfers: 1 });
  };
  for (const t of transfers) {
    if (t.from === t.to) continue;
    add(t.from, t.asset, -t.amount);
    add(t.to, t.asset, t.amount);
  }
  return [...rows.values()];
}
