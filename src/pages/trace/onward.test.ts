import { describe, expect, it } from "vitest";
import type { CallFrame } from "../../trace/result";
import { NOT_REPLAYED_NOTE } from "../../routing/simulateLink";
import { onwardLinks } from "./onward";

const HASH = `0x${"ab".repeat(32)}`;
const BLOCK = `0x${"cd".repeat(32)}`;
const FROM = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
const TO = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const request = { hash: HASH, options: { tracer: "callTracer" } };
const top: CallFrame = {
  type: "CALL",
  from: FROM,
  to: TO,
  value: "0x10",
  gas: "0x1d4c0",
  gasUsed: "0x5208",
  input: "0xa9059cbb",
};
const located = { request, blockHash: BLOCK, txIndex: "0x0", blockNumber: "0x2a" };

const simulateOf = (links: ReturnType<typeof onwardLinks>) =>
  links.find((l) => l.label === "Simulate");

describe("the trace's onward links: Simulate", () => {
  it("the whole transaction at its parent block, with its gas limit and hash, and the note", () => {
    const link = simulateOf(onwardLinks(top, true, { ...located, gasLimit: "0x30d40" }));
    expect(link?.href).toBe(
      `#/simulate?from=${FROM}&to=${TO}&value=0x10&data=0xa9059cbb&gas=0x30d40&block=0x29&tx=${HASH}`,
    );
    expect(link?.description).toBe(NOT_REPLAYED_NOTE);
  });

  it("takes the top frame's gas when the transaction's is not known", () => {
    const link = simulateOf(onwardLinks(top, true, located));
    expect(new URLSearchParams(link?.href.split("?")[1]).get("gas")).toBe("0x1d4c0");
  });

  it("a creation's top frame names the new contract: the simulation has no to, its data is the init code", () => {
    const create: CallFrame = { type: "CREATE", from: FROM, to: TO, input: "0x6080", gas: "0x1" };
    expect(simulateOf(onwardLinks(create, true, located))?.href).toBe(
      `#/simulate?from=${FROM}&data=0x6080&gas=0x1&block=0x29&tx=${HASH}`,
    );
  });

  it("before the block is known: the latest state, said so", () => {
    const link = simulateOf(
      onwardLinks(top, true, { request, blockHash: null, txIndex: null, blockNumber: null }),
    );
    expect(new URLSearchParams(link?.href.split("?")[1]).get("block")).toBe("latest");
    expect(link?.description).toMatch(/latest state/);
  });

  it("only for the whole transaction of a traced hash", () => {
    expect(simulateOf(onwardLinks(top, false, located))).toBeUndefined();
    expect(simulateOf(onwardLinks(top, true, { ...located, request: null }))).toBeUndefined();
  });

  it("an inner call alone: from its caller, its own gas, at the parent block, without the hash", () => {
    const inner: CallFrame = { ...top, type: "STATICCALL", value: undefined, gas: "0x100" };
    const link = onwardLinks(inner, false, located).find((l) => l.label === "Simulate this call");
    expect(link?.href).toBe(
      `#/simulate?from=${FROM}&to=${TO}&data=0xa9059cbb&gas=0x100&block=0x29`,
    );
    expect(link?.description).toMatch(/inner call alone/);
    // a DELEGATECALL runs in its caller's storage: alone it would be another call, so none
    const delegate: CallFrame = { ...top, type: "DELEGATECALL" };
    expect(onwardLinks(delegate, false, located).map((l) => l.label)).not.toContain(
      "Simulate this call",
    );
  });
});
