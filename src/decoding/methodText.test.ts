import { describe, expect, it } from "vitest";
import { AbiRegistry } from "../chain";
import { callDecodingKeys, inputShape, methodText, type CallShape } from "./methodText";

const tx = (over: Partial<CallShape>): CallShape => ({
  from: `0x${"a".repeat(40)}`,
  to: `0x${"b".repeat(40)}`,
  selector: null,
  inputBytes: 0,
  ...over,
});

describe("what a transaction calls, in a word or a name", () => {
  it("names a transaction's method: decoded, a transfer, a creation, or the selector", () => {
    const registry = new AbiRegistry();
    expect(methodText(tx({ selector: "0xa9059cbb", inputBytes: 68 }), registry)).toBe("transfer");
    expect(methodText(tx({}), registry)).toBe("transfer");
    expect(methodText(tx({ to: null, inputBytes: 100, selector: "0x60806040" }), registry)).toBe(
      "contract creation",
    );
    expect(methodText(tx({ selector: "0xdeadbeef", inputBytes: 4 }), registry)).toBe("0xdeadbeef");
    expect(methodText(tx({ inputBytes: 2 }), registry)).toBe("2 bytes");
  });

  it("names a function the registry learns (a user's ABI, a service's answer)", () => {
    const registry = new AbiRegistry();
    const call = tx(inputShape(`0x40A3FDB8${"0".repeat(63)}7`));
    expect(methodText(call, registry)).toBe("0x40a3fdb8");
    expect(methodText(call, null)).toBe("0x40a3fdb8");
    registry.addSignature("function bumpNonce(uint256 by)");
    expect(methodText(call, registry)).toBe("bumpNonce");
  });

  it("reads an input's selector and size", () => {
    expect(inputShape("0x")).toEqual({ selector: null, inputBytes: 0 });
    expect(inputShape("0xabcdef")).toEqual({ selector: null, inputBytes: 3 });
    expect(inputShape("0xA9059CBB00")).toEqual({ selector: "0xa9059cbb", inputBytes: 5 });
  });

  it("asks for each selector once and every callee, after the list's own addresses", () => {
    const keys = callDecodingKeys(
      [
        { selector: "0xa9059cbb", to: "0x01" },
        { selector: "0xa9059cbb", to: "0x02" },
        { selector: null, to: null },
      ],
      ["0xminer"],
    );
    expect(keys).toEqual({
      inputs: ["0xa9059cbb"],
      topics: [],
      addresses: ["0xminer", "0x01", "0x02"],
    });
  });
});
