/** The outcome's words that need no React. */
import { readQuantity } from "../../chain";

export /** The mined transaction's outcome beside the simulation's, and whether they agree. */
function minedSentence(
  minedOk: boolean,
  minedGas: string | null,
  simOk: boolean,
  simGas: bigint | null,
): string {
  const gas = readQuantity(minedGas);
  const head = `On chain it ${minedOk ? "succeeded" : "reverted"}${gas !== null ? ` using ${gas.toLocaleString("en-US")} gas` : ""}`;
  if (minedOk !== simOk)
    return `${head}: this simulation ${simOk ? "succeeds" : "reverts"} instead — the state it ran on differs (transactions earlier in the block, or the overrides).`;
  if (gas !== null && simGas !== null && gas !== simGas)
    return `${head}: the same outcome, with ${simGas > gas ? "more" : "less"} gas here (${(simGas > gas ? simGas - gas : gas - simGas).toLocaleString("en-US")} apart).`;
  return `${head}: the same as here.`;
}
