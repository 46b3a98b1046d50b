/**
 * The Source view's gas total: what the frame's lines spent, what no line did (the dispatcher,
 * code the compiler generated), and how that reconciles with the frame's gas used.
 */
import { formatDecimal } from "../../chain";

export function LineGasTotal({
  onLines,
  unattributed,
  gasUsed,
  top,
  outOfGas = false,
}: {
  onLines: number;
  unattributed: number;
  /** The frame's gas used as the node says it (the callTracer's, or the tracer's exit). */
  gasUsed: number | null;
  /** The transaction's own frame: its gas used holds the intrinsic gas and the refund too. */
  top: boolean;
  /** The frame ran out of gas: what it had left was burnt at the failing step. */
  outOfGas?: boolean;
}) {
  const sum = onLines + unattributed;
  const rest = gasUsed === null ? null : gasUsed - sum;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p>
        {formatDecimal(onLines)} gas on lines, {formatDecimal(unattributed)} not attributed to a
        line (the dispatcher, code the compiler generated)
        {gasUsed !== null ? `; frame gas used ${formatDecimal(gasUsed)}` : ""}
        {rest === null || rest === 0 ? "." : ` — ${restWords(rest, top, outOfGas)}`}
      </p>
      <p className="text-xs text-slate-700 dark:text-slate-300">
        A line&apos;s gas includes the external calls it makes (their whole cost is on the line of
        the call). An internal function&apos;s steps count on its own lines, not on the line that
        called it.
      </p>
    </div>
  );
}

/** What the frame's gas used holds beyond its steps' costs, in words. */
export function restWords(rest: number, top: boolean, outOfGas: boolean): string {
  const n = formatDecimal(Math.abs(rest));
  if (outOfGas && rest > 0)
    return top
      ? `the other ${n} is the gas left when it ran out, burnt at the failing step, and the transaction's intrinsic gas (21,000 and its calldata).`
      : `the other ${n} is the gas left when it ran out, burnt at the failing step.`;
  if (top)
    return `the other ${n} is the transaction's intrinsic gas (21,000 and its calldata) less its refund.`;
  return `${n} ${rest > 0 ? "more than" : "less than"} its steps' sum, which the node's accounting holds (a refund or a step past the tracer's bound).`;
}
