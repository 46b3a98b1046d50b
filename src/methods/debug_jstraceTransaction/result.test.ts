import { describe, expect, it } from "vitest";
import { anyJsonSchema, callFrameSchema, EMPTY_STRUCT_LOG, type CallFrame } from "./result";

const frame = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: "CALL",
  from: "0x0000000000000000000000000000000000001000",
  to: "0x0000000000000000000000000000000000002000",
  gas: "0x5208",
  gasUsed: "0x5208",
  input: "0x",
  ...extra,
});

describe("callFrameSchema", () => {
  it("keeps unknown fields, turns numeric quantities into hex and keeps the tree's order", () => {
    const raw = frame({
      extra: { kept: true },
      calls: [
        frame({ gas: 1234, calls: [frame({ type: "STATICCALL" })] }),
        frame({ type: "DELEGATECALL" }),
      ],
      logs: [{ address: "0x0000000000000000000000000000000000002000" }],
    });
    const out: CallFrame = callFrameSchema.parse(raw);
    expect(out.extra).toEqual({ kept: true });
    expect(out.calls?.[0]?.gas).toBe("0x4d2");
    expect(out.calls?.[0]?.calls?.[0]?.type).toBe("STATICCALL");
    expect(out.calls?.[1]?.type).toBe("DELEGATECALL");
    expect(out.logs?.[0]).toEqual({
      address: "0x0000000000000000000000000000000000002000",
      topics: [],
      data: "0x",
    });
  });

  it("names the path of a bad field deep in the tree", () => {
    const raw = frame({
      calls: [frame(), frame(), frame(), frame({ calls: [frame({ gasUsed: true })] })],
    });
    const r = callFrameSchema.safeParse(raw);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(["calls", 3, "calls", 0, "gasUsed"]);
  });

  it("reports a frame that is not an object, and a missing type at the top", () => {
    expect(callFrameSchema.safeParse(frame({ calls: [42] })).error?.issues[0]?.path).toEqual([
      "calls",
      0,
    ]);
    expect(callFrameSchema.safeParse({ from: "0x" }).error?.issues[0]?.path).toEqual(["type"]);
  });

  it("checks a trace 5,000 calls deep without running out of stack", () => {
    let raw = frame();
    for (let i = 0; i < 5000; i++) raw = frame({ calls: [raw] });
    let depth = 0;
    for (let f: CallFrame | undefined = callFrameSchema.parse(raw); f; f = f.calls?.[0]) depth++;
    expect(depth).toBe(5001);
  });
});

describe("an empty opcode log for an unknown hash", () => {
  const empty = { failed: false, gas: 0, returnValue: "0x", structLogs: [] };
  it("is refused by both schemas with the issue the view recognises", () => {
    for (const schema of [callFrameSchema, anyJsonSchema]) {
      const r = schema.safeParse(empty);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(EMPTY_STRUCT_LOG);
    }
  });
  it("leaves real tracer output alone", () => {
    expect(anyJsonSchema.safeParse({ "0xa9059cbb-64": 1 }).success).toBe(true);
    expect(
      anyJsonSchema.safeParse({ failed: false, gas: 21000, structLogs: [{ pc: 0 }] }).success,
    ).toBe(true);
  });
});
