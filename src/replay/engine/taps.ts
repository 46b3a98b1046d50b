/**
 * Hooks on single opcodes, without a `step` listener: a step listener makes ethereumjs copy the
 * memory and the stack at every opcode (a 5,600-frame transaction went from 5 s to 93 s). The
 * call tracer needs only a few opcodes (which CALL kind opened a frame, LOGs, SELFDESTRUCT), so it
 * wraps their handlers in the EVM's opcode table (ethereumjs 10.1's `_opcodeMap`, entries
 * `{opcodeInfo, opHandler}`) for the traced transaction and puts them back after.
 */
import type { EVM } from "@ethereumjs/evm";

/** What a tap may read of the EVM's running frame (a part of ethereumjs' RunState). */
export interface TapState {
  stack: { peek(n?: number): bigint[]; length: number };
  memory: { read(offset: number, size: number): Uint8Array };
  interpreter: { getAddress(): { toString(): string } };
  stateManager: { getAccount(a: unknown): Promise<{ balance: bigint } | undefined> };
  env: { address: unknown };
}

/** Runs before the opcode's handler; what it returns runs after the handler succeeded. */
export type Tap = (
  state: TapState,
  opcode: number,
) => (() => void) | undefined | Promise<(() => void) | undefined>;

interface Entry {
  opcodeInfo: { isAsync: boolean; code: number };
  opHandler: (state: TapState, common: unknown) => unknown;
}

const isStop = (e: unknown): boolean =>
  typeof e === "object" && e !== null && (e as { error?: unknown }).error === "stop";

export function tapOpcodes(evm: EVM, taps: ReadonlyMap<number, Tap>): () => void {
  const map = (evm as unknown as { _opcodeMap: (Entry | undefined)[] })["_opcodeMap"];
  const saved: [number, Entry][] = [];
  for (const [code, tap] of taps) {
    const entry = map[code];
    // an opcode this fork lacks maps to INVALID: nothing to tap
    if (!entry || entry.opcodeInfo.code !== code) continue;
    saved.push([code, entry]);
    const run = entry.opHandler;
    const wrapped: Entry["opHandler"] = entry.opcodeInfo.isAsync
      ? async (state, common) => {
          const after = await tap(state, code);
          try {
            await run(state, common);
          } catch (e) {
            // SELFDESTRUCT ends its frame by throwing STOP: it succeeded all the same.
            if (isStop(e)) after?.();
            throw e;
          }
          after?.();
        }
      : (state, common) => {
          const after = tap(state, code);
          if (after instanceof Promise)
            throw new Error("a synchronous opcode's tap must be synchronous");
          run(state, common);
          after?.();
        };
    map[code] = { ...entry, opHandler: wrapped };
  }
  return () => {
    for (const [code, entry] of saved) map[code] = entry;
  };
}
