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
    ["src/rpc/x.ts", 'export * from "../pages/logs";'],
    ["src/rpc/x.ts", 'export * from "../chain";'],
    ["src/platform/x.ts", 'export * from "../rpc";'],
    ["src/platform/x.ts", 'import { useState } from "react";\nexport const s = useState;'],
    ["src/chain/x.ts", 'export * from "../endpoints";'],
    ["src/chain/x.ts", 'import { useState } from "react";\nexport const s = useState;'],
    ["src/endpoints/x.ts", 'export * from "../routing/links";'],
    ["src/endpoints/x.ts", 'export * from "../ui";'],
    // ui is below every domain and knows no data layer
    ["src/ui/x.ts", 'export * from "../logs/LogTable";'],
    ["src/ui/x.ts", 'export * from "../trace/model";'],
    ["src/ui/x.ts", 'export * from "../pages/logs";'],
    ["src/ui/x.ts", 'export * from "../rpc";'],
    // a domain never imports a page or the app
    ["src/trace/x.ts", 'export * from "../pages/trace";'],
    ["src/trace/x.ts", 'export * from "../pages/compare/Page";'],
    ["src/logs/x.ts", 'export * from "../app/router";'],
    ["src/call/x.ts", 'export * from "../pages/estimate";'],
    // a page never imports another page, by its folder or a file in it
    ["src/pages/logs/x.ts", 'export * from "../estimate";'],
    ["src/pages/logs/x.ts", 'export * from "../estimate/Page";'],
    ["src/pages/simulate/x.ts", 'export * from "../compare";'],
    ["src/pages/address/x.ts", 'export * from "../../app/router";'],
    ["src/chain/registry.ts", 'export { withSources } from "./sourcedRegistry";'],
  ])("%s may not run `%s`", async (file, code) => {
    expect(await boundaryErrors(file, code)).not.toEqual([]);
  });

  it.each([
    ["src/chain/x.ts", 'export * from "../rpc";'],
    ["src/rpc/x.ts", 'export * from "../platform/store";'],
    ["src/ui/x.ts", 'export * from "../platform/store";'],
    ["src/trace/x.ts", 'export * from "../chain";'],
    ["src/trace/x.ts", 'export * from "../ui";'],
    ["src/logs/x.ts", 'export * from "./params";'],
    ["src/logs/x.ts", 'export * from "../routing/links";'],
    ["src/pages/logs/x.ts", 'export * from "../../trace/model";'],
    ["src/pages/logs/x.ts", 'export * from "../../logs/LogTable";'],
    ["src/pages/logs/x.ts", 'export * from "./Page";'],
    ["src/app/x.ts", 'export * from "../pages/logs";'],
    ["src/chain/sourcedRegistry.ts", 'export type { AbiRegistry } from "./registry";'],
  ])("%s may run `%s`", async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
