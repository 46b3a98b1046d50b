import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The layer rule is only real if lint catches it: these lint imaginary files that sit in the
// real tree, through the project's own eslint.config.js.
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, file) });
  return (result?.messages ?? [])
    .filter(
      (m) => m.ruleId === "import-x/no-restricted-paths" || m.ruleId === "no-restricted-imports",
    )
    .map((m) => m.message);
}

describe("layer boundaries", () => {
  it.each([
    ["src/rpc/x.ts", 'export * from "../methods/eth_getLogs";'],
    ["src/rpc/x.ts", 'export * from "../chain";'],
    ["src/platform/x.ts", 'export * from "../rpc";'],
    ["src/platform/x.ts", 'import { useState } from "react";\nexport const s = useState;'],
    ["src/chain/x.ts", 'export * from "../endpoints";'],
    ["src/endpoints/x.ts", 'export * from "../shared/links";'],
    ["src/methods/eth_getLogs/x.ts", 'export * from "../eth_estimateGas/query";'],
    ["src/methods/eth_getLogs/x.ts", 'export * from "../debug_jstraceTransaction";'],
    ["src/methods/eth_getLogs/x.ts", 'export * from "../../app/router";'],
    ["src/ui/x.ts", 'export * from "../methods/eth_getLogs";'],
    ["src/ui/x.ts", 'export * from "../rpc";'],
    ["src/shared/x.ts", 'export * from "../methods/eth_getLogs/params";'],
    ["src/chain/x.ts", 'import { useState } from "react";\nexport const s = useState;'],
    ["src/chain/registry.ts", 'export { withSources } from "./sourcedRegistry";'],
  ])("%s may not run `%s`", async (file, code) => {
    expect(await boundaryErrors(file, code)).not.toEqual([]);
  });

  it.each([
    ["src/chain/x.ts", 'export * from "../rpc";'],
    ["src/rpc/x.ts", 'export * from "../platform/store";'],
    ["src/ui/x.ts", 'export * from "../platform/store";'],
    ["src/methods/eth_getLogs/x.ts", 'export * from "./params";'],
    ["src/methods/eth_getLogs/x.ts", 'export * from "../../shared/links";'],
    ["src/methods/eth_getLogs/x.ts", 'export * from "../../chain";'],
    ["src/app/x.ts", 'export * from "../methods/eth_getLogs";'],
    ["src/chain/sourcedRegistry.ts", 'export type { AbiRegistry } from "./registry";'],
  ])("%s may run `%s`", async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
