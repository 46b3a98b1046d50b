/**
 * A frame's gas: what each step cost (the gas before the frame's next step, or the node's gas
 * used at the end), and the gas of every source line with the heaviest lines. No React.
 */
import type { LineGas } from "./frameTypes";
import type { SourceIndex } from "./sourceIndex";
import type { DebugFrameData } from "./trace";

export const HEAVIEST_LINES = 5;

export interface StepCosts {
  /** The gas left after the frame's last step, when the node says what the frame used; else null. */
  endGas: number | null;
  /** Per step: what it cost (0 for the last step when endGas is null). */
  cost: Float64Array;
}

/** What every kept step of the frame cost. */
export function stepCosts(data: DebugFrameData): StepCosts {
  const size = data.kept;
  const gas = data.gas;
  const endGas =
    data.gasUsed !== null && data.steps === size && size > 0 ? (gas[0] ?? 0) - data.gasUsed : null;
  const cost = new Float64Array(size);
  for (let k = 0; k < size; k++) {
    const next = k + 1 < size ? (gas[k + 1] ?? 0) : endGas;
    cost[k] = next === null ? 0 : (gas[k] ?? 0) - next;
  }
  return { endGas, cost };
}

export interface FrameLineGas {
  lineGas: Map<string, Map<number, number>>;
  heaviestLines: LineGas[];
  total: number;
  unattributed: number;
}

/** The gas of every line that ran, the heaviest lines, the total and what no line took. */
export function lineGasOf(
  s: SourceIndex | null,
  lineAt: Int32Array,
  cost: Float64Array,
  size: number,
): FrameLineGas {
  const lineGas = new Map<string, Map<number, number>>();
  const perLine = s ? new Float64Array(s.lines.length) : new Float64Array(0);
  const ranLine = new Uint8Array(perLine.length);
  let total = 0;
  let unattributed = 0;
  for (let k = 0; k < size; k++) {
    const c = cost[k] ?? 0;
    total += c;
    const id = lineAt[k] ?? -1;
    if (id >= 0) {
      perLine[id] = (perLine[id] ?? 0) + c;
      ranLine[id] = 1;
    } else unattributed += c;
  }
  const heavy: LineGas[] = [];
  if (s)
    s.lines.forEach((ref, id) => {
      if (!ranLine[id]) return;
      const g = perLine[id] ?? 0;
      const byLine = lineGas.get(ref.path) ?? new Map<number, number>();
      byLine.set(ref.line, g);
      lineGas.set(ref.path, byLine);
      heavy.push({ path: ref.path, line: ref.line, gas: g });
    });
  heavy.sort((a, b) => b.gas - a.gas);
  const heaviestLines = heavy.slice(0, HEAVIEST_LINES).filter((l) => l.gas > 0);
  return { lineGas, heaviestLines, total, unattributed };
}
