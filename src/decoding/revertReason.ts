/**
 * A revert, read the one way every view reads it (the estimate page's failed estimate, the
 * transaction page's replay of a failed transaction): the node's revert bytes decoded through the
 * registry (Error(string), Panic with its meaning, a custom error by ABI), raw bytes read as text
 * when they are all printable, or the reason from the node's message when it sent no bytes.
 */
import { decodeRevert, describeRevert, type AbiRegistry, type DecodedRevert } from "../chain";
import type { ExecutionRevertedError } from "../rpc";

export interface RevertReading {
  /** The decoded revert, when the node sent revert data. */
  revert: DecodedRevert | null;
  /** The revert bytes as the node sent them. */
  data: string | null;
  /** The revert bytes read as text, when they are all printable. */
  text: string | null;
  /** The reason from the node's message ("execution reverted: <reason>") when the bytes say nothing. */
  messageReason: string | null;
  /** The reason in a phrase: `"not enough"`, `Panic(0x12): division or modulo by zero`, … */
  phrase: string;
}

/** Printable ASCII → the text; anything else → null. */
export function readableText(hex: string): string | null {
  const body = hex.slice(2);
  if (body.length === 0 || body.length % 2 !== 0) return null;
  let s = "";
  for (let i = 0; i < body.length; i += 2) {
    const c = parseInt(body.slice(i, i + 2), 16);
    if (!(c >= 0x20 && c <= 0x7e)) return null;
    s += String.fromCharCode(c);
  }
  return s;
}

/** The decoded revert in a phrase, with raw text shown when the bytes are readable. */
function revertPhrase(r: DecodedRevert, text: string | null): string {
  if (r.kind === "error-string") return `"${r.message}"`;
  if (r.kind === "unknown" && text !== null) return `raw bytes, readable as text: "${text}"`;
  if (r.kind === "unknown" && r.selector !== null)
    return `${describeRevert(r)} (paste the contract's ABI to decode it)`;
  return describeRevert(r);
}

/**
 * `message`: the node's message as text. `to`: the called contract, whose verified ABI names its
 * custom errors first.
 */
export function readRevert(
  error: ExecutionRevertedError,
  message: string,
  registry?: AbiRegistry,
  to: string | null = null,
): RevertReading {
  const data = error.revertData;
  const revert = data !== null ? decodeRevert(data, registry, { to }) : null;
  const text = data !== null ? readableText(data) : null;
  const fromMessage = /execution reverted:\s*(.+)$/is.exec(message)?.[1]?.trim() ?? null;
  const decoded = revert !== null && revert.kind !== "empty";
  const phrase = decoded
    ? revertPhrase(revert, text)
    : fromMessage
      ? `"${fromMessage}"`
      : revert
        ? describeRevert(revert)
        : "no reason given";
  return { revert, data, text, messageReason: decoded ? null : fromMessage, phrase };
}
