import { encodeFunctionData, parseAbi, toHex, hexToBytes, padHex } from "viem";
import { describe, expect, it } from "vitest";
import { contractVariables, type FunctionVars } from "./ast";
import { readVariable, valueText, type MachineView, type Shown } from "./decode";
import { compileAst, ORDERS_SOL } from "./testing";

const vars = contractVariables(compileAst({ "Orders.sol": ORDERS_SOL }));
const fnOf = (name: string): FunctionVars => {
  const f = vars.functions.find((v) => v.name === name);
  if (!f) throw new Error(name);
  return f;
};
const place = fnOf("place");
const sum = fnOf("sum");

/** Shown as plain lines, nested members indented (what a reader sees). */
function lines(s: Shown, indent = ""): string[] {
  if (s.kind === "text") return [`${indent}${s.text}`];
  return [
    `${indent}${s.summary}`,
    ...s.items.flatMap((it) => {
      const [first = "", ...rest] = lines(it.value, `${indent}  `);
      return [`${indent}  ${it.name}: ${first.trim()}`, ...rest];
    }),
  ];
}

const word = (n: bigint | number) => padHex(toHex(n), { size: 32 }).slice(2);
const input = encodeFunctionData({
  abi: parseAbi(["function place(uint256 id, string note, uint256[] amounts)"]),
  functionName: "place",
  args: [42n, "first order", [10n, 20n, 30n, 45n]],
});
const bytes = hexToBytes(input);
// in the input: the selector, three heads, then note (at 4 + 0x60) and amounts (at 4 + 0xa0)
const noteAt = 4 + 0x60;
const amountsAt = 4 + 0xa0;

/** Memory as the struct constructor leaves it: the string copied at 0x80, the struct after it. */
function memory(): MachineView["memory"] {
  const m = new Uint8Array(0x160);
  const put = (at: number, hex: string) => m.set(hexToBytes(`0x${hex}`), at);
  put(0x80, word(11));
  m.set(new TextEncoder().encode("first order"), 0xa0);
  put(0xc0, word(42));
  put(0xe0, word(0x80));
  put(0x100, word(105));
  return { offset: 0, bytes: m, size: m.length };
}

const view: MachineView = { stack: [], memory: memory(), input: bytes };

describe("variables read by their type from a step's state", () => {
  it("reads value types from their stack word", () => {
    const id = place.params[0];
    if (!id) throw new Error("id");
    expect(lines(readVariable(id.type, id.location, [word(42)], view))).toEqual(["42"]);
    expect(valueText({ kind: "int", bits: 8, label: "int8" }, (1n << 256n) - 3n)).toBe("-3");
    expect(valueText({ kind: "bool", label: "bool" }, 1n)).toBe("true");
    expect(valueText({ kind: "enum", label: "Side", members: ["Buy", "Sell"] }, 1n)).toBe("Sell");
    expect(
      valueText({ kind: "address", label: "address" }, 0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266n),
    ).toBe("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    expect(valueText({ kind: "fixedBytes", size: 4, label: "bytes4" }, 0xdeadbeefn << 224n)).toBe(
      "0xdeadbeef",
    );
  });

  it("reads a calldata string and array from their offset and length words in the input", () => {
    const [, note, amounts] = place.params;
    if (!note || !amounts) throw new Error("params");
    expect(
      lines(readVariable(note.type, note.location, [word(noteAt + 32), word(11)], view)),
    ).toEqual(['"first order"']);
    expect(
      lines(readVariable(amounts.type, amounts.location, [word(amountsAt + 32), word(4)], view)),
    ).toEqual(["uint256[] (4 elements)", "  [0]: 10", "  [1]: 20", "  [2]: 30", "  [3]: 45"]);
    const xs = sum.params[0];
    if (!xs) throw new Error("xs");
    expect(
      lines(readVariable(xs.type, xs.location, [word(amountsAt + 32), word(2)], view)),
    ).toEqual(["uint256[] (2 elements)", "  [0]: 10", "  [1]: 20"]);
  });

  it("reads a memory struct, following its string member's pointer", () => {
    const order = place.locals[0];
    if (!order) throw new Error("order");
    expect(lines(readVariable(order.type, order.location, [word(0xc0)], view))).toEqual([
      "Order",
      "  id: 42",
      '  note: "first order"',
      "  total: 105",
    ]);
  });

  it("says what it cannot read instead of a value", () => {
    const order = place.locals[0];
    if (!order) throw new Error("order");
    const none: MachineView = { stack: [], memory: null, input: null };
    expect(lines(readVariable(order.type, order.location, [word(0xc0)], none))).toEqual([
      "(memory not kept at this step)",
    ]);
    expect(lines(readVariable(order.type, order.location, [word(0x10_000)], view))[0]).toMatch(
      /past memory's end/,
    );
    expect(lines(readVariable(order.type, order.location, [], view))).toEqual([
      "(not on the stack)",
    ]);
  });
});
