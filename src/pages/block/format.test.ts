import { describe, expect, it } from "vitest";
import { AbiRegistry } from "../../chain";
import type { BlockTx } from "./block";
import { methodText } from "./format";

const tx = (over: Partial<BlockTx>): BlockTx => ({
  index: 0,
  hash: `0x${"1".repeat(64)}`,
  from: `0x${"a".repeat(40)}`,
  to: `0x${"b".repeat(40)}`,
  selector: null,
  inputBytes: 0,
  value: 0n,
  gasPrice: null,
  ...over,
});

describe("block page wording", () => {
  it("names a transaction's method: decoded, a transfer, a creation, or the selector", () => {
    const registry = new AbiRegistry();
    expect(methodText(tx({ selector: "0xa9059cbb", inputBytes: 68 }), registry)).toBe("transfer");
    expect(methodText(tx({}), registry)).toBe("transfer");
    expect(methodText(tx({ to: null, inputBytes: 100, selector: "0x60806040" }), registry)).toBe(
      "contract creation",
    );
    expect(methodText(tx({ selector: "0xdeadbeef", inputBytes: 4 }), registry)).toBe("0xdeadbeef");
  });
});
