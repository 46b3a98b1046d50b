// The compiler binaries the devnet serves (laid out as binaries.soliditylang.org's list) and the
// Sourcify stand-in's stdJsonInput: what the debugger's Variables compile again.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { buildSourcifyRegistry, sourcifyAnswer } from "./services.mjs";
import { solcAnswer, solcBinaries } from "./solcBinaries.mjs";

const require = createRequire(import.meta.url);
const solc = require("solc");
const version = String(solc.version()).replace(/\.Emscripten\.clang$/, "");

describe("the devnet's compiler binaries", () => {
  const bins = solcBinaries(version);

  it("lists the build it compiles with, by its long version, and serves it at its path", () => {
    const list = solcAnswer(bins, "/list.json");
    expect(list.status).toBe(200);
    const body = JSON.parse(String(list.body));
    expect(body.builds).toEqual([
      expect.objectContaining({ longVersion: version, path: bins.path }),
    ]);
    const build = solcAnswer(bins, `/${bins.path}`);
    expect(build.status).toBe(200);
    expect(build.contentType).toBe("application/javascript");
    expect(build.body.length).toBeGreaterThan(1_000_000);
    expect(solcAnswer(bins, "/soljson-v0.4.0.js").status).toBe(404);
  });
});

describe("the Sourcify stand-in's stdJsonInput", () => {
  it("gives the sources and settings a contract was compiled with", () => {
    const address = "0x525C7063E7C20997BaaE9bDa922159152D0e8417";
    const registry = buildSourcifyRegistry({
      chainId: 31337,
      compiler: {
        version,
        settings: { evmVersion: "cancun", optimizer: { enabled: false, runs: 200 } },
      },
      contracts: [{ address, name: "Orders", abi: [], source: "Orders.sol" }],
      sources: { "Orders.sol": { id: 0, content: "contract Orders {}" } },
    });
    const reply = sourcifyAnswer(
      registry,
      `/v2/contract/31337/${address}`,
      new URLSearchParams("fields=stdJsonInput,compilation.compilerSettings"),
    );
    expect(reply.status).toBe(200);
    const body = /** @type {Record<string, any>} */ (reply.body);
    expect(body.stdJsonInput).toMatchObject({
      language: "Solidity",
      sources: { "Orders.sol": { content: "contract Orders {}" } },
      settings: { evmVersion: "cancun", optimizer: { enabled: false } },
    });
    expect(body.compilation).toEqual({
      compilerSettings: { evmVersion: "cancun", optimizer: { enabled: false, runs: 200 } },
    });
  });
});
