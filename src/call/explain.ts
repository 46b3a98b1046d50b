/**
 * A failed estimate, explained: reverts decoded (Error(string), Panic with its meaning, a custom
 * error by ABI, raw bytes otherwise) and the node's other refusals (funds, gas, nonce, fees, an
 * unsupported method) each told in a sentence with what to try. No React: the input is the
 * error the RPC client threw, read by its class (the rpc layer has already named it).
 */
import type { AbiRegistry, DecodedRevert } from "../chain";
import {
  ExecutionRevertedError,
  HttpStatusError,
  JsonRpcError,
  MethodUnsupportedError,
  RpcError,
} from "../rpc";
import { readRevert } from "../decoding/revertReason";

export { readableText } from "../decoding/revertReason";

export type ExplanationKind =
  | "revert"
  | "insufficient-funds"
  | "intrinsic-gas-too-low"
  | "out-of-gas"
  | "gas-too-low"
  | "fee-too-low"
  | "nonce-too-low"
  | "nonce-too-high"
  | "unsupported-method"
  | "other";

export interface Explanation {
  kind: ExplanationKind;
  title: string;
  sentence: string;
  hint: string | null;
  /** The decoded revert, when the node sent revert data. */
  revert: DecodedRevert | null;
  /** The revert bytes as the node sent them (always available to copy). */
  revertData: string | null;
  /** The revert bytes read as text, when they are all printable (some contracts revert with raw text). */
  revertText: string | null;
  /** The reason from the node's message ("execution reverted: <reason>") when it sent no data. */
  messageReason: string | null;
  /** What the node said, verbatim (as text). */
  nodeMessage: string;
  code: number | null;
}

export function explainError(
  error: unknown,
  registry?: AbiRegistry,
  /** The called contract: its verified ABI names its custom errors first. */
  to: string | null = null,
): Explanation {
  const rpc = error instanceof JsonRpcError ? error : null;
  const code = rpc ? rpc.code : null;
  const message = rpc
    ? rpc.rpcMessage
    : error instanceof HttpStatusError && error.rpcMessage !== undefined
      ? error.rpcMessage
      : error instanceof Error
        ? error.message
        : String(error);
  const base = {
    revert: null,
    revertData: null,
    revertText: null,
    messageReason: null,
    nodeMessage: message,
    code,
  };
  const make = (
    kind: ExplanationKind,
    title: string,
    sentence: string,
    hint: string | null,
  ): Explanation => ({
    ...base,
    kind,
    title,
    sentence,
    hint,
  });
  const other = () =>
    make("other", "The estimate failed", error instanceof RpcError ? error.human : message, null);

  // transport failures (timeout, network, unreadable answer…) carry no node verdict to explain
  if (
    error instanceof RpcError &&
    !(error instanceof JsonRpcError || error instanceof HttpStatusError)
  )
    return other();

  if (error instanceof ExecutionRevertedError) {
    const {
      revert,
      data,
      text,
      messageReason,
      phrase: what,
    } = readRevert(error, message, registry, to);
    const hint =
      revert?.kind === "panic"
        ? "A panic is a bug or an unchecked edge case in the contract (see its meaning): change the arguments or the state that trigger it."
        : revert?.kind === "unknown" && revert.selector !== null && text === null
          ? "Paste the contract's ABI in the call builder to decode this custom error."
          : "The node cannot estimate a call that fails. Check the arguments, From (many calls depend on the sender's balance, allowance or role) and Value.";
    return {
      ...base,
      kind: "revert",
      title: "Execution reverted",
      sentence: `The call reverts, so there is nothing to estimate. Reason: ${what}.`,
      hint,
      revert,
      revertData: data,
      revertText: text,
      messageReason,
    };
  }
  if (error instanceof MethodUnsupportedError) {
    return make(
      "unsupported-method",
      "Method not supported",
      "This endpoint does not offer eth_estimateGas.",
      "Choose an endpoint that serves it (the provider offers it on the rollup-nitro network), or check which methods your plan includes.",
    );
  }
  // The execution client's own refusals (geth wording; every client copies it).
  if (/insufficient funds|insufficient balance/i.test(message)) {
    return make(
      "insufficient-funds",
      "Insufficient funds",
      "The sender's balance cannot pay for this transaction: it needs Value plus gas × gas price.",
      "Lower Value or the gas price fields, or estimate from an account that holds enough ether (an empty From is the zero address, which holds nothing).",
    );
  }
  if (/intrinsic gas too low/i.test(message)) {
    return make(
      "intrinsic-gas-too-low",
      "Gas too low",
      "The Gas limit is below the transaction's intrinsic cost (21,000, plus its calldata, plus 32,000 for a contract creation).",
      "Raise Gas, or clear it so the node searches for the estimate itself.",
    );
  }
  if (
    /out of gas|gas required exceeds allowance|exceeds block gas limit|gas limit reached/i.test(
      message,
    )
  ) {
    return make(
      "out-of-gas",
      "Out of gas",
      "Execution needs more gas than the limit allows (the Gas field, or the node's own cap when Gas is empty).",
      "Raise or clear Gas. If Gas is already empty, the call may never finish (an endless loop) or need more than the node's gas cap.",
    );
  }
  if (/gas too low|gas limit too low|gas.*below/i.test(message)) {
    return make(
      "gas-too-low",
      "Gas too low",
      "The Gas limit you set is too low for this transaction.",
      "Raise Gas, or clear it so the node searches for the estimate itself.",
    );
  }
  if (/nonce too low/i.test(message)) {
    return make(
      "nonce-too-low",
      "Nonce too low",
      "The Nonce you set is already used: the sender has sent a transaction with it.",
      "Clear Nonce (the node takes the sender's next one) or set it to the sender's current transaction count.",
    );
  }
  if (/nonce too high|nonce.*(gap|ahead)/i.test(message)) {
    return make(
      "nonce-too-high",
      "Nonce too high",
      "The Nonce you set is ahead of the sender's next nonce, so transactions in between are missing.",
      "Clear Nonce (the node takes the sender's next one) or set it to the sender's current transaction count.",
    );
  }
  if (
    /fee cap.*(less|lower|below)|max fee per gas less than block base fee|transaction underpriced|gas price.*(less|lower|below)/i.test(
      message,
    )
  ) {
    return make(
      "fee-too-low",
      "Fee below the base fee",
      "Max fee per gas (or Gas price) is below the block's base fee, so the transaction could not be included.",
      "Raise it, or leave the fee fields empty so the node does not check them.",
    );
  }
  return other();
}
