import { describe, expect, it } from "vitest";
import { encodeErrorResult, parseAbi } from "viem";
import { AbiRegistry } from "./registry";
import { decodeRevert, describeRevert, gethRevertReason } from "./revert";

const ALICE = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045";
// "user error" exactly as the reference client returns it from eth_estimateGas (no tail padding).
const USER_ERROR =
  "0x08c379a00000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000000a75736572206572726f72";

const word = (n: bigint) => n.toString(16).padStart(64, "0");

describe("decodeRevert", () => {
  it("decodes Error(string), even without tail padding", () => {
    const d = decodeRevert(USER_ERROR);
    expect(d).toEqual({ kind: "error-string", message: "user error" });
    expect(describeRevert(d)).toBe('Error("user error")');
    expect(gethRevertReason(d)).toBe("user error");
  });
  it("decodes panics", () => {
    const p11 = decodeRevert(`0x4e487b71${word(0x11n)}`);
    expect(p11).toEqual({
      kind: "panic",
      code: 0x11n,
      meaning: "arithmetic overflow or underflow",
    });
    expect(describeRevert(p11)).toBe("Panic(0x11): arithmetic overflow or underflow");
    expect(gethRevertReason(p11)).toBe("arithmetic underflow or overflow");
    const p12 = decodeRevert(`0x4e487b71${word(0x12n)}`);
    expect(describeRevert(p12)).toBe("Panic(0x12): division or modulo by zero");
    const odd = decodeRevert(`0x4e487b71${word(0x99n)}`);
    expect(describeRevert(odd)).toBe("Panic(0x99): unknown panic code");
    expect(gethRevertReason(odd)).toBe("unknown panic code: 0x99");
  });
  it("decodes a custom error from a pasted ABI", () => {
    const registry = new AbiRegistry();
    const pasted = registry.addAbiJson(
      JSON.stringify([
        {
          type: "error",
          name: "InsufficientBalance",
          inputs: [
            { name: "available", type: "uint256" },
            { name: "required", type: "uint256" },
          ],
        },
      ]),
    );
    expect(pasted.ok).toBe(true);
    const data = encodeErrorResult({
      abi: parseAbi(["error InsufficientBalance(uint256 available, uint256 required)"]),
      errorName: "InsufficientBalance",
      args: [1n, 2n],
    });
    const d = decodeRevert(data, registry);
    expect(d.kind).toBe("custom");
    expect(describeRevert(d)).toBe("InsufficientBalance(available=1, required=2)");
    expect(gethRevertReason(d)).toBeNull();
  });
  it("decodes built-in OpenZeppelin errors", () => {
    const data = encodeErrorResult({
      abi: parseAbi(["error OwnableUnauthorizedAccount(address account)"]),
      errorName: "OwnableUnauthorizedAccount",
      args: [ALICE],
    });
    expect(describeRevert(decodeRevert(data, new AbiRegistry()))).toBe(
      `OwnableUnauthorizedAccount(account=${ALICE})`,
    );
  });
  it("reports empty, unknown and malformed data", () => {
    expect(decodeRevert("0x")).toEqual({ kind: "empty" });
    expect(decodeRevert(undefined)).toEqual({ kind: "empty" });
    expect(describeRevert({ kind: "empty" })).toBe("reverted without a reason");
    const unknown = decodeRevert(`0xdeadbeef${word(1n)}`, new AbiRegistry());
    expect(unknown).toEqual({
      kind: "unknown",
      selector: "0xdeadbeef",
      data: `0xdeadbeef${word(1n)}`,
    });
    expect(describeRevert(unknown)).toBe("unknown error 0xdeadbeef, 32 bytes of arguments");
    expect(decodeRevert("0x08c379a0").kind).toBe("unknown");
    expect(decodeRevert("0x1234")).toMatchObject({ kind: "unknown", selector: null });
  });
});
