/** The EVM's halt reasons in geth's wording, as its callTracer writes them in `error`. */
import type { EVMError } from "@ethereumjs/evm";

const GETH: Record<string, string> = {
  "out of gas": "out of gas",
  "code store out of gas": "contract creation code storage out of gas",
  "code size to deposit exceeds maximum code size": "max code size exceeded",
  "stack underflow": "stack underflow",
  "stack overflow": "stack limit reached 1024 (1023)",
  "invalid JUMP": "invalid jump destination",
  "invalid opcode": "invalid opcode",
  revert: "execution reverted",
  "static state change": "write protection",
  "create collision": "contract address collision",
  "insufficient balance": "insufficient balance for transfer",
  "invalid bytecode deployed": "invalid code: must not begin with 0xef",
  "initcode exceeds max initcode size": "max initcode size exceeded",
  "value out of range": "return data out of bounds",
};

export function gethError(e: EVMError, opcode?: number): string {
  if (e.error === "invalid opcode" && opcode !== undefined) {
    return opcode === 0xfe
      ? "invalid opcode: INVALID"
      : `invalid opcode: opcode 0x${opcode.toString(16)} not defined`;
  }
  return GETH[e.error] ?? e.error;
}

export const isRevert = (e: EVMError | undefined): boolean => e?.error === "revert";
