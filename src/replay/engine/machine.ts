/**
 * The VM a replay runs on (ethereumjs, over the replay's state and block hashes read from the
 * node), the block's system calls, and one traced transaction.
 */
import type { Common } from "@ethereumjs/common";
import type { Block } from "@ethereumjs/block";
import type { TypedTransaction } from "@ethereumjs/tx";
import {
  bigIntToAddressBytes,
  bigIntToBytes,
  createAddressFromString,
  hexToBytes,
  setLengthLeft,
  Address,
} from "@ethereumjs/util";
import { createVM, runTx, type RunTxResult, type VM } from "@ethereumjs/vm";
import type { EVM, EVMResult, InterpreterStep, Message } from "@ethereumjs/evm";
import { ReplayError } from "./errors";
import type { TxTracer } from "./hooks";
import type { StateReads } from "./reads";
import { tapOpcodes } from "./taps";
import type { ReplayState } from "./state";

const BEACON_ROOTS = createAddressFromString("0x000F3df6D732807Ef1319fB7B8bB8522d0Beac02");

export async function makeVm(common: Common, state: ReplayState, reads: StateReads): Promise<VM> {
  const blockchain = {
    async getBlock(n: number) {
      const hash = hexToBytes(await reads.blockHash(BigInt(n)));
      return { hash: () => hash };
    },
    async putBlock() {},
    shallowCopy() {
      return blockchain;
    },
  };
  return createVM({ common, stateManager: state, blockchain });
}

/**
 * What the execution layer writes before a block's first transaction: the parent beacon block
 * root (EIP-4788) and the parent's hash (EIP-2935), each only where its contract is deployed.
 */
export async function applySystemCalls(vm: VM, block: Block): Promise<void> {
  const state = vm.stateManager;
  const h = block.header;
  const key = (n: bigint) => setLengthLeft(bigIntToBytes(n), 32);
  if (vm.common.isActivatedEIP(4788) && h.parentBeaconBlockRoot) {
    if ((await state.getCode(BEACON_ROOTS)).length > 0) {
      const length = BigInt(vm.common.param("historicalRootsLength"));
      const index = h.timestamp % length;
      await state.putStorage(BEACON_ROOTS, key(index), bigIntToBytes(h.timestamp));
      await state.putStorage(BEACON_ROOTS, key(index + length), h.parentBeaconBlockRoot);
    }
  }
  if (vm.common.isActivatedEIP(2935) && h.number > 0n) {
    const history = new Address(bigIntToAddressBytes(vm.common.param("historyStorageAddress")));
    if ((await state.getCode(history)).length > 0) {
      const window = vm.common.param("historyServeWindow");
      await state.putStorage(history, key((h.number - 1n) % window), h.parentHash);
    }
  }
}

/** Runs one transaction; a tracer hears its messages (and steps, if it asks for them). */
export async function runOne(
  vm: VM,
  opts: {
    tx: TypedTransaction;
    block: Block;
    blockGasUsed: bigint;
    tracer?: TxTracer;
    skipNonce?: boolean;
    skipBalance?: boolean;
  },
): Promise<RunTxResult> {
  const events = vm.evm.events;
  const t = opts.tracer;
  if (!events && t) throw new ReplayError("this EVM build has no events to trace with");
  const step = t?.step ? (s: InterpreterStep) => t.step?.(s) : undefined;
  const before = t?.before ? (m: Message) => t.before?.(m) : undefined;
  const after = t?.after ? (r: EVMResult) => t.after?.(r) : undefined;
  const stepAsync = t?.stepAsync;
  // Two arguments: the EVM awaits `done` before the opcode runs.
  const stepWait = stepAsync
    ? (s: InterpreterStep, done?: () => void) => {
        stepAsync(s).then(done, (e: unknown) => {
          failure ??= e;
          done?.();
        });
      }
    : undefined;
  let failure: unknown = null;
  if (step) events?.on("step", step);
  if (stepWait) events?.on("step", stepWait);
  if (before) events?.on("beforeMessage", before);
  if (after) events?.on("afterMessage", after);
  const untap = t?.taps ? tapOpcodes(vm.evm as EVM, t.taps) : () => undefined;
  try {
    const result = await runTx(vm, {
      tx: opts.tx,
      block: opts.block,
      blockGasUsed: opts.blockGasUsed,
      skipHardForkValidation: true,
      skipNonce: opts.skipNonce,
      skipBalance: opts.skipBalance,
    });
    if (failure !== null) throw failure;
    return result;
  } finally {
    untap();
    if (step) events?.off("step", step);
    if (stepWait) events?.off("step", stepWait);
    if (before) events?.off("beforeMessage", before);
    if (after) events?.off("afterMessage", after);
  }
}
