/**
 * geth's `prestateTracer` answer (eth/tracers/native/prestate.go) from what the replay's state
 * recorded: every account and slot the transaction touched, as it was before (plain mode), or
 * only what changed, before and after (`diffMode`). geth's omissions: a zero nonce, empty code,
 * empty storage; in diff mode unchanged fields and slots, zero slots, and accounts the
 * transaction created out of nothing from `pre`.
 */
import type { Account } from "@ethereumjs/util";
import { bytesToHex, createAddressFromString } from "@ethereumjs/util";
import type { Hex } from "viem";
import type { EVMResult } from "@ethereumjs/evm";
import type { TxDone, TxTracer } from "./hooks";

export interface PrestateAccount {
  balance?: string;
  code?: string;
  nonce?: number;
  storage?: Record<string, string>;
}

export type Prestate = Record<string, PrestateAccount>;

const word = (v: Uint8Array): string => `0x${bytesToHex(v).slice(2).padStart(64, "0")}`;
const qty = (n: bigint): string => `0x${n.toString(16)}`;
const ZERO = `0x${"0".repeat(64)}`;

function account(a: Account | undefined, code: Uint8Array): PrestateAccount {
  const out: PrestateAccount = { balance: qty(a?.balance ?? 0n) };
  if (code.length > 0) out.code = bytesToHex(code);
  const nonce = a?.nonce ?? 0n;
  if (nonce > 0n) out.nonce = Number(nonce);
  return out;
}

/** geth marshals maps with sorted keys: addresses and slots come in order. */
function sorted(p: Prestate): Prestate {
  const out: Prestate = {};
  for (const address of Object.keys(p).sort()) {
    const a = p[address];
    if (!a) continue;
    const storage = a.storage;
    if (storage) {
      const s: Record<string, string> = {};
      for (const k of Object.keys(storage).sort()) s[k] = storage[k] ?? ZERO;
      a.storage = s;
    }
    // geth's struct order
    out[address] = { balance: a.balance, code: a.code, nonce: a.nonce, storage: a.storage };
    for (const k of ["balance", "code", "nonce", "storage"] as const)
      if (out[address][k] === undefined) delete out[address][k];
  }
  return out;
}

export function prestateTracer(config: { diffMode?: boolean }): TxTracer {
  const created = new Set<string>();
  return {
    after: (r: EVMResult) => {
      if (r.createdAddress && !r.execResult.exceptionError)
        created.add(r.createdAddress.toString());
    },
    async result(done: TxDone): Promise<Prestate | { pre: Prestate; post: Prestate }> {
      const { recording, state } = done;
      const pre: Prestate = {};
      const post: Prestate = {};
      for (const [address, before] of recording.accounts) {
        const addr = createAddressFromString(address);
        const preCode = recording.code.get(address) ?? (await state.getCode(addr));
        const p = account(before, preCode);
        const slots = recording.storage.get(address);
        if (!config.diffMode) {
          if (slots && slots.size > 0) {
            p.storage = {};
            for (const [slot, v] of slots) p.storage[slot] = word(v);
          }
          pre[address] = p;
          continue;
        }
        const after = await state.getAccount(addr);
        if (after === undefined) {
          // destroyed (or never there): kept in pre when it existed, absent from post
          if (before !== undefined) pre[address] = p;
          continue;
        }
        const q: PrestateAccount = {};
        const afterCode = await state.getCode(addr);
        if ((after?.balance ?? 0n) !== (before?.balance ?? 0n))
          q.balance = qty(after?.balance ?? 0n);
        if ((after?.nonce ?? 0n) !== (before?.nonce ?? 0n)) q.nonce = Number(after?.nonce ?? 0n);
        if (bytesToHex(afterCode) !== bytesToHex(preCode)) q.code = bytesToHex(afterCode);
        const preSlots: Record<string, string> = {};
        const postSlots: Record<string, string> = {};
        let changed = q.balance !== undefined || q.nonce !== undefined || q.code !== undefined;
        for (const [slot, v] of slots ?? []) {
          const was = word(v);
          const now = word(await state.currentStorage(address, slot as Hex));
          if (was === now) continue;
          changed = true;
          if (was !== ZERO) preSlots[slot] = was;
          if (now !== ZERO) postSlots[slot] = now;
        }
        if (!changed) continue;
        if (Object.keys(preSlots).length > 0) p.storage = preSlots;
        if (Object.keys(postSlots).length > 0) q.storage = postSlots;
        // A contract the transaction created had no state before it (an account merely paid did).
        if (before !== undefined || !created.has(address)) pre[address] = p;
        post[address] = q;
      }
      return config.diffMode ? { post: sorted(post), pre: sorted(pre) } : sorted(pre);
    },
  };
}
