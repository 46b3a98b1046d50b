/**
 * What a transaction moved, read from its callTracer result (with `withLog`): native value carried
 * by frames that took effect, and token transfers from the logs of those frames, in execution
 * order. A frame "took effect" when neither it nor any frame above it failed: a reverted branch
 * moved nothing, whatever its subcalls and logs say (some clients keep logs on reverted frames).
 */
import {
  APPROVAL,
  assetKey,
  checksummed as address,
  readQuantity,
  TRANSFER,
  transfersOfLog,
  type Asset,
  type TokenMove,
} from "../../chain";
import { frameType, type TraceModel } from "../model";
import type { CallLog } from "../result";

// The log reading is shared with the transaction page's receipt (src/chain/transfers.ts).
export {
  APPROVAL,
  assetKey,
  DEPOSIT,
  TRANSFER,
  TRANSFER_BATCH,
  TRANSFER_SINGLE,
  transfersOfLog,
  WITHDRAWAL,
  ZERO_ADDRESS,
  type Asset,
  type AssetKind,
} from "../../chain";

export interface Transfer extends TokenMove {
  /** 1-based, in execution order. */
  order: number;
  /** Pre-order index of the frame that moved the value or emitted the log. */
  frame: number;
}

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

type Moved = TokenMove;

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
    const value = readQuantity(f.value) ?? 0n;
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

/**
 * The contracts that emit an ERC-20-shaped Transfer or Approval (three topics) anywhere in the
 * trace, checksummed: the tokens whose amounts the call tree's events read in their units. One
 * pass over the logs (no frame's addresses are checksummed, as `deriveTransfers` does for each).
 */
export function tokenEventEmitters(model: TraceModel): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const f of model.frames)
    for (const log of f.logs ?? []) {
      const t0 = log.topics[0]?.toLowerCase();
      if (log.topics.length !== 3 || (t0 !== TRANSFER && t0 !== APPROVAL)) continue;
      const key = log.address.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      const a = address(log.address);
      if (a) out.push(a);
    }
  return out;
}

/** The token contracts the transfers touch. */
export function tokensOf(transfers: readonly Transfer[]): string[] {
  const out = new Set<string>();
  for (const t of transfers) if (t.asset.token) out.add(t.asset.token);
  return [...out];
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
