/**
 * Conformance: the summary of every transaction the reference client returned in the
 * execution-apis cases (every type: legacy, access list, dynamic fee, blob, set-code, creation).
 * The corpus holds no receipts (the real receipts of several clients are in fixtures/receipts,
 * see summary.test.ts), so each transaction is summarised as it stands before its receipt is in
 * and with the receipt an older node sends (no effectiveGasPrice): the fee then comes from the
 * transaction's own gasPrice, as the page says.
 */
import { describe, expect, it } from "vitest";
import { readIoCases, requireCorpus } from "../../test-support/corpus";
import { buildSummary } from "./receiptSummary";

const corpus = requireCorpus();

interface Tx {
  name: string;
  tx: Record<string, unknown>;
}

function transactions(): Tx[] {
  if (!corpus) return [];
  return ["eth_getTransactionByHash", "eth_getTransactionByBlockHashAndIndex"].flatMap((m) =>
    readIoCases(corpus, m).flatMap((c) => {
      const result = (c.response as { result?: unknown } | undefined)?.result;
      return result && typeof result === "object"
        ? [{ name: `${m}/${c.name}`, tx: result as Record<string, unknown> }]
        : [];
    }),
  );
}

const cases = transactions();

describe.skipIf(corpus === null)(
  "conformance: summaries of the reference client's transactions",
  () => {
    it("the corpus has transactions", () => {
      expect(cases.length).toBeGreaterThan(3);
    });

    it.each(cases.map((c) => [c.name, c.tx] as const))("%s", (_name, tx) => {
      const pending = buildSummary({
        tx,
        receipt: null,
        head: null,
        blockTimestamp: null,
        symbol: "ETH",
      });
      expect(pending.status).toEqual({ kind: "pending" });
      expect(pending.from).toBe(tx.from);
      expect(pending.to).toBe(typeof tx.to === "string" ? tx.to : null);
      expect(pending.value).toBe(BigInt(typeof tx.value === "string" ? tx.value : "0x0"));

      const receipt = {
        transactionHash: tx.hash,
        blockHash: tx.blockHash,
        blockNumber: tx.blockNumber,
        status: "0x1",
        gasUsed: "0x5208",
        logs: [],
      };
      const mined = buildSummary({ tx, receipt, head: null, blockTimestamp: null, symbol: "ETH" });
      expect(mined.status).toEqual({ kind: "success" });
      expect(mined.blockNumber).toBe(BigInt(String(tx.blockNumber)));
      expect(mined.gasPercent).not.toBeNull();
      if (typeof tx.gasPrice === "string") {
        expect(mined.fee?.kind === "paid" && mined.fee.priceSource).toBe("gasPrice");
        expect(mined.fee?.wei).toBe(21000n * BigInt(tx.gasPrice));
      } else expect(mined.fee).toBeNull();
    });
  },
);
