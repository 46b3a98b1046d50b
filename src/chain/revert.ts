/**
 * Revert data decoded (no React): Error(string), Panic(uint256) with its meaning, custom errors
 * from the registry, and how they read — in one line, and in the reference client's words.
 */
import { decodeAbiParameters, decodeErrorResult, type Hex } from "viem";
import { HEX_DATA_RE, shownArg, toArgs, type DecodedArg } from "./decodedArgs";
import { entryOrigin, type SignatureOrigin } from "./abiItems";
import type { AbiRegistry } from "./registry";

export const ERROR_STRING_SELECTOR = "0x08c379a0";
export const PANIC_SELECTOR = "0x4e487b71";

/** Solidity's panic codes (docs: "Panic via assert and Error via require"). */
export const PANIC_MEANINGS: Readonly<Record<number, string>> = {
  0x00: "generic compiler panic",
  0x01: "assert(false) failed",
  0x11: "arithmetic overflow or underflow",
  0x12: "division or modulo by zero",
  0x21: "conversion to an invalid enum value",
  0x22: "incorrectly encoded storage byte array",
  0x31: "pop() on an empty array",
  0x32: "array index out of bounds",
  0x41: "out of memory (allocation too large)",
  0x51: "call to an uninitialised function pointer",
};

/** The reference client's wording (go-ethereum accounts/abi UnpackRevert), used in callTracer `revertReason`. */
const GETH_PANIC_REASONS: Readonly<Record<number, string>> = {
  0x00: "generic panic",
  0x01: "assert(false)",
  0x11: "arithmetic underflow or overflow",
  0x12: "division or modulo by zero",
  0x21: "enum overflow",
  0x22: "invalid encoded storage byte array accessed",
  0x31: "out-of-bounds array access; popping on an empty array",
  0x32: "out-of-bounds access of an array or bytesN",
  0x41: "out of memory",
  0x51: "uninitialized function",
};

export type DecodedRevert =
  | { kind: "error-string"; message: string }
  | { kind: "panic"; code: bigint; meaning: string }
  | {
      kind: "custom";
      name: string;
      signature: string;
      source: string;
      origin: SignatureOrigin;
      args: DecodedArg[];
    }
  | { kind: "empty" }
  | { kind: "unknown"; selector: Hex | null; data: string; reason?: string };

function panicMeaning(code: bigint): string {
  return code <= 0xffn
    ? (PANIC_MEANINGS[Number(code)] ?? "unknown panic code")
    : "unknown panic code";
}

/**
 * Decodes revert data (`output` of a failed call, `data` of an execution-reverted error). Custom
 * errors come from the verified ABI of `to` (with a layered registry), the user's and built-in
 * items, then the signature database (whose function namespace holds error signatures too).
 */
export function decodeRevert(
  data: string | null | undefined,
  registry?: AbiRegistry,
  opts: { to?: string | null } = {},
): DecodedRevert {
  const text = (data ?? "").trim();
  if (text === "" || text === "0x") return { kind: "empty" };
  if (!HEX_DATA_RE.test(text))
    return { kind: "unknown", selector: null, data: text, reason: "revert data is not hex" };
  const hex = text.toLowerCase() as Hex;
  if (hex.length < 10)
    return { kind: "unknown", selector: null, data: hex, reason: "shorter than a 4-byte selector" };
  const selector = hex.slice(0, 10) as Hex;
  const body = `0x${hex.slice(10)}` as Hex;
  if (selector === ERROR_STRING_SELECTOR) {
    try {
      const [message] = decodeAbiParameters([{ type: "string" }], body);
      return { kind: "error-string", message };
    } catch {
      return { kind: "unknown", selector, data: hex, reason: "malformed Error(string) data" };
    }
  }
  if (selector === PANIC_SELECTOR) {
    try {
      const [code] = decodeAbiParameters([{ type: "uint256" }], body);
      return { kind: "panic", code, meaning: panicMeaning(code) };
    } catch {
      return { kind: "unknown", selector, data: hex, reason: "malformed Panic(uint256) data" };
    }
  }
  for (const entry of registry?.lookupErrors(selector, opts.to) ?? []) {
    try {
      const decoded = decodeErrorResult({ abi: [entry.item], data: hex });
      return {
        kind: "custom",
        name: entry.item.name,
        signature: entry.signature,
        source: entry.source,
        origin: entryOrigin(entry),
        args: toArgs(entry.item.inputs, decoded.args ?? []),
      };
    } catch {
      // try the next candidate
    }
  }
  return { kind: "unknown", selector, data: hex };
}

/** One line for a decoded revert: `Error("user error")`, `Panic(0x12): division or modulo by zero`, `InsufficientBalance(available=1, required=2)`. */
export function describeRevert(decoded: DecodedRevert): string {
  switch (decoded.kind) {
    case "error-string":
      return `Error(${JSON.stringify(decoded.message)})`;
    case "panic":
      return `Panic(0x${decoded.code.toString(16).padStart(2, "0")}): ${decoded.meaning}`;
    case "custom":
      return `${decoded.name}(${decoded.args.map((a) => (a.name === "" ? shownArg(a) : `${a.name}=${shownArg(a)}`)).join(", ")})`;
    case "empty":
      return "reverted without a reason";
    case "unknown":
      if (decoded.selector === null)
        return `unrecognised revert data ${decoded.data}${decoded.reason ? ` (${decoded.reason})` : ""}`;
      return `unknown error ${decoded.selector}${decoded.reason ? ` (${decoded.reason})` : ""}, ${(decoded.data.length - 10) / 2} bytes of arguments`;
  }
}

/**
 * The text the reference client puts in callTracer's `revertReason` (and after "execution
 * reverted: "): the Error(string) message, or its panic wording. Null when geth gives none.
 */
export function gethRevertReason(decoded: DecodedRevert): string | null {
  if (decoded.kind === "error-string") return decoded.message;
  if (decoded.kind === "panic") {
    const known = decoded.code <= 0xffn ? GETH_PANIC_REASONS[Number(decoded.code)] : undefined;
    return known ?? `unknown panic code: 0x${decoded.code.toString(16)}`;
  }
  return null;
}
