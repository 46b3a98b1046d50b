/**
 * What a node-shaped tracer hears from the EVM during the traced transaction, and what it is given
 * when the transaction is done. Each tracer (callTracer.ts, prestate.ts …) builds its answer from
 * these alone.
 */
import type { EVMResult, InterpreterStep, Message } from "@ethereumjs/evm";
import type { RunTxResult } from "@ethereumjs/vm";
import type { Recording, ReplayState } from "./state";
import type { Tap } from "./taps";

export interface TxDone {
  result: RunTxResult;
  /** Gas the transaction used as its receipt counts it. */
  gasUsed: bigint;
  gasLimit: bigint;
  state: ReplayState;
  /** First values of every account and slot the transaction touched. */
  recording: Recording;
}

export interface TxTracer {
  /** Set only when the tracer needs opcodes: a step listener halves the EVM's speed. */
  step?: (s: InterpreterStep) => void;
  /** A step the EVM waits for (a tracer that reads state before the opcode runs). */
  stepAsync?: (s: InterpreterStep) => Promise<void>;
  /** Hooks on single opcodes (taps.ts): far cheaper than `step` where a few opcodes suffice. */
  taps?: ReadonlyMap<number, Tap>;
  before?: (m: Message) => void;
  after?: (r: EVMResult) => void;
  result(done: TxDone): unknown;
}
