import { describe, expect, it } from "vitest";
import { encodeAbiParameters, encodeErrorResult, encodeFunctionData, parseAbi } from "viem";
import { TraceDecoder } from "./decode";

const errorString = (msg: string) =>
  `0x08c379a0${encodeAbiParameters([{ type: "string" }], [msg]).slice(2)}`;
const panic = (code: bigint) =>
  `0x4e487b71${encodeAbiParameters([{ type: "uint256" }], [code]).slice(2)}`;

describe("TraceDecoder", () => {
  it("decodes Error(string) and Panic(uint256) with its meaning", () => {
    const d = new TraceDecoder();
    expect(d.decodeRevert(errorString("Not enough"))).toEqual({
      kind: "error",
      reason: "Not enough",
      label: "Error: Not enough",
    });
    expect(d.decodeRevert(panic(0x11n)).label).toBe("Panic 0x11: arithmetic underflow or overflow");
    expect(d.decodeRevert(panic(0x12n)).reason).toBe("division or modulo by zero");
    expect(d.decodeRevert("0x").kind).toBe("empty");
    expect(d.decodeRevert("0xdeadbeef")).toMatchObject({ kind: "raw", label: "0xdeadbeef" });
  });

  it("decodes a custom error once an ABI knows it", () => {
    const abi = parseAbi(["error VaultTooSmall(uint256 available, uint256 required)"]);
    const data = encodeErrorResult({ abi, errorName: "VaultTooSmall", args: [1n, 2n] });
    const d = new TraceDecoder();
    expect(d.decodeRevert(data).kind).toBe("raw");
    d.addAbiJson(
      JSON.stringify([
        {
          type: "error",
          name: "VaultTooSmall",
          inputs: [
            { name: "available", type: "uint256" },
            { name: "required", type: "uint256" },
          ],
        },
      ]),
    );
    expect(d.decodeRevert(data)).toMatchObject({
      kind: "custom",
      label: "VaultTooSmall(available=1, required=2)",
    });
  });

  it("decodes built-in calls with arguments and return values", () => {
    const d = new TraceDecoder();
    const abi = parseAbi(["function transfer(address to, uint256 amount) returns (bool)"]);
    const input = encodeFunctionData({
      abi,
      functionName: "transfer",
      args: ["0x00000000000000000000000000000000000000aa", 5n],
    });
    const call = d.decodeCall(input, encodeAbiParameters([{ type: "bool" }], [true]), true);
    expect(call?.signature).toBe("transfer(address,uint256)");
    expect(call?.args.map((a) => a.value.toLowerCase())).toEqual([
      "0x00000000000000000000000000000000000000aa",
      "5",
    ]);
    expect(call?.returns?.[0]?.value).toBe("true");
    expect(d.functionName("0xa9059cbb")).toBe("transfer(address,uint256)");
    expect(d.decodeCall("0x12345678", null, false)).toBeNull();
  });

  it("decodes a log by topic0", () => {
    const d = new TraceDecoder();
    const log = d.decodeLog({
      topics: [
        "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef",
        "0x00000000000000000000000000000000000000000000000000000000000000aa",
        "0x00000000000000000000000000000000000000000000000000000000000000bb",
      ],
      data: encodeAbiParameters([{ type: "uint256" }], [7n]),
    });
    expect(log?.name).toBe("Transfer");
    expect(log?.args[2]?.value).toBe("7");
  });
});
