/**
 * `debug_traceTransaction` replayed: the block with its transactions, the parent block's state,
 * the block's system calls, every earlier transaction of the block in order, then the traced one
 * with its tracer; and what came out set against the receipt.
 */
import {
  createBlock,
  createBlockHeaderFromRPC,
  type Block,
  type JSONRPCBlock,
} from "@ethereumjs/block";
import type { Common } from "@ethereumjs/common";
import { createTxFromRPC, type TypedTransaction } from "@ethereumjs/tx";
import { z } from "../../platform/zod";
import type { ReplayOutcome, ReplayProgress } from "../types";
import { chainRules } from "./chains";
import { chooseTracer, parseTraceConfig } from "./choose";
import { ReplayError, ReplayReadError, ReplayUnsupportedError } from "./errors";
import { applySystemCalls, makeVm, runOne } from "./machine";
import { StateReads, type Read, type ReadBatch } from "./reads";
import { compareWithReceipt } from "./receipt";
import { ReplayState } from "./state";

const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/));
export const receiptSchema = z.looseObject({
  blockNumber: hex,
  blockHash: hex,
  transactionIndex: hex,
  status: z.optional(hex),
  gasUsed: hex,
  logs: z.array(z.unknown()),
});
const txJsonSchema = z.looseObject({
  hash: hex,
  type: z.optional(hex),
  from: hex,
  to: z.nullish(hex),
});
const blockSchema = z.looseObject({
  number: hex,
  timestamp: hex,
  hash: hex,
  transactions: z.array(txJsonSchema),
});

export interface RunContext {
  read: Read;
  /** Reads as JSON-RPC batches, where the connection can send them. */
  readBatch?: ReadBatch;
  onProgress: (p: ReplayProgress) => void;
  signal?: AbortSignal;
}

/** Transaction types this EVM runs: legacy, 2930, 1559, 4844, 7702. Others (OP deposits 0x7e,
 * Arbitrum's internal ones) run outside the EVM. */
const EVM_TYPES = new Set([0, 1, 2, 3, 4]);

export async function replayMined(
  ctx: RunContext,
  params: readonly unknown[],
): Promise<ReplayOutcome> {
  const hash = hex.parse(params[0]);
  const config = parseTraceConfig(params[1]);
  const count = { requests: 0 };
  const read: Read = (m, p) => {
    count.requests++;
    return ctx.read(m, p);
  };
  const batch = ctx.readBatch;
  const readBatch: ReadBatch | undefined = batch
    ? (calls) => {
        count.requests += calls.length;
        return batch(calls);
      }
    : undefined;
  const [rawReceipt, rawChainId] = await Promise.all([
    read("eth_getTransactionReceipt", [hash]),
    read("eth_chainId", []),
  ]);
  if (rawReceipt === null)
    throw new ReplayReadError(
      `transaction ${hash} is not in a block the node knows`,
      "eth_getTransactionReceipt",
    );
  const receipt = receiptSchema.parse(rawReceipt);
  const chainId = Number(hex.parse(rawChainId));
  const rawBlock = await read("eth_getBlockByNumber", [receipt.blockNumber, true]);
  if (rawBlock === null)
    throw new ReplayReadError(`block ${receipt.blockNumber} was not found`, "eth_getBlockByNumber");
  const blockJson = blockSchema.parse(rawBlock);
  const index = Number(receipt.transactionIndex);
  const number = BigInt(blockJson.number);
  const rules = chainRules(chainId, {
    ...blockJson,
    number,
    timestamp: BigInt(blockJson.timestamp),
  });
  const notes = [...rules.notes];
  const common = rules.common;
  const block = blockOf(rawBlock as JSONRPCBlock, common);

  const reads = new StateReads(
    read,
    `0x${(number - 1n).toString(16)}`,
    (c) =>
      ctx.onProgress({
        phase: "state",
        text: `read ${c.accounts} accounts, ${c.slots} slots`,
        done: c.accounts + c.slots,
        total: c.accounts + c.slots,
      }),
    readBatch,
  );
  const state = new ReplayState(reads);
  const vm = await makeVm(common, state, reads);
  const txs = blockJson.transactions.slice(0, index + 1);
  reads.prefetch([
    block.header.coinbase.toString(),
    ...txs.flatMap((t) => (t.to ? [t.from, t.to] : [t.from])),
  ]);
  await applySystemCalls(vm, block);

  let gasUsed = 0n;
  for (let i = 0; i <= index; i++) {
    if (ctx.signal?.aborted) throw new ReplayError("the replay was cancelled");
    ctx.onProgress({
      phase: "run",
      text: `replaying ${i + 1} of ${index + 1}`,
      done: i,
      total: index + 1,
    });
    const json = txs[i];
    if (!json) throw new ReplayError(`the block lists no transaction at index ${i}`);
    const type = Number(json.type ?? "0x0");
    if (!EVM_TYPES.has(type)) {
      if (i === index)
        throw new ReplayUnsupportedError(
          `a type 0x${type.toString(16)} transaction runs outside the EVM and cannot be replayed`,
        );
      notes.push(
        `Transaction ${i} (type 0x${type.toString(16)}) runs outside the EVM and was not replayed: what it changed is missing from this replay.`,
      );
      continue;
    }
    const tx = await txOf(json, common, i);
    if (i < index) {
      const r = await runOne(vm, { tx, block, blockGasUsed: gasUsed }).catch((e: unknown) => {
        throw new ReplayError(
          `transaction ${i} of the block could not be replayed: ${messageOf(e)}`,
        );
      });
      gasUsed += r.totalGasSpent;
      continue;
    }
    const tracer = chooseTracer(config);
    state.startRecording();
    const result = await runOne(vm, { tx, block, blockGasUsed: gasUsed, tracer }).catch(
      (e: unknown) => {
        throw new ReplayError(`the transaction could not be replayed: ${messageOf(e)}`);
      },
    );
    const recording = state.stopRecording() ?? {
      accounts: new Map(),
      code: new Map(),
      storage: new Map(),
    };
    const answer = await tracer.result({
      result,
      gasUsed: result.totalGasSpent,
      gasLimit: tx.gasLimit,
      state,
      recording,
    });
    notes.push(...compareWithReceipt(receipt, result));
    ctx.onProgress({
      phase: "run",
      text: `replayed ${index + 1} of ${index + 1}`,
      done: index + 1,
      total: index + 1,
    });
    return {
      result: answer,
      blockNumber: number,
      hardfork: common.hardfork(),
      notes,
      requests: count.requests,
    };
  }
  throw new ReplayError(`the block has no transaction at index ${index}`);
}

export function blockOf(json: JSONRPCBlock, common: Common): Block {
  const header = createBlockHeaderFromRPC(json, { common, skipConsensusFormatValidation: true });
  return createBlock({ header: header.toJSON() }, { common, skipConsensusFormatValidation: true });
}

async function txOf(json: unknown, common: Common, i: number): Promise<TypedTransaction> {
  try {
    return await createTxFromRPC(json as Parameters<typeof createTxFromRPC>[0], { common });
  } catch (e) {
    throw new ReplayError(`transaction ${i} of the block could not be read: ${messageOf(e)}`);
  }
}

export const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));
