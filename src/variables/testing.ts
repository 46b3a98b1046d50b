/** Tests' compile: solc-js from node_modules (the devnet's compiler), asking only for the AST. */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export function compileAst(
  sources: Record<string, string>,
  contractOutputs: string[] = [],
): unknown {
  const solc = require("solc") as { compile: (input: string) => string };
  const input = {
    language: "Solidity",
    sources: Object.fromEntries(Object.entries(sources).map(([k, content]) => [k, { content }])),
    settings: { outputSelection: { "*": { "": ["ast"], "*": contractOutputs } } },
  };
  return JSON.parse(solc.compile(JSON.stringify(input))) as unknown;
}

export const ORDERS_SOL = readFileSync(
  new URL("../../devnet/contracts/debug/Orders.sol", import.meta.url),
  "utf8",
);
