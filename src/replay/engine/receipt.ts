/** A replay set against the node's receipt: any difference said with both numbers. */
import type { RunTxResult } from "@ethereumjs/vm";
import { groupedNumber } from "../../ui/basics/numberText";

export interface ReceiptFacts {
  status?: string;
  gasUsed: string;
  logs: readonly unknown[];
}

export function compareWithReceipt(receipt: ReceiptFacts, result: RunTxResult): string[] {
  const notes: string[] = [];
  const replayed = result.execResult.exceptionError ? "failed" : "succeeded";
  if (receipt.status !== undefined) {
    const onChain = receipt.status === "0x1" ? "succeeded" : "failed";
    if (onChain !== replayed)
      notes.push(
        `Status differs: on chain the transaction ${onChain}, in the replay it ${replayed}.`,
      );
  }
  const gas = BigInt(receipt.gasUsed);
  if (gas !== result.totalGasSpent)
    notes.push(
      `Gas used differs: the receipt says ${groupedNumber(gas)}, the replay used ${groupedNumber(result.totalGasSpent)}.`,
    );
  const logs = result.receipt.logs.length;
  if (receipt.logs.length !== logs)
    notes.push(
      `Log count differs: the receipt has ${receipt.logs.length}, the replay emitted ${logs}.`,
    );
  return notes;
}
