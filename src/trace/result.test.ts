import { describe, expect, it } from "vitest";
import {
  anyJsonSchema,
  callFrameSchema,
  EMPTY_STRUCT_LOG,
  frameIssues,
  type CallFrame,
} from "./result";

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

  it("keeps a wrong-typed field deep in the tree as a warning on its frame, not a refusal", () => {
    const raw = frame({
      calls: [frame(), frame(), frame(), frame({ calls: [frame({ gasUsed: true, from: 12 })] })],
    });
    const out = callFrameSchema.parse(raw);
    const bad = out.calls?.[3]?.calls?.[0] as CallFrame;
    expect(bad.gasUsed).toBeUndefined();
    expect(bad.from).toBe("");
    expect(bad.gas).toBe("0x5208");
    expect(frameIssues(bad)).toEqual([
      { field: "from", message: "expected an address string, got 12", raw: 12 },
      { field: "gasUsed", message: "expected hex quantity, got true", raw: true },
    ]);
    expect(frameIssues(out)).toEqual([]);
  });

  it("shows a frame that is not an object as an empty frame with its raw value", () => {
    const out = callFrameSchema.parse(frame({ calls: [42, "oops"] }));
    expect(out.calls?.map((c) => frameIssues(c))).toEqual([
      [{ field: "(frame)", message: "expected a frame object, got 42", raw: 42 }],
      [{ field: "(frame)", message: 'expected a frame object, got "oops"', raw: "oops" }],
    ]);
  });

  it("refuses only a top frame that is not an object", () => {
    for (const top of [42, "x", null, [frame()]]) {
      const r = callFrameSchema.safeParse(top);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.path).toEqual([]);
    }
    const noType = callFrameSchema.parse({ from: "0x" });
    expect(noType.type).toBe("");
    expect(frameIssues(noType)).toEqual([{ field: "type", message: "missing", raw: undefined }]);
  });

  it("reads null as absent for every optional field", () => {
    const nulls = Object.fromEntries(
      [
        "to",
        "value",
        "gas",
        "gasUsed",
        "input",
        "output",
        "error",
        "revertReason",
        "calls",
        "logs",
      ].map((k) => [k, null]),
    );
    const out = callFrameSchema.parse({ type: "call", from: "0x01", ...nulls });
    expect(out).toEqual({ type: "call", from: "0x01" });
    expect(frameIssues(out)).toEqual([]);
  });

  it("keeps a log without index, a log with a bad field as a warning, and drops a log that is not an object", () => {
    const out = callFrameSchema.parse(
      frame({
        logs: [
          { address: "0x01", topics: [], data: "0x", position: "0x0" },
          { address: 7, topics: ["0xaa", 1], data: "0x" },
          "nope",
        ],
      }),
    );
    expect(out.logs).toEqual([
      { address: "0x01", topics: [], data: "0x", position: "0x0" },
      { address: "", topics: ["0xaa"], data: "0x" },
    ]);
    expect(frameIssues(out).map((x) => `${x.field}: ${x.message}`)).toEqual([
      "logs[1].address: expected an address string, got 7",
      "logs[1].topics: expected an array of hex strings, got an array",
      'logs[2]: expected a log object, got "nope"',
    ]);
  });

  it("leaves the node's own JSON as sent", () => {
    const raw = frame({ error: null, calls: [frame({ gas: true })] });
    const copy = structuredClone(raw);
    callFrameSchema.parse(raw);
    expect(raw).toEqual(copy);
    // a well-formed tree too (copied without the schema): its frames and arrays are not the node's
    const log = { address: "0x0000000000000000000000000000000000002000", topics: [], data: "0x" };
    const plain = frame({ logs: [log], calls: [frame({ logs: [log] })] });
    const plainCopy = structuredClone(plain);
    const checked = callFrameSchema.parse(plain);
    expect(checked).toEqual(plainCopy);
    expect(checked).not.toBe(plain);
    expect(checked.logs).not.toBe(plain.logs);
    expect(checked.calls).not.toBe(plain.calls);
    expect(checked.calls?.[0]).not.toBe((plain.calls as unknown[])[0]);
    checked.logs?.pop();
    checked.calls?.pop();
    expect(plain).toEqual(plainCopy);
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
