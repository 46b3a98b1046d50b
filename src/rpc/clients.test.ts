/**
 * Every error answer of the real-output corpus (Erigon, Besu, Nethermind, OpenEthereum…) read the
 * way the app reads a response: the envelope (string ids too), then the named error class, its
 * code described, revert bytes found wherever the node put them. Then the error shapes no corpus
 * file has yet: -32614, positive codes, `data` as an object or as "Reverted 0x…" text, a code sent
 * as a string, a retry range quoted in hex or decimal.
 */
import { describe, expect, it } from "vitest";
import { corpusFiles } from "../test-support/corpus/index";
import { describeRpcCode } from "./codes";
import {
  ExecutionRevertedError,
  interpretHttpError,
  interpretRpcError,
  JsonRpcError,
  MissingStateError,
  RangeLimitError,
  ResourceNotFoundError,
  UnknownTransactionError,
  type RpcErrorContext,
} from "./index";
import { findRevertData } from "./interpret";
import { readEnvelope, sameId } from "./response";

const ctx = (method: string): RpcErrorContext => ({
  method,
  endpoint: "https://node.example/",
  request: {},
  durationMs: 1,
});

const errors = corpusFiles((e) => e.error !== null);

/** The class each recorded error must be read as. */
const EXPECTED: Record<string, string> = {
  "besu/eth_call-intrinsic-gas-32003.json": "JsonRpcError",
  "besu/eth_estimateGas-invalid-opcode.json": "JsonRpcError",
  "besu/eth_estimateGas-nonce-too-low.json": "ResourceNotFoundError",
  "besu/eth_estimateGas-revert-code3.json": "ExecutionRevertedError",
  "besu/eth_getLogs-from-after-to.json": "JsonRpcError",
  "besu/eth_getLogs-unknown-blockhash.json": "JsonRpcError",
  "besu/eth_getTransactionByBlockHashAndIndex-int-overflow.json": "JsonRpcError",
  "erigon/debug_traceCall-mainnet-insufficient-funds.json": "JsonRpcError",
  "erigon/debug_traceTransaction-mainnet-not-found.json": "UnknownTransactionError",
  "erigon/eth_estimateGas-arb-sepolia-revert-data.json": "ExecutionRevertedError",
  "erigon/eth_estimateGas-arb-sepolia-revert-no-data.json": "ExecutionRevertedError",
  "erigon/eth_estimateGas-mainnet-block-not-found.json": "JsonRpcError",
  "erigon/eth_estimateGas-mainnet-exceeds-allowance.json": "JsonRpcError",
  "nethermind/eth_call-stack-underflow-data-0x.json": "JsonRpcError",
  "nethermind/eth_call-vm-execution-error-32015.json": "JsonRpcError",
  "nethermind/eth_estimateGas-mainnet-7702-empty-auth.json": "JsonRpcError",
  "nethermind/eth_estimateGas-mainnet-code3-invalid-opcode.json": "ExecutionRevertedError",
  "nethermind/eth_estimateGas-mainnet-revert-empty-data.json": "ExecutionRevertedError",
  "openethereum/eth_getLogs-error-hex-data.json": "JsonRpcError",
};

describe("every client's error answer in the corpus", () => {
  it("is listed here with the class it must be read as", () => {
    expect(errors.map((e) => e.file).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(errors.map((e) => [e.file, e] as const))("%s", (file, e) => {
    const env = readEnvelope(e.raw.response);
    if (!env.ok || env.kind !== "error") throw new Error(`not read as an error: ${file}`);
    const sentId = (e.raw.request as { id?: unknown } | null)?.id;
    if (typeof sentId === "number" || typeof sentId === "string")
      expect(sameId(env.id, Number(sentId))).toBe(true);
    const named = interpretRpcError(ctx(e.method), env.error);
    expect(named.name).toBe(EXPECTED[file]);
    expect(named).toBeInstanceOf(JsonRpcError);
    expect(named.message).toContain(env.error.message);
    expect(describeRpcCode(env.error.code).name).not.toBe("Unknown error code");
    if (named instanceof ExecutionRevertedError && typeof env.error.data === "string")
      expect(named.revertData).toBe(
        /^0x([0-9a-f]{2})*$/i.test(env.error.data) ? env.error.data : null,
      );
  });
});

describe("error shapes no corpus file has yet", () => {
  const REVERT =
    "0x08c379a0000000000000000000000000000000000000000000000000000000000000002000000000000000000000000000000000000000000000000000000000000000066e6f206665650000000000000000000000000000000000000000000000000000";

  it("-32614 from eth_getLogs is a range limit, with the limit when the message names it", () => {
    const a = interpretRpcError(ctx("eth_getLogs"), {
      code: -32614,
      message: "eth_getLogs is limited to a 100 range",
    });
    expect(a).toBeInstanceOf(RangeLimitError);
    expect((a as RangeLimitError).maxBlockRange).toBe(100);
    const b = interpretRpcError(ctx("eth_getLogs"), { code: -32614, message: "range too large" });
    expect(b).toBeInstanceOf(RangeLimitError);
    expect((b as RangeLimitError).maxBlockRange).toBeNull();
    expect(describeRpcCode(-32614).name).toBe("Block range too large");
    // Base answers it with HTTP 413.
    const http = interpretHttpError(ctx("eth_getLogs"), {
      status: 413,
      body: "",
      retryAfterMs: undefined,
      rpcError: { code: -32614, message: "eth_getLogs is limited to a 2,000 range" },
    });
    expect(http).toBeInstanceOf(RangeLimitError);
    expect((http as RangeLimitError).maxBlockRange).toBe(2000);
  });

  it("a retry range quoted in hex or in decimal", () => {
    const hex = interpretRpcError(ctx("eth_getLogs"), {
      code: -32005,
      message: "query returned more than 10000 results. Try with this block range [0x10, 0x1f].",
    }) as RangeLimitError;
    expect(hex.suggestedRange).toEqual({ from: 16, to: 31 });
    const dec = interpretRpcError(ctx("eth_getLogs"), {
      code: -32602,
      message: "query exceeds max results 20000, retry with the range 100-250",
    }) as RangeLimitError;
    expect(dec.suggestedRange).toEqual({ from: 100, to: 250 });
  });

  it("a positive code other than 3 is the node's own, described as such", () => {
    const e = interpretRpcError(ctx("eth_call"), { code: 1, message: "something failed" });
    expect(e).toBeInstanceOf(JsonRpcError);
    expect(describeRpcCode(1).name).toBe("Application error");
    expect(describeRpcCode(12).meaning).toMatch(/positive/);
  });

  it('revert bytes as hex, in "Reverted 0x…" text, or nested in an object', () => {
    expect(findRevertData(REVERT)).toBe(REVERT);
    expect(findRevertData(`Reverted ${REVERT}`)).toBe(REVERT);
    expect(findRevertData({ message: "execution reverted", data: REVERT })).toBe(REVERT);
    expect(findRevertData({ data: { data: REVERT } })).toBe(REVERT);
    expect(findRevertData("StackUnderflow")).toBeNull();
    const nm = interpretRpcError(ctx("eth_call"), {
      code: -32015,
      message: "VM execution error.",
      data: `Reverted ${REVERT}`,
    });
    expect(nm).toBeInstanceOf(ExecutionRevertedError);
    expect((nm as ExecutionRevertedError).revertData).toBe(REVERT);
    const inMessage = interpretRpcError(ctx("eth_call"), {
      code: -32015,
      message: `Reverted ${REVERT}`,
    });
    expect((inMessage as ExecutionRevertedError).revertData).toBe(REVERT);
  });

  it("string ids and codes sent as strings are read", () => {
    const env = readEnvelope({
      jsonrpc: "2.0",
      id: "7",
      error: { code: "-32000", message: "header not found" },
    });
    expect(env.ok && env.kind === "error" && env.error.code).toBe(-32000);
    expect(sameId(env.id, 7)).toBe(true);
    if (env.ok && env.kind === "error")
      expect(interpretRpcError(ctx("eth_call"), env.error)).toBeInstanceOf(MissingStateError);
  });

  it("keeps a code that is neither number nor numeric text unreadable, saying why", () => {
    const env = readEnvelope({ jsonrpc: "2.0", id: 1, error: { code: "oops", message: "x" } });
    expect(env.ok).toBe(false);
  });

  it("names the -32001 and -32000 not-found answers by what they say", () => {
    expect(interpretRpcError(ctx("eth_call"), { code: -32001, message: "x" })).toBeInstanceOf(
      ResourceNotFoundError,
    );
    expect(
      interpretRpcError(ctx("debug_traceTransaction"), {
        code: -32000,
        message: "transaction not found",
      }),
    ).toBeInstanceOf(UnknownTransactionError);
  });
});
