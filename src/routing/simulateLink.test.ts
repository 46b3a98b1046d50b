import { describe, expect, it } from "vitest";
import { minedSimulateLink, NOT_REPLAYED_NOTE, parentBlock, simulateHref } from "./simulateLink";

const FROM = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
const TO = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const HASH = `0x${"ab".repeat(32)}`;

describe("simulateHref", () => {
  it("carries every field of the call, in the link contract's order", () => {
    expect(
      simulateHref(
        {
          from: FROM,
          to: TO,
          value: "0xde0b6b3a7640000",
          data: "0xa9059cbb",
          gas: "0x5208",
          block: "0x10",
          tx: HASH,
        },
        "balances",
      ),
    ).toBe(
      `#/simulate?from=${FROM}&to=${TO}&value=0xde0b6b3a7640000&data=0xa9059cbb&gas=0x5208&block=0x10&tx=${HASH}&view=balances`,
    );
  });

  it("drops empty, missing and zero fields", () => {
    expect(
      simulateHref({ from: "", to: TO, value: "0x0", data: "0x", gas: null, block: undefined }),
    ).toBe(`#/simulate?to=${TO}`);
    expect(simulateHref({ to: TO, value: "0x", data: "  " }, "")).toBe(`#/simulate?to=${TO}`);
    expect(simulateHref({})).toBe("#/simulate");
  });

  it("turns a node's decimal quantities into 0x hex", () => {
    expect(simulateHref({ to: TO, value: "1000", gas: "21000" })).toBe(
      `#/simulate?to=${TO}&value=0x3e8&gas=0x5208`,
    );
  });
});

describe("parentBlock", () => {
  it("is the block before, in 0x hex, from a bigint, a number or a quantity", () => {
    expect(parentBlock(17n)).toBe("0x10");
    expect(parentBlock(1)).toBe("0x0");
    expect(parentBlock("0x100")).toBe("0xff");
    expect(parentBlock("256")).toBe("0xff");
  });

  it("is latest for the genesis block and for a block not known", () => {
    expect(parentBlock(0n)).toBe("latest");
    expect(parentBlock("0x0")).toBe("latest");
    expect(parentBlock(null)).toBe("latest");
    expect(parentBlock(undefined)).toBe("latest");
    expect(parentBlock("pending")).toBe("latest");
  });
});

describe("minedSimulateLink", () => {
  const mined = {
    hash: HASH,
    from: FROM,
    to: TO,
    value: "0x1",
    input: "0xa9059cbb0000",
    gas: "0x186a0",
    blockNumber: 0x2an,
  };

  it("runs the transaction's call at its parent block, and says what is not replayed", () => {
    const link = minedSimulateLink(mined);
    expect(link.href).toBe(
      `#/simulate?from=${FROM}&to=${TO}&value=0x1&data=0xa9059cbb0000&gas=0x186a0&block=0x29&tx=${HASH}`,
    );
    expect(link.note).toBe(NOT_REPLAYED_NOTE);
    expect(link.note).toMatch(/transactions before it in the same block are not replayed/);
  });

  it("a contract creation has no to: its input is the init code", () => {
    const link = minedSimulateLink({ ...mined, to: null, value: "0x0", input: "0x6080" });
    expect(link.href).toBe(`#/simulate?from=${FROM}&data=0x6080&gas=0x186a0&block=0x29&tx=${HASH}`);
  });

  it("a pending transaction runs at latest, and the note says so", () => {
    const link = minedSimulateLink({ ...mined, blockNumber: null });
    expect(new URLSearchParams(link.href.split("?")[1]).get("block")).toBe("latest");
    expect(link.note).not.toBe(NOT_REPLAYED_NOTE);
    expect(link.note).toMatch(/latest state/);
  });
});
