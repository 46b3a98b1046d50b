/**
 * Reading a transaction's input with the shared registry (built-in signatures, the ABIs the user
 * pasted, what the signature database and Sourcify said): the function and its arguments as
 * text, where the names came from, or why not.
 */
import { decodeCalldata, type AbiRegistry, type DecodeOrigin, type DecodedArg } from "../../chain";

export type InputReading =
  | { kind: "empty" }
  | { kind: "creation"; bytes: number }
  | {
      kind: "decoded";
      selector: string;
      /** The signature, or for guessed arguments the selector with the guessed types. */
      signature: string;
      args: DecodedArg[];
      source: string;
      origin: DecodeOrigin;
      /** How many signatures share the selector, and the others that also decode the data. */
      candidates?: number;
      alternatives: string[];
    }
  | { kind: "unknown"; selector: string; note: string }
  | { kind: "short"; bytes: number };

/**
 * Reads `input`; `creation` says it is contract creation code (to: null), not a call. `to`: the
 * called contract, whose verified ABI (or its implementation's, for a proxy) is tried first.
 */
export function readInput(
  input: string,
  creation: boolean,
  registry: AbiRegistry,
  to: string | null = null,
): InputReading {
  const bytes = Math.ceil((input.length - 2) / 2);
  if (bytes <= 0) return { kind: "empty" };
  if (creation) return { kind: "creation", bytes };
  if (bytes < 4) return { kind: "short", bytes };
  const call = decodeCalldata(input, registry, { to });
  const selector = call.selector ?? input.slice(0, 10).toLowerCase();
  if (call.args && !call.error && (call.signature || call.origin === "guessed")) {
    return {
      kind: "decoded",
      selector,
      signature: call.signature ?? `${selector}(${call.args.map((a) => a.type).join(",")})`,
      args: call.args,
      source: call.source ?? "",
      origin: call.origin ?? "builtin",
      ...(call.candidates !== undefined ? { candidates: call.candidates } : {}),
      alternatives: (call.alternatives ?? []).flatMap((a) => (a.signature ? [a.signature] : [])),
    };
  }
  const unknown = registry.lookupFunctions(selector, to).length === 0;
  return {
    kind: "unknown",
    selector,
    note: unknown
      ? "not in the built-in signatures, nor known to the signature database or Sourcify — add the contract's ABI below to decode it"
      : (call.error ?? "the arguments could not be decoded"),
  };
}
