import { describe, expect, it } from "vitest";
import { encodeAbiParameters, encodeErrorResult, parseAbi } from "viem";
import { AbiRegistry } from "../chain";
import { findRevertData, HttpStatusError, interpretRpcError, TimeoutError } from "../rpc";
import { explainError } from "./explain";

const ctx = {
  method: "eth_estimateGas",
  endpoint: "http://127.0.0.1:8545/",
  request: {},
  durationMs: 5,
};
/** A node's JSON-RPC error, as the client's interpret step names it. */
const rpcError = (code: number, message: string, data?: unknown) =>
  interpretRpcError(ctx, { code, message, data });

const errorString = (reason: string) =>
  `0x08c379a0${encodeAbiParameters([{ type: "string" }], [reason]).slice(2)}`;
const panic = (code: bigint) =>
  `0x4e487b71${encodeAbiParameters([{ type: "uint256" }], [code]).slice(2)}`;
const customAbi = parseAbi([
  "error InsufficientBalance(address account, uint256 available, uint256 required)",
]);
const customData = encodeErrorResult({
  abi: customAbi,
  errorName: "InsufficientBalance",
  args: ["0x0102030000000000000000000000000000000000", 5n, 10n],
});

describe("reverts", () => {
  it("decodes Error(string) from a code 3 error", () => {
    const x = explainError(
      rpcError(3, "execution reverted: user error", errorString("user error")),
    );
    expect(x.kind).toBe("revert");
    expect(x.revert).toEqual({ kind: "error-string", message: "user error" });
    expect(x.sentence).toContain('"user error"');
    expect(x.revertData).toBe(errorString("user error"));
  });

  it("decodes Panic with its code's meaning", () => {
    const x = explainError(
      rpcError(3, "execution reverted: panic: division or modulo by zero (0x12)", panic(0x12n)),
    );
    expect(x.revert).toMatchObject({
      kind: "panic",
      code: 0x12n,
      meaning: expect.stringMatching(/division or modulo by zero/),
    });
    expect(x.sentence).toMatch(/Panic\(0x12\)/);
    expect(x.hint).toMatch(/panic/i);
    const unknownCode = explainError(rpcError(3, "execution reverted", panic(0x99n)));
    expect(unknownCode.revert).toMatchObject({
      kind: "panic",
      meaning: expect.stringMatching(/unknown/),
    });
  });

  it("decodes a custom error only with its ABI, raw bytes otherwise", () => {
    const without = explainError(rpcError(3, "execution reverted", customData));
    expect(without.revert).toMatchObject({ kind: "unknown", selector: customData.slice(0, 10) });
    expect(without.hint).toMatch(/Paste the contract's ABI/);
    const registry = new AbiRegistry();
    registry.addAbi(customAbi);
    const withAbi = explainError(rpcError(3, "execution reverted", customData), registry);
    expect(withAbi.revert).toMatchObject({ kind: "custom", name: "InsufficientBalance" });
    expect(withAbi.sentence).toMatch(
      /InsufficientBalance\(account=0x0102030000000000000000000000000000000000, available=5, required=10\)/,
    );
  });

  it("finds the data nested in error.data as {data} or as 'Reverted 0x…' text", () => {
    const nested = explainError(
      rpcError(-32000, "execution reverted", { data: errorString("nested") }),
    );
    expect(nested.revert).toEqual({ kind: "error-string", message: "nested" });
    expect(findRevertData({ data: { data: "0x1234" } })).toBe("0x1234");
    expect(findRevertData("Reverted 0xabcd")).toBe("0xabcd");
    expect(findRevertData(42)).toBeNull();
  });

  it("takes the reason from the message when there is no data", () => {
    const x = explainError(
      rpcError(-32000, "execution reverted: Ownable: caller is not the owner"),
    );
    expect(x.kind).toBe("revert");
    expect(x.revert).toBeNull();
    expect(x.messageReason).toBe("Ownable: caller is not the owner");
  });

  it("says so when a revert has no data at all, and shows readable raw bytes as text", () => {
    const bare = explainError(rpcError(3, "execution reverted", "0x"));
    expect(bare.revert).toEqual({ kind: "empty" });
    expect(bare.sentence).toMatch(/without a reason/);
    const text = explainError(
      rpcError(3, "execution reverted", "0x77726f6e672d63616c6c6461746173697a65"),
    );
    expect(text.revertText).toBe("wrong-calldatasize");
    expect(text.sentence).toContain('"wrong-calldatasize"');
  });
});

describe("the node's other refusals", () => {
  const cases: [string, number, string, RegExp, RegExp][] = [
    [
      "insufficient-funds",
      -32000,
      "insufficient funds for gas * price + value: address 0x01 have 0 want 1",
      /balance/,
      /enough ether/,
    ],
    [
      "intrinsic-gas-too-low",
      -32000,
      "intrinsic gas too low: have 100, want 21000",
      /intrinsic cost/,
      /Raise Gas/,
    ],
    [
      "out-of-gas",
      -32000,
      "gas required exceeds allowance (30000)",
      /more gas than the limit/,
      /Raise or clear Gas/,
    ],
    ["out-of-gas", -32000, "out of gas", /more gas than the limit/, /Raise or clear Gas/],
    ["gas-too-low", -32000, "gas too low", /too low/, /Raise Gas/],
    [
      "nonce-too-low",
      -32000,
      "nonce too low: next nonce 5, tx nonce 1",
      /already used/,
      /Clear Nonce/,
    ],
    ["nonce-too-high", -32000, "nonce too high: next nonce 5, tx nonce 9", /ahead/, /Clear Nonce/],
    [
      "unsupported-method",
      -32601,
      "the method eth_estimateGas does not exist/is not available",
      /does not offer eth_estimateGas/,
      /endpoint/,
    ],
    [
      "unsupported-method",
      -32004,
      "method eth_estimateGas does not support",
      /does not offer/,
      /plan/,
    ],
    [
      "fee-too-low",
      -32000,
      "max fee per gas less than block base fee: address 0x01, maxFeePerGas: 1, baseFee: 7",
      /base fee/,
      /Raise/,
    ],
  ];
  it.each(cases)("%s: %s", (kind, code, message, sentence, hint) => {
    const x = explainError(rpcError(code, message));
    expect(x.kind).toBe(kind);
    expect(x.sentence).toMatch(sentence);
    expect(x.hint).toMatch(hint);
    expect(x.nodeMessage).toBe(message);
    expect(x.code).toBe(code);
  });

  it("leaves transport failures and unknown errors to the generic panel", () => {
    expect(explainError(new TimeoutError(ctx, 30_000)).kind).toBe("other");
    expect(explainError(new HttpStatusError(ctx, { status: 503, body: "busy" })).kind).toBe(
      "other",
    );
    const odd = explainError(rpcError(-32603, "internal error"));
    expect(odd.kind).toBe("other");
    expect(odd.sentence).toMatch(/internal error/);
  });
});
