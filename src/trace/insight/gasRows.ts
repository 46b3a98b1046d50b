/**
 * Gas by function: every frame's gasUsed summed per (contract, function selector). `self` is the
 * gas a frame used minus what its direct subcalls used, so self figures add up to the top frame's
 * gasUsed; totals of a function that calls itself (or whose callee is the same function) count
 * the nested frames twice, as every call-tree profiler's "total" does. With the internal calls of
 * frames whose debug trace is loaded, each internal function is a row of its own (per contract
 * and name): its total the gas of its calls, its self their own steps' (debug/frame.ts), taken
 * out of its frame's self, so the self figures still add up.
 */
import type { InternalCall } from "../steps";
import { frameType, type TraceModel } from "../model";

export interface GasRow {
  /** `${contract}|${selector}`: stable across sorting. */
  key: string;
  /** The called contract (lower-case), or the created one; "" when unknown. */
  contract: string;
  /** 0x + 8 hex digits; "" for plain value transfers and contract creation. */
  selector: string;
  /** CREATE/CREATE2 rows are "creation"; calls with no input are "transfer"; internal functions "internal". */
  kind: "call" | "creation" | "transfer" | "internal";
  /** An internal function's name (from the verified source). */
  name?: string;
  calls: number;
  total: number;
  self: number;
  /** total ÷ the top frame's gasUsed (0 when that is 0); nested frames count in their callers'. */
  share: number;
  /** self ÷ the top frame's gasUsed: the self shares of all rows add up to 1. */
  selfShare: number;
  /** Pre-order indices of the frames behind the row. */
  frames: number[];
}

export function deriveGasByFunction(
  model: TraceModel,
  internal?: ReadonlyMap<number, readonly InternalCall[]> | null,
): GasRow[] {
  const childGas = new Float64Array(model.size);
  for (let i = 1; i < model.size; i++) {
    const p = model.parent[i] ?? -1;
    if (p >= 0) childGas[p] = (childGas[p] ?? 0) + (model.gasUsed[i] ?? 0);
  }
  const top = model.gasUsed[0] ?? 0;
  const rows = new Map<string, GasRow>();
  for (let i = 0; i < model.size; i++) {
    const f = model.frames[i];
    if (!f) continue;
    const type = frameType(f);
    const input = typeof f.input === "string" ? f.input : "0x";
    const creation = type === "CREATE" || type === "CREATE2";
    const selector = !creation && input.length >= 10 ? input.slice(0, 10).toLowerCase() : "";
    const kind: GasRow["kind"] = creation ? "creation" : selector ? "call" : "transfer";
    const contract = typeof f.to === "string" ? f.to.toLowerCase() : "";
    const key = `${contract}|${kind === "call" ? selector : kind}`;
    const used = model.gasUsed[i] ?? 0;
    const calls = internal?.get(i) ?? [];
    let inFunctions = 0;
    for (const c of calls) {
      inFunctions += c.selfGas;
      const ikey = `${contract}|internal:${c.name}`;
      const irow = rows.get(ikey);
      if (irow) {
        irow.calls++;
        irow.total += c.gas;
        irow.self += c.selfGas;
        if (irow.frames[irow.frames.length - 1] !== i) irow.frames.push(i);
      } else
        rows.set(ikey, {
          key: ikey,
          contract,
          selector: "",
          kind: "internal",
          name: c.name,
          calls: 1,
          total: c.gas,
          self: c.selfGas,
          share: 0,
          selfShare: 0,
          frames: [i],
        });
    }
    const self = Math.max(0, used - (childGas[i] ?? 0) - inFunctions);
    const row = rows.get(key);
    if (row) {
      row.calls++;
      row.total += used;
      row.self += self;
      row.frames.push(i);
    } else
      rows.set(key, {
        key,
        contract,
        selector,
        kind,
        calls: 1,
        total: used,
        self,
        share: 0,
        selfShare: 0,
        frames: [i],
      });
  }
  const out = [...rows.values()];
  for (const r of out) {
    r.share = top > 0 ? r.total / top : 0;
    r.selfShare = top > 0 ? r.self / top : 0;
  }
  return out.sort((a, b) => b.self - a.self || b.total - a.total);
}
