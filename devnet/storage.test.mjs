// The app's storage tracer (src/trace/source/tracer.ts) run by a real
// anvil on the storage scenario: one frame per callTracer frame, the writes the diff shows, the
// preimages that name the keys, the REVERT pc of the caught call; and its bound.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORAGE_TRACER, STORAGE_TRACER_MAX_ENTRIES } from "../src/trace/source/tracer.ts";
import { startAnvil } from "./anvil.mjs";
import { compileContracts } from "./compile.mjs";
import { rpc } from "./rpc.mjs";
import { LEDGER, runStorageScenario } from "./storage.mjs";
import { countFrames } from "./scenarios.mjs";

/** @type {Awaited<ReturnType<typeof startAnvil>>} */
let node;
let hash = "";
/** @type {import("./storage.mjs").StorageContracts} */
let contracts;
/** @param {string} method @param {unknown[]} [params] */
const call = (method, params = []) => rpc(node.url, method, params, { timeoutMs: 30_000 });

beforeAll(async () => {
  node = await startAnvil();
  const { artifacts } = compileContracts();
  /** @type {`0x${string}`[]} */
  const [from, to, spender, admin] = await call("eth_accounts");
  if (!from || !to || !spender || !admin) throw new Error("anvil has too few accounts");
  /** @param {Record<string, unknown>} tx */
  const mined = async (tx) => {
    const h = await call("eth_sendTransaction", [tx]);
    for (let i = 0; i < 200; i++) {
      const r = await call("eth_getTransactionReceipt", [h]);
      if (r) return r;
      await new Promise((res) => setTimeout(res, 25));
    }
    throw new Error(`no receipt for ${h}`);
  };
  /** @param {{ status: string, transactionHash: string }} r @param {string} what */
  const ok = (r, what) => {
    if (r.status !== "0x1") throw new Error(`${what} failed`);
    return r;
  };
  const s = await runStorageScenario({ artifacts, mined, ok, from, to, spender, admin });
  hash = s.sent.storage.hash;
  contracts = s.contracts;
}, 60_000);

afterAll(async () => {
  await node?.stop();
});

describe("the storage tracer on anvil", () => {
  it("follows the callTracer's frames and records writes, preimages and the failing pc", async () => {
    const [tree, out, diff] = await Promise.all([
      call("debug_traceTransaction", [hash, { tracer: "callTracer" }]),
      call("debug_traceTransaction", [hash, { tracer: STORAGE_TRACER }]),
      call("debug_traceTransaction", [
        hash,
        { tracer: "prestateTracer", tracerConfig: { diffMode: true } },
      ]),
    ]);
    expect(out.nodescope).toBe(2);
    expect(out.cut).toEqual({ w: 0, r: 0, k: 0 });
    expect(out.frames).toHaveLength(countFrames(tree));
    const [top, impl, checker] = out.frames;
    expect(top.w).toEqual([]);
    // each frame names its call type and code address, as the call tree does
    expect([top.t, top.a]).toEqual([tree.type, tree.to.toLowerCase()]);
    expect([impl.t, impl.a]).toEqual([tree.calls[0].type, tree.calls[0].to.toLowerCase()]);
    // every slot the diff shows for the proxy was written by the implementation's frame
    const post = diff.post[contracts.proxy.toLowerCase()].storage;
    /** @type {[string, string, string][]} */
    const writes = impl.w;
    const written = new Set(writes.map(([slot]) => slot));
    for (const slot of Object.keys(post)) expect(written.has(slot), slot).toBe(true);
    // each slot is kept once: its value before the first write and after the last, as the diff says
    expect(written.size).toBe(writes.length);
    const pre = diff.pre[contracts.proxy.toLowerCase()]?.storage ?? {};
    const zero = `0x${"0".repeat(64)}`;
    for (const [slot, before, after] of writes) {
      if (!(slot in post)) continue;
      expect(after, slot).toBe(post[slot]);
      expect(before, slot).toBe(pre[slot] ?? zero);
    }
    // mapping keys: credit[to] is keccak(to ‖ 3)
    const credit = `0x${contracts.to.slice(2).toLowerCase().padStart(64, "0")}${"3".padStart(64, "0")}`;
    expect(out.preimages).toContain(credit);
    // the caught call failed at a REVERT, with the jumps that led there
    expect(checker.o).toBe("REVERT");
    expect(checker.p).toBeGreaterThan(0);
    expect(checker.j.length).toBeGreaterThan(0);
    expect(impl.p).toBeUndefined();
    expect(LEDGER.asked > LEDGER.cap).toBe(true);
  });

  it("stops recording at its bound and says so", async () => {
    const bounded = STORAGE_TRACER.replace(`max: ${STORAGE_TRACER_MAX_ENTRIES},`, "max: 5,");
    expect(bounded).not.toBe(STORAGE_TRACER);
    const out = await call("debug_traceTransaction", [hash, { tracer: bounded }]);
    expect(out.max).toBe(5);
    expect(out.kept).toBe(5);
    expect(out.cut.w + out.cut.r + out.cut.k).toBeGreaterThan(0);
    const entries = out.frames.reduce(
      (/** @type {number} */ n, /** @type {{ w: unknown[], r: unknown[] }} */ f) =>
        n + f.w.length + f.r.length,
      out.preimages.length,
    );
    expect(entries).toBe(5);
    // frames and the failing pc are still followed
    expect(out.frames[2].o).toBe("REVERT");
  });
});
