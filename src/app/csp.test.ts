import { describe, expect, it } from "vitest";
import { connectSrc, neededOrigins } from "./csp";

describe("the page's connect-src", () => {
  it("lists exactly the configured origins: RPC endpoints and the services switched on", () => {
    const origins = neededOrigins(
      [
        "http://127.0.0.1:4317/nodescope-demo/rollup/",
        "http://127.0.0.1:4317/x",
        "https://node.example:8545/rpc",
      ],
      { sigdb: "https://api.4byte.sourcify.dev", sourcify: null },
    );
    expect(origins).toEqual([
      "http://127.0.0.1:4317",
      "https://api.4byte.sourcify.dev",
      "https://node.example:8545",
    ]);
    expect(connectSrc(origins)).toBe(
      "'self' https://*.nodereal.io http://127.0.0.1:4317 https://api.4byte.sourcify.dev https://node.example:8545",
    );
  });

  it("never carries a path (where a provider's key lives)", () => {
    const origins = neededOrigins(["https://bsc-mainnet.nodereal.io/v1/secret-key"], {
      sigdb: null,
      sourcify: null,
    });
    expect(origins.join(" ")).not.toContain("secret-key");
  });
});
