/**
 * Whether compiling a verified contract again can place its variables, and the standard-JSON
 * input to do it with: its sources and settings as Sourcify keeps them, asking only for the AST.
 * The legacy pipeline without the optimizer keeps every variable in a fixed stack slot; the IR
 * pipeline and the optimizer move them, so the compile is not attempted there. No React.
 */
import type { SourceBundle } from "../chain/sources";

export type CompilePlan =
  { ok: true; version: string; input: object } | { ok: false; reason: string };

/** Settings keys that are not the compiler's standard-JSON ones, or that an AST does not need. */
const DROPPED = new Set(["outputSelection", "compilationTarget", "libraries"]);

export function compilePlan(bundle: SourceBundle | null): CompilePlan {
  if (!bundle)
    return {
      ok: false,
      reason: "the contract is not verified on Sourcify: its variables are not known",
    };
  if (bundle.language && bundle.language.toLowerCase() !== "solidity")
    return {
      ok: false,
      reason: `the contract is written in ${bundle.language}: only Solidity's variables are read`,
    };
  if (!bundle.compilerVersion)
    return { ok: false, reason: "Sourcify does not say which compiler built the contract" };
  const settings = bundle.compilerSettings;
  if (!settings)
    return {
      ok: false,
      reason: "Sourcify does not say the settings the contract was compiled with",
    };
  if (settings.viaIR)
    return {
      ok: false,
      reason:
        "the contract was compiled through the IR pipeline (viaIR), which keeps variables in no fixed stack slot",
    };
  if (settings.optimizer?.enabled)
    return {
      ok: false,
      reason: "the contract was compiled with the optimizer, which moves and drops variables",
    };
  if (bundle.sources.length === 0)
    return { ok: false, reason: "Sourcify sent no source files for the contract" };
  const kept = Object.fromEntries(Object.entries(settings).filter(([k]) => !DROPPED.has(k)));
  return {
    ok: true,
    version: bundle.compilerVersion,
    input: {
      language: "Solidity",
      sources: Object.fromEntries(bundle.sources.map((s) => [s.path, { content: s.content }])),
      settings: { ...kept, outputSelection: { "*": { "": ["ast"] } } },
    },
  };
}
