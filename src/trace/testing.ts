import type { CallFrame } from "./result";

/** Addresses the trace folder's tests build their frames from. */
export const A = "0x00000000000000000000000000000000000000aa";
export const B = "0x00000000000000000000000000000000000000bb";
export const C = "0x00000000000000000000000000000000000000cc";

/** 0: CALL A→B (1 ether) [ 0.0 STATICCALL B→C, 0.1 CALL B→C (reverts) [0.1.0 DELEGATECALL], 0.2 CREATE ] */
export function sampleTrace(): CallFrame {
  return {
    type: "CALL",
    from: A,
    to: B,
    value: "0xde0b6b3a7640000",
    gas: "0x10000",
    gasUsed: "0x8000",
    input: "0xa9059cbb0000",
    logs: [
      { address: B, topics: ["0x01"], data: "0x", position: "0x0" },
      { address: B, topics: ["0x02"], data: "0x", position: "0x2" },
      { address: B, topics: ["0x03"], data: "0x", position: "0x3" },
    ],
    calls: [
      { type: "STATICCALL", from: B, to: C, gas: "0x100", gasUsed: "0x50", input: "0x70a08231" },
      {
        type: "CALL",
        from: B,
        to: C,
        value: "0x5",
        gas: "0x1000",
        gasUsed: "0x800",
        input: "0x12345678",
        error: "execution reverted",
        output: "0x08c379a0",
        calls: [{ type: "DELEGATECALL", from: C, to: A, gas: "0x10", gasUsed: "0x8", input: "0x" }],
      },
      {
        type: "CREATE",
        from: B,
        to: C,
        value: "0x7",
        gas: "0x100",
        gasUsed: "0x90",
        input: "0x6080",
      },
    ],
  };
}

/** One call fanning out to `n` equal subcalls, each with one subcall (like the devnet's large trace). */
export function fanOutTrace(n: number): CallFrame {
  const leaf = (i: number): CallFrame => ({
    type: "CALL",
    from: "0x00000000000000000000000000000000000000aa",
    to: `0x${(i + 1).toString(16).padStart(40, "0")}`,
    gas: "0x10000",
    gasUsed: "0x1000",
    input: "0x12345678",
    calls: [
      {
        type: "STATICCALL",
        from: "0x00000000000000000000000000000000000000aa",
        to: "0x00000000000000000000000000000000000000bb",
        gas: "0x100",
        gasUsed: "0x80",
      },
    ],
  });
  return {
    type: "CALL",
    from: "0x00000000000000000000000000000000000000cc",
    to: "0x00000000000000000000000000000000000000aa",
    gas: "0x10000000",
    gasUsed: `0x${(n * 0x1000 + 0x100).toString(16)}`,
    calls: Array.from({ length: n }, (_, i) => leaf(i)),
  };
}
