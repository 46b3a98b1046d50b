import { describe, expect, it } from "vitest";
import { compileErrors, contractVariables, functionAt, type FunctionVars } from "./ast";
import { layoutLabel } from "./storage";
import { compileAst, ORDERS_SOL } from "./testing";

const SCOPES = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract Scopes {
    enum Side { Buy, Sell }
    function f(uint8 a, bytes calldata b, Side s) external pure returns (uint256 r, bool) {
        uint256 x = a;
        {
            uint256 inner = x + 1;
            r = inner;
        }
        uint256 y = 2;
        for (uint256 i = 0; i < 2; i++) {
            uint256 z = i;
            y += z;
        }
        (, uint256 w) = (1, 2);
        r += y + w + b.length + uint8(s);
    }
}
`;

function fn(vars: ReturnType<typeof contractVariables>, name: string): FunctionVars {
  const f = vars.functions.find((v) => v.name === name);
  if (!f) throw new Error(`no function ${name}`);
  return f;
}

describe("the AST's variables, laid out as the legacy pipeline pushes them", () => {
  const out = compileAst({ "Orders.sol": ORDERS_SOL, "Scopes.sol": SCOPES });

  it("compiles without errors", () => {
    expect(compileErrors(out)).toEqual([]);
  });

  const vars = contractVariables(out);

  it("counts parameters from the first (a dynamic calldata one takes two slots), then returns, then locals", () => {
    const place = fn(vars, "place");
    expect(place.params.map((p) => [p.name, p.slot, p.slots, p.location])).toEqual([
      ["id", 0, 1, "stack"],
      ["note", 1, 2, "calldata"],
      ["amounts", 3, 2, "calldata"],
    ]);
    expect(place.paramSlots).toBe(5);
    expect(place.returns.map((r) => [r.name, r.slot])).toEqual([["total", 5]]);
    expect(place.locals.map((l) => [l.name, l.slot, l.location, l.type.kind])).toEqual([
      ["order", 6, "memory", "struct"],
      ["label", 7, "memory", "string"],
      ["saved", 8, "storage", "struct"],
    ]);
    expect(layoutLabel(place.locals[2]?.typeString ?? "")).toBe("struct Orders.Order");
    const order = place.locals[0]?.type;
    expect(order?.kind === "struct" ? order.members.map((m) => [m.name, m.type.kind]) : []).toEqual(
      [
        ["id", "uint"],
        ["note", "string"],
        ["total", "uint"],
      ],
    );
    const sum = fn(vars, "sum");
    expect(sum.params.map((p) => [p.name, p.slot, p.slots, p.type.label])).toEqual([
      ["xs", 0, 2, "uint256[]"],
    ]);
    expect(sum.returns.map((r) => [r.name, r.slot])).toEqual([["acc", 2]]);
    expect(sum.locals.map((l) => [l.name, l.slot])).toEqual([
      ["i", 3],
      ["x", 4],
    ]);
  });

  it("reuses a finished block's slots, scopes a loop's variable to the loop, and skips a tuple's holes", () => {
    const f = fn(vars, "f");
    // a (1) + b (2) + s (1) = 4 parameter slots; r, unnamed bool: 4, 5
    expect(f.paramSlots).toBe(4);
    expect(f.returns.map((r) => [r.name, r.slot])).toEqual([
      ["r", 4],
      ["", 5],
    ]);
    expect(f.locals.map((l) => [l.name, l.slot])).toEqual([
      ["x", 6],
      ["inner", 7],
      ["y", 7],
      ["i", 8],
      ["z", 9],
      ["w", 8],
    ]);
    const byName = Object.fromEntries(f.locals.map((l) => [l.name, l]));
    const text = (a: number, b: number) => SCOPES.slice(a, b);
    expect(text(byName.inner?.declStart ?? 0, byName.inner?.declEnd ?? 0)).toBe(
      "uint256 inner = x + 1",
    );
    // inner lives to its block's closing brace; i to the loop's end
    expect(text(byName.inner?.scopeEnd ?? 0, (byName.inner?.scopeEnd ?? 0) + 20)).toMatch(
      /^\n\s+uint256 y =/,
    );
    expect(
      SCOPES.slice(0, byName.i?.scopeEnd ?? 0)
        .trimEnd()
        .endsWith("}"),
    ).toBe(true);
    expect(f.params[2]?.type).toMatchObject({ kind: "enum", members: ["Buy", "Sell"] });
    expect(f.params[0]?.type).toMatchObject({ kind: "uint", bits: 8 });
  });

  it("finds a function by its declaration's start, else the innermost one holding a range", () => {
    const sum = fn(vars, "sum");
    expect(functionAt(vars, "Orders.sol", sum.start, sum.end)?.name).toBe("sum");
    const inside = ORDERS_SOL.indexOf("acc += x;");
    expect(functionAt(vars, "Orders.sol", inside, inside + 9)?.name).toBe("sum");
    expect(functionAt(vars, "Other.sol", inside, inside + 9)).toBeNull();
  });

  it("says the compiler's errors", () => {
    const bad = compileAst({ "Bad.sol": "contract B { function f() { x = 1; } }" });
    expect(compileErrors(bad).length).toBeGreaterThan(0);
    expect(contractVariables({ nonsense: true }).functions).toEqual([]);
  });
});
