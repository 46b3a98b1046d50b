// The storage tracer's answer as anvil sent it (fixtures/ledger.json, recorded from the devnet's
// storage scenario: LedgerV1.settle through LedgerProxy), read against the call tree, and what it
// names and locates with the verified sources the devnet's Sourcify stand-in serves.
import { getAddress } from "viem";
import { describe, expect, it } from "vitest";
import type { SourceBundle } from "../../chain/sources";
import { readStateDiff } from "../insight/stateDiff";
import { flatten } from "../flatten";
import type { CallFrame } from "../result";
import fixture from "./fixtures/ledger.json";
import { placeOf } from "./locate";
import { nameStorage } from "./namedState";
import { readStorageTrace, type StorageTrace } from "./storageTrace";

const model = flatten(fixture.call as CallFrame);
const bundles = fixture.bundles as unknown as Record<string, SourceBundle>;
const c = {
  ...fixture.contracts,
  to: getAddress(fixture.contracts.to),
  owner: getAddress(fixture.contracts.owner),
  spender: getAddress(fixture.contracts.spender),
  admin: getAddress(fixture.contracts.admin),
};

function trace(): StorageTrace {
  const r = readStorageTrace(fixture.js, model);
  if (r.kind !== "trace") throw new Error(r.reason);
  return r.trace;
}

describe("the storage tracer's answer (anvil)", () => {
  it("has one frame per callTracer frame, in the same order, of the same type and code", () => {
    const t = trace();
    expect(t.inStep).toBe(true);
    expect(t.mismatch).toBeNull();
    expect(t.frames).toHaveLength(model.size);
    expect(t.frames.map((f) => f.type)).toEqual(["CALL", "DELEGATECALL", "STATICCALL"]);
    expect(t.frames.map((f) => f.address)).toEqual(
      [c.proxy, c.implementation, c.checker].map((a) => a.toLowerCase()),
    );
    expect(t.cut).toBeNull();
    expect(t.kept).toBe(
      t.frames.reduce((n, f) => n + f.writes.length + f.reads.length, t.preimages.length),
    );
    // the proxy's frame reads the implementation slot; the implementation (delegatecall) writes
    // in the proxy's storage; the checker fails at a REVERT with the jumps that led there
    expect(t.frames[0]?.reads).toEqual([
      "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc",
    ]);
    expect(t.frames[1]?.code).toBe(c.implementation.toLowerCase());
    expect(t.frames[1]?.storage).toBe(c.proxy.toLowerCase());
    expect(t.frames[1]?.writes.length).toBeGreaterThan(10);
    // each slot once: slot 0 (serial and epoch, packed) written twice, before → after
    const slot0 = t.frames[1]?.writes.filter((w) => w.slot === `0x${"0".repeat(64)}`);
    expect(slot0).toHaveLength(1);
    expect(BigInt(slot0?.[0]?.before ?? 0) >> 160n).toBe(1n); // serial 1, epoch 0
    expect(BigInt(slot0?.[0]?.after ?? 0) >> 160n).toBe((3n << 64n) | 2n); // serial 2, epoch 3
    expect(t.frames[2]).toMatchObject({ failOp: "REVERT", storage: c.checker.toLowerCase() });
    expect(t.frames[2]?.failPc).toBeGreaterThan(0);
    expect(t.frames[2]?.jumps.length).toBeGreaterThan(0);
    expect(t.frames[1]?.failPc).toBeNull();
  });

  it("ties each slot the transaction changed to the frame that wrote it, before → after as the node's diff says", () => {
    const t = trace();
    const diff = readStateDiff(fixture.diff);
    if (diff.kind !== "diff") throw new Error("no diff");
    const proxy = diff.accounts.find((a) => a.address.toLowerCase() === c.proxy.toLowerCase());
    expect(proxy?.storage.length).toBeGreaterThan(10);
    const written = new Map(t.frames[1]?.writes.map((w) => [w.slot, w]));
    for (const s of proxy?.storage ?? []) {
      expect(t.writers.get(`${c.proxy.toLowerCase()}|${s.slot}`), s.slot).toEqual([1]);
      const w = written.get(s.slot);
      expect(BigInt(w?.before ?? -1), `${s.slot} before`).toBe(BigInt(s.before));
      expect(BigInt(w?.after ?? -1), `${s.slot} after`).toBe(BigInt(s.after));
    }
  });

  it("says what it cannot read", () => {
    expect(readStorageTrace({ frames: [] }, model).kind).toBe("unreadable");
    // the first tracer's answer (one value per write, no frame types) is not this one's
    const old = { ...fixture.js, nodescope: 1, truncated: null };
    expect(readStorageTrace(old, model).kind).toBe("unreadable");
  });

  it("matches frames by call type and code address, not by count, and says where they differ", () => {
    const frames: Record<string, unknown>[] = fixture.js.frames;
    const read = (f: Record<string, unknown>[]) => {
      const r = readStorageTrace({ ...fixture.js, frames: f }, model);
      if (r.kind !== "trace") throw new Error(r.reason);
      return r.trace;
    };
    const short = read(frames.slice(0, 2));
    expect(short.inStep).toBe(false);
    expect(short.mismatch).toBe("the storage trace has 2 frames, the call tree 3");
    // as many frames, but the second is another contract's: no slot is tied to a frame
    const other = read(frames.map((f, i) => (i === 1 ? { ...f, a: c.checker.toLowerCase() } : f)));
    expect(other.inStep).toBe(false);
    expect(other.mismatch).toBe(
      `frame 0.0 is DELEGATECALL to ${c.implementation.toLowerCase()} in the call tree and DELEGATECALL to ${c.checker.toLowerCase()} in the storage trace`,
    );
    expect(other.writers.size).toBe(0);
    expect(other.frames.every((f) => f.storage === null && f.code === null)).toBe(true);
    const retyped = read(frames.map((f, i) => (i === 2 ? { ...f, t: "CALL" } : f)));
    expect(retyped.mismatch).toMatch(/^frame 0\.0\.0 is STATICCALL to .* and CALL to /);
    // the tracer's storage address must be the one the call tree implies
    const elsewhere = read(
      frames.map((f, i) => (i === 1 ? { ...f, s: c.checker.toLowerCase() } : f)),
    );
    expect(elsewhere.mismatch).toBe(
      `frame 0.0 touched the storage of ${c.checker.toLowerCase()}, the call tree says ${c.proxy.toLowerCase()}`,
    );
  });

  it("says what the bound cut, per kind", () => {
    const r = readStorageTrace({ ...fixture.js, cut: { w: 3, r: 0, k: 7 } }, model);
    expect(r.kind === "trace" && r.trace.cut).toEqual({ writes: 3, reads: 0, preimages: 7 });
  });

  it("names every changed slot of the proxy from the implementation's layout", () => {
    const diff = readStateDiff(fixture.diff);
    if (diff.kind !== "diff") throw new Error("no diff");
    const named = nameStorage(diff.accounts, trace(), bundles);
    const rows = named.flatMap((n) => n.rows.map((r) => `${r.name}=${r.after}`));
    expect(rows).toEqual(
      expect.arrayContaining([
        "serial=2",
        "epoch=3",
        "terms.limit=1500",
        "terms.until=1900000000",
        "terms.open=true",
        `terms.keeper=${c.to}`,
        "marks.length=3",
        "marks[2]=750",
        'note="settled"',
        "drift=-5",
        "settled=true",
        "rejected=1",
        `credit[${c.to}]=750`,
        `grants[${c.owner}][${c.spender}]=375`,
        "plans[2].limit=750",
        `plans[2].keeper=${c.spender}`,
        `modes[${c.values.tag}]=1`,
        'tagged["rent"]=750',
        `EIP-1967 admin=${c.admin}`,
      ]),
    );
    expect(rows.filter((r) => r.startsWith("unnamed"))).toEqual([]);
    expect(new Set(named.map((n) => n.layoutOf))).toEqual(new Set(["LedgerV1"]));
  });

  it("without the tracer, names the plain variables and leaves hashed slots unnamed", () => {
    const diff = readStateDiff(fixture.diff);
    if (diff.kind !== "diff") throw new Error("no diff");
    const rows = nameStorage(diff.accounts, null, bundles).flatMap((n) =>
      n.rows.map((r) => r.name),
    );
    expect(rows).toContain("serial");
    expect(rows).toContain("marks[2]");
    expect(rows).toContain("unnamed");
  });

  it("locates the checker's failing require in its source", () => {
    const t = trace();
    const checker = bundles[c.checker.toLowerCase()];
    const frame = t.frames[2];
    if (!checker || !frame) throw new Error("fixture");
    const place = placeOf(frame, checker, "runtime");
    expect(place).toMatchObject({ path: "LedgerChecker.sol", via: "revert" });
    expect(place?.text.trim()).toBe(
      'require(amount <= cap, "LedgerChecker: amount over the cap");',
    );
    const content = checker.sources.find((s) => s.path === "LedgerChecker.sol")?.content ?? "";
    expect(content.split("\n")[(place?.line ?? 0) - 1]).toContain("require(amount <= cap");
    // a frame that did not fail has no place
    const impl = bundles[c.implementation.toLowerCase()];
    if (!impl || !t.frames[1]) throw new Error("fixture");
    expect(placeOf(t.frames[1], impl, "runtime")).toBeNull();
  });
});
