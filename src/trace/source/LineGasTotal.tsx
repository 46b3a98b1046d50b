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
}: {
  onLines: number;
  unattributed: number;
  /** The frame's gas used as the node says it (the callTracer's, or the tracer's exit). */
  gasUsed: number | null;
  /** The transaction's own frame: its gas used holds the intrinsic gas and the refund too. */
  top: boolean;
}) {
  const sum = onLines + unattributed;
  const rest = gasUsed === null ? null : gasUsed - sum;
  return (
    <p className="text-sm">
      {formatDecimal(onLines)} gas on lines, {formatDecimal(unattributed)} unattributed (dispatcher,
      generated code)
      {gasUsed !== null ? `; frame gas used ${formatDecimal(gasUsed)}` : ""}
      {rest === null || rest === 0
        ? "."
        : top
          ? ` — the other ${formatDecimal(rest)} is the transaction's intrinsic gas (21,000 and its calldata) less its refund.`
          : ` — ${formatDecimal(Math.abs(rest))} ${rest > 0 ? "more than" : "less than"} its steps' sum, which the node's accounting holds (a refund or a step past the tracer's bound).`}
    </p>
  );
}
