import { describe, expect, it } from "vitest";
import { parseSourceBundle } from "../chain/sources";
import { buildPath, CompilerUnavailableError, longVersionOf } from "./compiler";
import { compilePlan } from "./input";

const ADDRESS = "0x525c7063e7c20997baae9bda922159152d0e8417";
/** A Sourcify v2 answer as the bundle asks for it. */
const answer = (settings: unknown, language = "Solidity") => ({
  match: "exact_match",
  sources: { "Orders.sol": { content: "contract Orders {}" } },
  sourceIds: { "Orders.sol": { id: 0 } },
  compilation: {
    name: "Orders",
    language,
    compilerVersion: "0.8.37+commit.f401782d",
    compilerSettings: settings,
  },
});

describe("whether a verified contract is compiled again for its variables", () => {
  it("compiles one built by the legacy pipeline without the optimizer, asking only for the AST", () => {
    const bundle = parseSourceBundle(
      answer({
        evmVersion: "cancun",
        optimizer: { enabled: false, runs: 200 },
        remappings: [],
        libraries: {},
        compilationTarget: { "Orders.sol": "Orders" },
      }),
      ADDRESS,
    );
    const plan = compilePlan(bundle);
    expect(plan).toEqual({
      ok: true,
      version: "0.8.37+commit.f401782d",
      input: {
        language: "Solidity",
        sources: { "Orders.sol": { content: "contract Orders {}" } },
        settings: {
          evmVersion: "cancun",
          optimizer: { enabled: false, runs: 200 },
          remappings: [],
          outputSelection: { "*": { "": ["ast"] } },
        },
      },
    });
  });

  it("does not compile where the variables have no fixed slot, or nothing says how it was built", () => {
    const reason = (settings: unknown, language?: string) => {
      const p = compilePlan(parseSourceBundle(answer(settings, language), ADDRESS));
      return p.ok ? null : p.reason;
    };
    expect(reason({ viaIR: true, optimizer: { enabled: false } })).toMatch(/IR pipeline/);
    expect(reason({ optimizer: { enabled: true, runs: 200 } })).toMatch(/optimizer/);
    expect(reason(undefined)).toMatch(/settings/);
    expect(reason({}, "Vyper")).toMatch(/Vyper/);
    expect(compilePlan(null)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not verified/),
    });
  });
});

describe("the binaries list", () => {
  const list = {
    builds: [
      { path: "soljson-v0.8.36+commit.a.js", longVersion: "0.8.36+commit.a" },
      { path: "soljson-v0.8.37+commit.f401782d.js", longVersion: "0.8.37+commit.f401782d" },
    ],
  };
  it("finds the exact build, whether Sourcify writes the version with a v or not", () => {
    expect(buildPath(list, longVersionOf("v0.8.37+commit.f401782d"))).toBe(
      "soljson-v0.8.37+commit.f401782d.js",
    );
    expect(buildPath(list, longVersionOf("0.8.38+commit.b"))).toBeNull();
    expect(() => buildPath({ releases: {} }, "0.8.37")).toThrow(CompilerUnavailableError);
  });
});
