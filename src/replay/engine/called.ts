/**
 * `debug_traceCall` replayed: the call as a transaction on top of the state after the named block,
 * in that block's context, with geth's `stateOverrides` (balance, nonce, code, state, stateDiff)
 * and `blockOverrides` applied first. As geth does for calls: no nonce check, and a call that
 * names no gas price pays none (the block's base fee counts as zero for it).
 */
import { createBlock, createBlockHeaderFromRPC, type JSONRPCBlock } from "@ethereumjs/block";
import type { Common } from "@ethereumjs/common";
import {
  createAccessList2930Tx,
  createFeeMarket1559Tx,
  createLegacyTx,
  type TypedTransaction,
} from "@ethereumjs/tx";
import { createAddressFromString, hexToBytes, setLengthLeft, type Address } from "@ethereumjs/util";
import { z } from "../../platform/zod";
import type { ReplayOutcome } from "../types";
import { chainRules } from "./chains";
import { chooseTracer, parseTraceConfig } from "./choose";
import { ReplayError, ReplayReadError, ReplayUnsupportedError } from "./errors";
import { makeVm, runOne } from "./machine";
import { messageOf, type RunContext } from "./mined";
import { StateReads, type Read, type ReadBatch } from "./reads";
import { ReplayState } from "./state";

const hex = z.custom<`0x${string}`>(
  (v) => typeof v === "string" && /^0x[0-9a-fA-F]*$/.test(v),
  "not hex",
);
const callSchema = z.looseObject({
  from: z.optional(hex),
  to: z.nullish(hex),
  gas: z.optional(hex),
  gasPrice: z.optional(hex),
  maxFeePerGas: z.optional(hex),
  maxPriorityFeePerGas: z.optional(hex),
  value: z.optional(hex),
  data: z.optional(hex),
  input: z.optional(hex),
  nonce: z.optional(hex),
  accessList: z.optional(z.array(z.object({ address: hex, storageKeys: z.array(hex) }))),
});
const overrideSchema = z.record(
  z.string(),
  z.looseObject({
    balance: z.optional(hex),
    nonce: z.optional(hex),
    code: z.optional(hex),
    state: z.optional(z.record(z.string(), hex)),
    stateDiff: z.optional(z.record(z.string(), hex)),
  }),
);
const blockOverrideSchema = z.looseObject({
  number: z.optional(hex),
  time: z.optional(hex),
  gasLimit: z.optional(hex),
  feeRecipient: z.optional(hex),
  coinbase: z.optional(hex),
  prevRandao: z.optional(hex),
  random: z.optional(hex),
  baseFeePerGas: z.optional(hex),
  baseFee: z.optional(hex),
  difficulty: z.optional(hex),
});
const blockSchema = z.looseObject({ number: hex, timestamp: hex, hash: hex, gasLimit: hex });

/** geth's default gas for a call that names none (its RPC gas cap). */
const GAS_CAP = 50_000_000n;
/** EIP-7825's cap on a transaction's gas (Osaka on). */
const TX_GAS_CAP = 1n << 24n;

export async function replayCall(
  ctx: RunContext,
  params: readonly unknown[],
): Promise<ReplayOutcome> {
  const call = callSchema.parse(params[0]);
  const tag = params[1] ?? "latest";
  const config = parseTraceConfig(params[2]);
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
  const notes: string[] = [];
  const [rawBlock, rawChainId] = await Promise.all([
    blockAt(read, tag, notes),
    read("eth_chainId", []),
  ]);
  const json = blockSchema.parse(rawBlock);
  const number = BigInt(json.number);
  const rules = chainRules(Number(hex.parse(rawChainId)), {
    ...json,
    number,
    timestamp: BigInt(json.timestamp),
  });
  notes.push(...rules.notes);
  const common = rules.common;
  const header = createBlockHeaderFromRPC(rawBlock as JSONRPCBlock, {
    common,
    skipConsensusFormatValidation: true,
  }).toJSON();
  const b = blockOverrideSchema.parse(config.blockOverrides ?? {});
  const paysNoFee = call.gasPrice === undefined && call.maxFeePerGas === undefined;
  const block = createBlock(
    {
      header: {
        ...header,
        number: b.number ?? header.number,
        timestamp: b.time ?? header.timestamp,
        gasLimit: b.gasLimit ?? header.gasLimit,
        coinbase: b.feeRecipient ?? b.coinbase ?? header.coinbase,
        mixHash: b.prevRandao ?? b.random ?? header.mixHash,
        difficulty: b.difficulty ?? header.difficulty,
        baseFeePerGas:
          paysNoFee && header.baseFeePerGas !== undefined
            ? "0x0"
            : (b.baseFeePerGas ?? b.baseFee ?? header.baseFeePerGas),
      },
    },
    { common, skipConsensusFormatValidation: true },
  );

  const reads = new StateReads(
    read,
    `0x${number.toString(16)}`,
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
  const from = createAddressFromString(call.from ?? `0x${"0".repeat(40)}`);
  reads.prefetch(call.to ? [from.toString(), call.to] : [from.toString()]);
  await applyOverrides(state, config.stateOverrides);

  let gasLimit =
    call.gas !== undefined
      ? BigInt(call.gas)
      : GAS_CAP < block.header.gasLimit
        ? GAS_CAP
        : block.header.gasLimit;
  if (call.gas === undefined && common.isActivatedEIP(7825) && gasLimit > TX_GAS_CAP)
    gasLimit = TX_GAS_CAP;
  const nonce =
    call.nonce !== undefined ? BigInt(call.nonce) : ((await state.getAccount(from))?.nonce ?? 0n);
  const tx = txOf(call, common, gasLimit, nonce, from);
  const tracer = chooseTracer(config);
  ctx.onProgress({ phase: "run", text: "replaying the call", done: 0, total: 1 });
  state.startRecording();
  const result = await runOne(vm, { tx, block, blockGasUsed: 0n, tracer, skipNonce: true }).catch(
    (e: unknown) => {
      throw new ReplayError(`the call could not be replayed: ${messageOf(e)}`);
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
    gasLimit,
    state,
    recording,
  });
  ctx.onProgress({ phase: "run", text: "replayed the call", done: 1, total: 1 });
  return {
    result: answer,
    // the run starts from the state after the named block, i.e. its child's parent state
    blockNumber: number + 1n,
    hardfork: common.hardfork(),
    notes,
    requests: count.requests,
  };
}

async function blockAt(read: Read, tag: unknown, notes: string[]): Promise<unknown> {
  let raw: unknown;
  if (typeof tag === "string" && /^0x[0-9a-fA-F]{64}$/.test(tag))
    raw = await read("eth_getBlockByHash", [tag, false]);
  else if (typeof tag === "object" && tag !== null && "blockHash" in tag)
    raw = await read("eth_getBlockByHash", [(tag as { blockHash: unknown }).blockHash, false]);
  else if (typeof tag === "object" && tag !== null && "blockNumber" in tag)
    raw = await read("eth_getBlockByNumber", [
      (tag as { blockNumber: unknown }).blockNumber,
      false,
    ]);
  else {
    if (tag === "pending")
      notes.push("The call ran on the latest block: pending transactions are not replayed.");
    raw = await read("eth_getBlockByNumber", [tag === "pending" ? "latest" : tag, false]);
  }
  if (raw === null || raw === undefined)
    throw new ReplayReadError(`block ${JSON.stringify(tag)} was not found`, "eth_getBlockByNumber");
  return raw;
}

function txOf(
  call: z.infer<typeof callSchema>,
  common: Common,
  gasLimit: bigint,
  nonce: bigint,
  from: Address,
): TypedTransaction {
  const base = {
    nonce,
    gasLimit,
    to: call.to ?? undefined,
    value: call.value ?? "0x0",
    data: call.input ?? call.data ?? "0x",
    accessList: call.accessList,
  };
  const opts = { common, freeze: false };
  const tx: TypedTransaction =
    call.maxFeePerGas !== undefined || call.maxPriorityFeePerGas !== undefined
      ? createFeeMarket1559Tx(
          {
            ...base,
            maxFeePerGas: call.maxFeePerGas ?? "0x0",
            maxPriorityFeePerGas: call.maxPriorityFeePerGas ?? "0x0",
          },
          opts,
        )
      : call.accessList
        ? createAccessList2930Tx({ ...base, gasPrice: call.gasPrice ?? "0x0" }, opts)
        : createLegacyTx(
            {
              nonce,
              gasLimit,
              to: base.to,
              value: base.value,
              data: base.data,
              gasPrice: call.gasPrice ?? "0x0",
            },
            opts,
          );
  // A call is sent by whoever it names, unsigned, as a node runs it.
  Object.defineProperty(tx, "getSenderAddress", { value: () => from });
  return tx;
}

async function applyOverrides(state: ReplayState, raw: unknown): Promise<void> {
  if (raw === undefined) return;
  const overrides = overrideSchema.parse(raw);
  for (const [address, o] of Object.entries(overrides)) {
    const a = createAddressFromString(address);
    if (o.code !== undefined) await state.putCode(a, hexToBytes(o.code));
    if (o.balance !== undefined || o.nonce !== undefined)
      await state.modifyAccountFields(a, {
        ...(o.balance !== undefined ? { balance: BigInt(o.balance) } : {}),
        ...(o.nonce !== undefined ? { nonce: BigInt(o.nonce) } : {}),
      });
    if (o.state && o.stateDiff)
      throw new ReplayUnsupportedError(`the override of ${address} has both state and stateDiff`);
    if (o.state) await state.clearStorage(a);
    for (const [slot, value] of Object.entries(o.state ?? o.stateDiff ?? {}))
      await state.putStorage(
        a,
        setLengthLeft(hexToBytes(slot as `0x${string}`), 32),
        hexToBytes(value as `0x${string}`),
      );
  }
}
