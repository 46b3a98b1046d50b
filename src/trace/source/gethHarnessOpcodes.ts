/**
 * The small EVM of the geth tracer harness (gethHarness.ts): the opcodes it knows, their names as
 * a tracer sees them, the assembler tests write bytecode with, and each opcode's stack and gas shape.
 */
export const NAMES: Record<number, string> = {
  0x00: "STOP",
  0x01: "ADD",
  0x03: "SUB",
  0x15: "ISZERO",
  0x20: "KECCAK256",
  0x50: "POP",
  0x51: "MLOAD",
  0x52: "MSTORE",
  0x54: "SLOAD",
  0x55: "SSTORE",
  0x56: "JUMP",
  0x57: "JUMPI",
  0x5a: "GAS",
  0x5b: "JUMPDEST",
  0xf1: "CALL",
  0xf3: "RETURN",
  0xf4: "DELEGATECALL",
  0xfa: "STATICCALL",
  0xfd: "REVERT",
  0xfe: "INVALID",
};
for (let n = 1; n <= 32; n++) NAMES[0x5f + n] = `PUSH${n}`;
for (let n = 1; n <= 16; n++) {
  NAMES[0x7f + n] = `DUP${n}`;
  NAMES[0x8f + n] = `SWAP${n}`;
}
const CODES = new Map(Object.entries(NAMES).map(([k, v]) => [v, Number(k)]));

/** Bytecode from opcode names and hex bytes: `asm("PUSH1 01 PUSH1 00 SSTORE")`. */
export function asm(text: string): string {
  let out = "0x";
  for (const token of text.trim().split(/\s+/)) {
    const op = CODES.get(token.toUpperCase());
    if (op !== undefined) out += op.toString(16).padStart(2, "0");
    else if (/^(?:[0-9a-f]{2})+$/i.test(token)) out += token.toLowerCase();
    else throw new Error(`asm: ${token}`);
  }
  return out;
}

/** [minimum stack height, items pushed - popped, constant gas] per opcode. */
export function shape(op: number): [number, number, number] {
  if (op >= 0x60 && op <= 0x7f) return [0, 1, 3];
  if (op >= 0x80 && op <= 0x8f) return [op - 0x7f, 1, 3];
  if (op >= 0x90 && op <= 0x9f) return [op - 0x8e, 0, 3];
  switch (op) {
    case 0x00:
    case 0xfe:
      return [0, 0, 0];
    case 0x01:
    case 0x03:
      return [2, -1, 3];
    case 0x15:
      return [1, 0, 3];
    case 0x20:
      return [2, -1, 30];
    case 0x50:
      return [1, -1, 2];
    case 0x51:
      return [1, 0, 3];
    case 0x52:
      return [2, -2, 3];
    case 0x54:
      return [1, 0, 100];
    case 0x55:
      return [2, -2, 0];
    case 0x56:
      return [1, -1, 8];
    case 0x57:
      return [2, -2, 10];
    case 0x5a:
      return [0, 1, 2];
    case 0x5b:
      return [0, 0, 1];
    case 0xf1:
      return [7, -6, 100];
    case 0xf4:
    case 0xfa:
      return [6, -5, 100];
    case 0xf3:
    case 0xfd:
      return [2, -2, 0];
    default:
      return [0, 0, 0];
  }
}
