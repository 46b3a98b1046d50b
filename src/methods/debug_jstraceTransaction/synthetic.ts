/**
 * Synthetic callTracer trees for tests and the benchmark: `size` frames, `branching` children
 * per frame (breadth-first filling), a mix of frame types, some failures and some logs.
 */
import type { CallFrame } from "./result";

const TYPES = ["CALL", "STATICCALL", "DELEGATECALL", "CALL", "CREATE", "CALL"] as const;

function addr(i: number): string {
  return `0x${(i + 0x1000).toString(16).padStart(40, "0")}`;
}

export function syntheticTrace(
  size: number,
  branching = 4,
  opts: { withLogs?: boolean } = {},
): CallFrame {
  const frames: CallFrame[] = [];
  for (let i = 0; i < size; i++) {
    const type = i === 0 ? "CALL" : (TYPES[i % TYPES.length] as string);
    const f: CallFrame = {
      type,
      from: addr(i === 0 ? 0 : Math.floor((i - 1) / branching)),
      to: addr(i),
      value: type === "CALL" && i % 7 === 0 ? "0xde0b6b3a7640000" : "0x0",
      gas: `0x${(10_000_000 - i).toString(16)}`,
      gasUsed: `0x${Math.max(21, 1_000_000 >> Math.min(20, Math.floor(Math.log(i + 1) / Math.log(branching)) * 2)).toString(16)}`,
      input: `0xa9059cbb${i.toString(16).padStart(64, "0")}`,
      output: "0x",
    };
    if (i > 0 && i % 97 === 0) {
      f.error = "execution reverted";
      f.output =
        "0x08c379a0000000000000000000000000000000000000000000000000000000000000002000000000000000000000000000000000000000000000000000000000000000046e6f706500000000000000000000000000000000000000000000000000000000";
    }
    if (opts.withLogs && i % 5 === 0) {
      f.logs = [
        {
          address: addr(i),
          topics: ["0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"],
          data: "0x",
          position: "0x0",
        },
      ];
    }
    frames.push(f);
    if (i > 0) {
      const p = frames[Math.floor((i - 1) / branching)];
      if (p) (p.calls ??= []).push(f);
    }
  }
  const root = frames[0];
  if (!root) throw new Error("size must be at least 1");
  return root;
}
