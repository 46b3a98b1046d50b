// @vitest-environment jsdom
/**
 * The summary on the page: what a user sees of the receipt beside the transaction — status, gas
 * used and the exact fee, the events and token transfers, why a failed one failed (a replay at
 * the parent block), a pending one turning into mined by itself, and a node that gives no receipt.
 */
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { encodeAbiParameters } from "viem";
import { formatDecimal } from "../../chain";
import { interpretRpcError } from "../../rpc";
import TxPage from "./Page";
import { fakeRpc, summaryAnswer } from "./testing";

afterEach(cleanup);
beforeEach(() => localStorage.clear());

const BLOCK = "0x80e911b62f552f563a2544dfef5eb39ec8863d9082c998ca6b657f76e19de38e";
const HASH = `0x${"ab".repeat(32)}`;
const FROM = "0x7435ed30a8b4aeb0877cef0c6e8cffe834eb865f";
const TOKEN = "0xc7b99a164efd027a93f147376cc7da7c67c6bbe0";
const TO = "0x00000000000000000000000000000000000000aa";
const topic = (a: string) => `0x${a.slice(2).padStart(64, "0")}`;
const word = (n: bigint) => `0x${n.toString(16).padStart(64, "0")}`;

function tx(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    blockHash: BLOCK,
    blockNumber: "0x64",
    from: FROM,
    gas: "0x186a0",
    gasPrice: "0x3b9aca00",
    hash: HASH,
    input: "0xa9059cbb",
    nonce: "0x0",
    to: TOKEN,
    transactionIndex: "0x0",
    value: "0x0",
    type: "0x2",
    ...extra,
  };
}

const transferLog = (amount: bigint, index: number) => ({
  address: TOKEN,
  topics: [
    "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef",
    topic(FROM),
    topic(TO),
  ],
  data: word(amount),
  logIndex: `0x${index.toString(16)}`,
});

function receipt(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    transactionHash: HASH,
    blockHash: BLOCK,
    blockNumber: "0x64",
    from: FROM,
    to: TOKEN,
    status: "0x1",
    gasUsed: "0xcb4f", // 52047
    cumulativeGasUsed: "0xcb4f",
    effectiveGasPrice: "0x3b9aca07", // 1000000007
    contractAddress: null,
    logs: [transferLog(12_500_000_000_000_000_000n, 0), transferLog(7n, 1)],
    ...extra,
  };
}

function Harness({ initial }: { initial: Record<string, string> }) {
  const [search, setSearch] = useState(() => new URLSearchParams(initial));
  return (
    <TxPage
      search={search}
      setSearch={(p) => {
        const sp = new URLSearchParams();
        for (const [k, v] of Object.entries(p)) if (v) sp.set(k, v);
        setSearch(sp);
      }}
    />
  );
}

const dd = (term: string) => {
  const summary = screen.getByLabelText("Summary");
  const dt = within(summary).getByText(term, { selector: "dt" });
  const def = dt.nextElementSibling;
  if (!(def instanceof HTMLElement)) throw new Error(`no <dd> after ${term}`);
  return def;
};

const tokenAnswer = (method: string, params: readonly unknown[]) => {
  if (method !== "eth_call") return summaryAnswer(method);
  const data = (params[0] as { data?: string }).data;
  if (data === "0x313ce567") return word(18n); // decimals()
  if (data === "0x95d89b41") return encodeAbiParameters([{ type: "string" }], ["NST"]); // symbol()
  return "0x";
};

describe("the summary from the receipt", () => {
  it("a token transfer: Success, gas used of the limit, the exact fee, its events and transfers", async () => {
    const { others, wrap } = fakeRpc(
      () => tx(),
      null,
      (method, params) =>
        method === "eth_getTransactionReceipt" ? receipt() : tokenAnswer(method, params),
    );
    render(wrap(<Harness initial={{ blockHash: BLOCK, index: "0" }} />));
    await screen.findByLabelText("Summary");
    await waitFor(() => expect(dd("Status").textContent).toBe("Success"));
    expect(dd("Gas used").textContent).toBe("52,047 of 100,000 limit (52.04 %)");
    const fee = 52047n * 1000000007n;
    // The fee in the native unit, its wei on demand (two parts, never run together).
    expect(dd("Fee").textContent).toContain("0.000052047000364329 ETH");
    expect(dd("Fee").textContent).not.toContain(`${formatDecimal(fee)} wei`);
    fireEvent.click(within(dd("Fee")).getByRole("button", { name: "Show wei of the fee" }));
    expect(dd("Fee").textContent).toContain(`${formatDecimal(fee)} wei`);
    expect(others.filter((s) => s.method === "eth_getTransactionReceipt")).toEqual([
      { method: "eth_getTransactionReceipt", params: [HASH] },
    ]);
    // events: one row per log, decoded as the log table decodes them
    const events = screen.getByRole("table", { name: "Events" });
    expect(within(events).getAllByRole("row")).toHaveLength(3);
    expect(within(events).getAllByText("Transfer")).toHaveLength(2);
    const link = screen.getByRole("link", { name: "Open in the log table" });
    expect(link.getAttribute("href")).toBe(`#/logs?blockHash=${BLOCK}&address=${TOKEN}`);
    // transfers: exact integers, whole tokens once the decimals are in
    const transfers = screen.getByRole("list", { name: "Token transfers" });
    await within(transfers).findByText("12.5 NST (12500000000000000000)");
    expect(within(transfers).getByText("0.000000000000000007 NST (7)")).toBeTruthy();
    const balances = screen.getByRole("link", { name: "Balance changes in the trace" });
    expect(balances.getAttribute("href")).toBe(`#/trace?hash=${HASH}&view=balances`);
  });

  it("an OP Stack deposit (0x7e): the Fee reads 'deposit: no L2 fee', though the node adds l1Fee and a price", async () => {
    const { wrap } = fakeRpc(
      () => tx({ type: "0x7e", gasPrice: "0x0" }),
      null,
      (method, params) =>
        method === "eth_getTransactionReceipt"
          ? receipt({ type: "0x7e", l1Fee: "0x5bf1ab43d", depositNonce: "0x8a2d11" })
          : tokenAnswer(method, params),
    );
    render(wrap(<Harness initial={{ blockHash: BLOCK, index: "0" }} />));
    await screen.findByLabelText("Summary");
    await waitFor(() => expect(dd("Status").textContent).toBe("Success"));
    expect(dd("Fee").textContent).toContain("deposit: no L2 fee");
    expect(dd("Fee").textContent).not.toMatch(/\d wei/);
  });

  it("a failed one: Failed, and why — its call replayed at the parent block, the revert decoded", async () => {
    const reason = `0x08c379a0${encodeAbiParameters([{ type: "string" }], ["not enough"]).slice(2)}`;
    const { others, wrap } = fakeRpc(
      () => tx(),
      null,
      (method) =>
        method === "eth_getTransactionReceipt"
          ? receipt({ status: "0x0", logs: [] })
          : method === "eth_call"
            ? interpretRpcError(
                { method, endpoint: "http://node.test/", request: {}, durationMs: 1 },
                { code: 3, message: "execution reverted: not enough", data: reason },
              )
            : summaryAnswer(method),
    );
    render(wrap(<Harness initial={{ blockHash: BLOCK, index: "0" }} />));
    // The badge, and beside it (in the status itself: the first screen) why it failed.
    await waitFor(() => expect(dd("Status").textContent).toMatch(/^Failed/));
    const why = await screen.findByRole("region", { name: "Why it failed" });
    expect(dd("Status").contains(why)).toBe(true);
    await within(why).findByText('"not enough"');
    expect(why.textContent).toContain("This is a replay");
    expect(within(why).getByRole("link", { name: /Trace the transaction/ })).toBeTruthy();
    const call = others.find((s) => s.method === "eth_call");
    expect(call?.params).toEqual([
      { from: FROM, to: TOKEN, value: "0x0", data: "0xa9059cbb", gas: "0x186a0" },
      "0x63",
    ]);
  });

  it("a failed one on a node without the parent block's state: said so, not given as the reason", async () => {
    const { wrap } = fakeRpc(
      () => tx(),
      null,
      (method) =>
        method === "eth_getTransactionReceipt"
          ? receipt({ status: "0x0", logs: [] })
          : method === "eth_call"
            ? interpretRpcError(
                { method, endpoint: "http://node.test/", request: {}, durationMs: 1 },
                { code: -32000, message: "missing trie node 1a2b (path ) state is not available" },
              )
            : summaryAnswer(method),
    );
    render(wrap(<Harness initial={{ blockHash: BLOCK, index: "0" }} />));
    const why = await screen.findByRole("region", { name: "Why it failed" });
    await within(why).findByText(/no longer has the state of block 99/);
    expect(within(why).getByRole("link", { name: /Trace the transaction/ })).toBeTruthy();
  });

  it("a pending one turns into Success by itself, one lookup at a time", async () => {
    let mined = false;
    const { sent, others, wrap } = fakeRpc(
      () => (mined ? tx() : tx({ blockHash: null, blockNumber: null, transactionIndex: null })),
      null,
      (method) => {
        if (method !== "eth_getTransactionReceipt") return summaryAnswer(method);
        const lookups = others.filter((s) => s.method === method).length;
        if (lookups >= 2) mined = true;
        return mined ? receipt({ logs: [] }) : null;
      },
    );
    render(wrap(<Harness initial={{ hash: HASH }} />));
    await waitFor(() => expect(dd("Status").textContent).toContain("Pending"));
    await waitFor(() => expect(dd("Status").textContent).toBe("Success"), { timeout: 8_000 });
    expect(others.filter((s) => s.method === "eth_getTransactionReceipt")).toHaveLength(2);
    // the transaction is asked again once its receipt is in: its block fields arrive
    await waitFor(() =>
      expect(sent.filter((s) => s.method === "eth_getTransactionByHash").length).toBe(2),
    );
    await waitFor(() => expect(dd("Block").textContent).toContain("100"));
    // the block number opens the block's page
    expect(within(dd("Block")).getByRole("link", { name: "100" }).getAttribute("href")).toBe(
      "#/block?number=100",
    );
  }, 15_000);

  it("a node that refuses the receipt: a quiet note, and the card as before", async () => {
    const { wrap, others } = fakeRpc(
      () => tx(),
      null,
      (method) =>
        method === "eth_getTransactionReceipt"
          ? interpretRpcError(
              { method, endpoint: "http://node.test/", request: {}, durationMs: 1 },
              {
                code: -32601,
                message: "method eth_getTransactionReceipt does not exist/is not available.",
              },
            )
          : summaryAnswer(method),
    );
    render(wrap(<Harness initial={{ blockHash: BLOCK, index: "0" }} />));
    await waitFor(() => expect(dd("Status").textContent).toContain("No receipt"));
    expect(screen.getByLabelText("Transaction fields")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    // asked once: the summary, mounting after the page's own request failed, does not ask again
    await new Promise((r) => setTimeout(r, 50));
    expect(others.filter((s) => s.method === "eth_getTransactionReceipt")).toHaveLength(1);
  });
});
