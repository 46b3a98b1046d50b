// @vitest-environment jsdom
// One fact, one text: the fee of a receipt as the transaction page and the block page show it,
// from the same answers, on a chain whose unit is not ETH. Both pages call the one fee function
// (src/chain/fees.ts) and the one unit table (src/chain/nativeUnit.ts); this renders both.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import isthmus from "../chain/fixtures/receipts/op-isthmus-devnet-withdrawal.json";
import type { RpcClient } from "../rpc";
import BlockPage from "../pages/block/Page";
import { forgetRefusals } from "../pages/block/receipts";
import TxPage from "../pages/tx/Page";
import { renderPage } from "./pages";

afterEach(() => {
  cleanup();
  forgetRefusals();
});

const pad = (n: number, w = 64) => `0x${n.toString(16).padStart(w, "0")}`;
const HASH = pad(0x7000);
const BLOCK_HASH = pad(0xb10c64);

const tx = {
  hash: HASH,
  type: "0x3",
  chainId: "0x38",
  nonce: "0x1",
  blockHash: BLOCK_HASH,
  blockNumber: "0x64",
  transactionIndex: "0x0",
  from: pad(0xa1, 40),
  to: pad(0xb2, 40),
  value: "0x0",
  gas: "0x5208",
  gasPrice: "0x3b9aca00",
  maxFeePerGas: "0x3b9aca00",
  maxPriorityFeePerGas: "0x1",
  maxFeePerBlobGas: "0x3b9aca00",
  input: "0x",
};

const block = {
  number: "0x64",
  hash: BLOCK_HASH,
  parentHash: pad(0xb10c63),
  timestamp: "0x6553f100",
  miner: pad(0xfee, 40),
  gasUsed: "0x5208",
  gasLimit: "0x1c9c380",
  baseFeePerGas: "0x3b9aca00",
  transactions: [tx],
};

function node(receipt: Record<string, unknown>): RpcClient {
  const answers: Record<string, unknown> = {
    eth_chainId: "0x38",
    eth_getTransactionByHash: tx,
    eth_getTransactionReceipt: receipt,
    eth_getBlockReceipts: [receipt],
    eth_getBlockByNumber: block,
    eth_getBlockByHash: block,
    eth_blockNumber: "0x70",
  };
  // As the real client does: the answer is checked (and shaped) by the request's schema.
  const request = async (
    _e: unknown,
    method: string,
    _params: readonly unknown[],
    opts?: { schema?: { parse: (x: unknown) => unknown } },
  ) => {
    const answer = answers[method] ?? null;
    return opts?.schema ? opts.schema.parse(answer) : answer;
  };
  return { request } as unknown as RpcClient;
}

/** The block row's fee, with the unit its column names. */
async function blockFee(client: RpcClient): Promise<string> {
  renderPage(BlockPage, { client, initial: { number: "100" } });
  const table = await screen.findByRole("table", { name: /transactions/i });
  const headers = within(table).getAllByRole("columnheader");
  const at = headers.findIndex((h) => /^Fee \(/.test(h.textContent ?? ""));
  const unit = /^Fee \((.+)\)$/.exec(headers[at]?.textContent ?? "")?.[1];
  const row = (await within(table).findAllByRole("row"))[1];
  if (!row) throw new Error("no row");
  const cell = await within(row).findByText(/^\d/, {
    selector: `[role=cell]:nth-child(${at + 1})`,
  });
  return `${cell.textContent ?? ""} ${unit ?? ""}`;
}

/** The transaction summary's fee. */
async function txFee(client: RpcClient): Promise<string> {
  renderPage(TxPage, { client, initial: { hash: HASH } });
  // the Fee row is drawn waiting while the receipt is asked: read once its amount is in
  return waitFor(
    () => {
      const value = screen.getByText("Fee", { selector: "dt" }).nextElementSibling;
      if (!(value instanceof HTMLElement)) throw new Error("no fee value");
      // the amount in whole units with its unit (the exact wei are one press away)
      const amount = within(value).getAllByText(/^[\d.,]+ [A-Za-z]+$/)[0]?.textContent;
      if (!amount) throw new Error("no fee amount yet");
      return amount;
    },
    { timeout: 15_000 },
  );
}

describe("a receipt's fee on every page that shows it", () => {
  it.each([
    [
      "a blob transaction (21,000 gas and 131,072 blob gas at 1 gwei)",
      {
        status: "0x1",
        type: "0x3",
        transactionHash: HASH,
        blockHash: BLOCK_HASH,
        blockNumber: "0x64",
        gasUsed: "0x5208",
        effectiveGasPrice: "0x3b9aca00",
        blobGasUsed: "0x20000",
        blobGasPrice: "0x3b9aca00",
        logs: [],
      },
      "0.000152072 BNB",
    ],
    [
      "an OP Stack receipt with l1Fee and the operator fee (real op-geth answer)",
      { ...isthmus, transactionHash: HASH, blockHash: BLOCK_HASH, blockNumber: "0x64" },
      null,
    ],
  ])("%s: the same digits and unit", async (_what, receipt, expected) => {
    const onBlock = await blockFee(node(receipt));
    cleanup();
    forgetRefusals();
    const onCard = await txFee(node(receipt));
    expect(onBlock).toBe(onCard);
    if (expected) expect(onCard).toBe(expected);
    expect(onCard).toMatch(/ BNB$/);
  });
});
