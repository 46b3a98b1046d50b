/**
 * Reading a transaction's input with the shared registry (built-in signatures, the devnet's
 * contract ABIs, the ABIs the user pasted): the function and its arguments as text, or why not.
 */
import { decodeCalldata, type AbiRegistry, type DecodedArg } from "../../chain";

export type InputReading =
  | { kind: "empty" }
  | { kind: "creation"; bytes: number }
  | { kind: "decoded"; selector: string; signature: string; args: DecodedArg[]; source: string }
  | { kind: "unknown"; selector: string; note: string }
  | { kind: "short"; bytes: number };

/** Reads `input`; `creation` says it is contract creation code (to: null), not a call. */
export function readInput(input: string, creation: boolean, registry: AbiRegistry): InputReading {
  const bytes = Math.ceil((input.length - 2) / 2);
  if (bytes <= 0) return { kind: "empty" };
  if (creation) return { kind: "creation", bytes };
  if (bytes < 4) return { kind: "short", bytes };
  const call = decodeCalldata(input, registry);
  const selector = call.selector ?? input.slice(0, 10).toLowerCase();
  if (call.args && call.signature && !call.error) {
    return {
      kind: "decoded",
      selector,
      signature: call.signature,
      args: call.args,
      source: call.source ?? "",
    };
  }
  const unknown = registry.lookupFunctions(selector).length === 0;
  return {
    kind: "unknown",
    selector,
    note: unknown
      ? "not in the built-in signatures — add the contract's ABI below to decode it"
      : (call.error ?? "the arguments could not be decoded"),
  };
}

/** What the services may name in a transaction: its selector and the contract it calls. */
export function txDecodingKeys(tx: { input?: unknown; data?: unknown; to?: unknown }): {
  inputs: string[];
  topics: string[];
  addresses: string[];
} {
  const input =
    typeof tx.input === "string" ? tx.input : typeof tx.data === "string" ? tx.data : "";
  return {
    inputs: input.length >= 10 ? [input.slice(0, 10).toLowerCase()] : [],
    topics: [],
    addresses: typeof tx.to === "string" ? [tx.to.toLowerCase()] : [],
  };
}
