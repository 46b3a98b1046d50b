// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { interpretRpcError, type RpcClient } from "../../rpc";
import { renderPage, testRpcContext } from "../../test-support/pages";
import BlockPage from "./Page";
import { forgetRefusals } from "./receipts";

afterEach(() => {
  cleanup();
  forgetRefusals();
});

const pad = (n: number, w = 64) => `0x${n.toString(16).padStart(w, "0")}`;
const A = pad(0xa1, 40);
const B = pad(0xb2, 40);

function block(number: number, txCount: number) {
  return {
    number: `0x${number.toString(16)}`,
    hash: pad(0xb10c00 + number),
    parentHash: pad(0xb10c00 + number - 1),
    timestamp: "0x6553f100",
    miner: pad(0xfee, 40),
    gasUsed: "0x5208",
    gasLimit: "0x1c9c380",
    baseFeePerGas: "0x3b9aca00",
    blobGasUsed: "0x0",
    excessBlobGas: "0x0",
    withdrawals: [],
    transactions: Array.from({ length: txCount }, (_, i) => ({
      hash: pad(0x7000 + i),
      from: A,
      to: B,
      value: "0xde0b6b3a7640000",
      input: i % 2 ? "0xa9059cbb" + "0".repeat(128) : "0x",
      gasPrice: "0x3b9aca00",
      transactionIndex: `0x${i.toString(16)}`,
    })),
  };
}
const receipt = (hash: string, i: number) => ({
  transactionHash: hash,
  status: i === 1 ? "0x0" : "0x1",
  gasUsed: "0x5208",
  effectiveGasPrice: "0x3b9aca00",
});

interface Call {
  method: string;
  params: readonly unknown[];
}

function setup(initial: Record<string, string>, opts: { blockReceipts: boolean; txs?: number }) {
  const calls: Call[] = [];
  const blocks = new Map([100, 101].map((n) => [n, block(n, opts.txs ?? 3)]));
  const b = blocks.get(100) ?? block(100, 3);
  const client: RpcClient = {
    request: async <T,>(_e: unknown, method: string, params: readonly unknown[]) => {
      calls.push({ method, params });
      await Promise.resolve();
      if (method === "eth_getBlockByNumber")
        return (blocks.get(params[0] === "latest" ? 100 : Number(params[0])) ?? null) as T;
      if (method === "eth_getBlockReceipts") {
        if (!opts.blockReceipts)
          throw interpretRpcError(
            { method, endpoint: "http://node.test/", request: {}, durationMs: 1 },
            {
              code: -32601,
              message: "the method eth_getBlockReceipts does not exist/is not available",
            },
          );
        return b.transactions.map((t, i) => receipt(t.hash, i)) as T;
      }
      if (method === "eth_getTransactionReceipt") {
        const i = [...blocks.values()]
          .flatMap((x) => x.transactions)
          .findIndex((t) => t.hash === params[0]);
        return receipt(String(params[0]), i) as T;
      }
      if (method === "eth_chainId") return "0x7a69" as T;
      throw new Error(`unexpected ${method}`);
    },
  };
  const { navigate } = renderPage(BlockPage, { client, initial, strict: true });
  return { calls, navigate };
}

describe("block page", () => {
  it("while the local devnet is still looked for, says so quietly (no alert) and sends nothing", async () => {
    const calls: string[] = [];
    const client: RpcClient = {
      request: async <T,>(_e: unknown, method: string) => {
        calls.push(method);
        await Promise.resolve();
        return null as T;
      },
    };
    const context = {
      ...testRpcContext(client),
      resolve: () => ({
        ok: false as const,
        pending: true,
        reason: "Looking for the local devnet…",
      }),
    };
    renderPage(BlockPage, { client, initial: { number: "100" }, context });
    const note = await screen.findByText("Looking for the local devnet…");
    expect(note.getAttribute("role")).toBe("status");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(calls).toEqual([]);
  });

  it("shows the number, the table with one row per transaction and each status, from eth_getBlockReceipts", async () => {
    const { calls } = setup({ number: "100" }, { blockReceipts: true });
    const table = await screen.findByRole("table", { name: "Transactions" });
    expect(table.getAttribute("aria-rowcount")).toBe("4");
    expect(screen.getByRole("heading", { name: "Block 100" })).toBeTruthy();
    await waitFor(() => expect(within(table).getAllByText("Success")).toHaveLength(2));
    expect(within(table).getByText("Failed")).toBeTruthy();
    expect(within(table).getByRole("link", { name: "0x000000…7000" }).getAttribute("href")).toBe(
      `#/tx?hash=${pad(0x7000)}`,
    );
    expect(within(table).getAllByText("transfer").length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.method === "eth_getTransactionReceipt")).toEqual([]);
    // (StrictMode mounts twice; the real client joins the identical request in flight)
    const blockCalls = calls.filter((c) => c.method === "eth_getBlockByNumber");
    expect(blockCalls.map((c) => c.params)).toContainEqual(["0x64", true]);
    expect(new Set(blockCalls.map((c) => JSON.stringify(c.params))).size).toBe(1);
  });

  it("asks the receipts one by one where the node refuses eth_getBlockReceipts, and says so", async () => {
    const { calls } = setup({ number: "0x64" }, { blockReceipts: false, txs: 20 });
    const table = await screen.findByRole("table", { name: "Transactions" });
    await waitFor(() => expect(screen.getByText(/20 of 20 receipts/)).toBeTruthy());
    expect(screen.getByText(/does not serve eth_getBlockReceipts/).textContent).toContain(
      "6 at a time",
    );
    expect(within(table).getByText("Failed")).toBeTruthy();
    const asked = calls.filter((c) => c.method === "eth_getTransactionReceipt");
    expect(asked).toHaveLength(20);
    expect(new Set(asked.map((c) => c.params[0])).size).toBe(20);
    expect(calls.filter((c) => c.method === "eth_getBlockReceipts")).toHaveLength(1);
  });

  it("back to a block seen on a node that refused: its rows again, nothing asked", async () => {
    const { calls, navigate } = setup({ number: "100" }, { blockReceipts: false, txs: 3 });
    await waitFor(() => expect(screen.getByText(/3 of 3 receipts/)).toBeTruthy());
    navigate({ number: "101" });
    await waitFor(() => expect(screen.getByRole("heading", { name: "Block 101" })).toBeTruthy());
    await waitFor(() => expect(screen.getByText(/3 of 3 receipts/)).toBeTruthy());
    const before = calls.length;
    navigate({ number: "100" });
    await waitFor(() => expect(screen.getByRole("heading", { name: "Block 100" })).toBeTruthy());
    const table = await screen.findByRole("table", { name: "Transactions" });
    await waitFor(() => expect(within(table).getByText("Failed")).toBeTruthy());
    expect(calls.slice(before).filter((c) => c.method !== "eth_chainId")).toEqual([]);
    expect(calls.filter((c) => c.method === "eth_getBlockReceipts")).toHaveLength(1);
  });

  it("names a tag with the block it meant", async () => {
    setup({ number: "latest" }, { blockReceipts: true });
    expect(await screen.findByRole("heading", { name: "latest → 100" })).toBeTruthy();
  });

  it("says why a link is not a block, and asks nothing", async () => {
    const { calls } = setup({ number: "nope" }, { blockReceipts: true });
    expect(screen.getByRole("alert").textContent).toContain('"nope" is not a block');
    expect(calls).toEqual([]);
  });
});
