// @vitest-environment jsdom
/**
 * The standard-method history of an address whose token transfers name many transactions: the
 * table shows them a page at a time, newest first (a table of 10,000 rows took seconds to lay
 * out), and only the shown page's transfer-only rows are read by hash.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { z } from "../platform/zod";
import type { RpcClient } from "../rpc";
import { RpcContext } from "../connection/context";
import { createQueryClient } from "../connection/query-client";
import { testEndpoint, testRpcContext } from "../test-support/pages";
import { History, HISTORY_PAGE_ROWS } from "./History";
import type { TransferRef } from "./rows";

afterEach(cleanup);

const pad = (n: number, w = 64) => `0x${n.toString(16).padStart(w, "0")}`;
const ME = pad(0xa1, 40);
const SENDER = pad(0xc0, 40);
const TOKEN = pad(0xc0ffee, 40);
const TOTAL = 120;
/** Transfer i lies in block 1,000 + i: the newest is the last. */
const refs: TransferRef[] = Array.from({ length: TOTAL }, (_, i) => ({
  hash: pad(0x7000 + i),
  blockNumber: 1_000 + i,
  index: 0,
  timestamp: 1_700_000_000 + i * 12,
}));
const short = (hash: string) => `${hash.slice(0, 8)}…${hash.slice(-4)}`;

function setup() {
  const byHash: string[] = [];
  const client: RpcClient = {
    request: async <T,>(
      _e: unknown,
      method: string,
      params: readonly unknown[],
      opts?: { schema?: z.ZodMiniType<T> },
    ) => {
      await Promise.resolve();
      let out: unknown;
      if (method === "eth_blockNumber") out = pad(1_000 + TOTAL, 0);
      else if (method === "eth_getTransactionCount") out = "0x0";
      else if (method === "eth_getTransactionByHash") {
        const hash = String(params[0]);
        byHash.push(hash);
        const i = refs.findIndex((r) => r.hash === hash);
        out = {
          hash,
          blockHash: pad(0xb10c + i),
          blockNumber: pad(1_000 + i, 0),
          transactionIndex: "0x0",
          from: SENDER,
          to: TOKEN,
          value: "0x0",
          input: `0xa9059cbb${ME.slice(2).padStart(64, "0")}${pad(i + 1).slice(2)}`,
          nonce: pad(i, 0),
          gas: "0x5208",
          gasPrice: "0x3b9aca00",
          type: "0x0",
          chainId: "0x7a69",
          v: "0x1b",
          r: pad(1),
          s: pad(2),
        };
      } else throw new Error(`unexpected ${method}`);
      return (opts?.schema ? opts.schema.parse(out) : out) as T;
    },
  };
  const endpoint = testEndpoint("eth_getLogs");
  const queryClient = createQueryClient();
  const view = (settled: boolean) => (
    <QueryClientProvider client={queryClient}>
      <RpcContext.Provider value={testRpcContext(client)}>
        <History
          client={client}
          endpoint={endpoint}
          address={ME}
          toBlock={null}
          transfers={refs}
          transfersSettled={settled}
        />
      </RpcContext.Provider>
    </QueryClientProvider>
  );
  const { rerender } = render(view(false));
  return { byHash, settle: () => rerender(view(true)) };
}

// Cells read through the DOM: role queries over 50 rows of links cost seconds in jsdom.
const bodyRows = () => [
  ...document.querySelectorAll<HTMLTableRowElement>('table[aria-label="Transactions"] tbody tr'),
];
/** The transaction hashes of the table's rows, top to bottom. */
const shownHashes = () => bodyRows().map((row) => row.cells[2]?.title ?? "");
const button = (name: string) => screen.getByRole<HTMLButtonElement>("button", { name });

describe("an address history of more transactions than a page", () => {
  it("shows them a page at a time, newest first, and reads only the shown page's transactions", async () => {
    const { byHash, settle } = setup();
    const status = await screen.findByText(/^Rows \d/);
    expect(status.getAttribute("role")).toBe("status");
    expect(status.textContent).toContain(`Rows 1–${HISTORY_PAGE_ROWS} of ${TOTAL}, newest first`);
    const newest = refs.slice().reverse();
    expect(shownHashes()).toEqual(newest.slice(0, HISTORY_PAGE_ROWS).map((r) => r.hash));
    expect(button("Newer rows").disabled).toBe(true);

    // While the transfers' scan runs, page one may still change: nothing is read yet.
    await screen.findByText(/^Sent: 0 of the 0 transactions/);
    expect(byHash).toEqual([]);
    expect(bodyRows()[0]?.cells[4]?.textContent).toBe("");

    // Once it stops, the page's rows are read by hash and filled in (who sent each).
    settle();
    const fromOfFirstRow = () => (bodyRows()[0]?.cells[4]?.textContent ?? "").toLowerCase();
    await waitFor(() => expect(fromOfFirstRow()).toBe(short(SENDER)));
    await waitFor(() => expect(byHash).toHaveLength(HISTORY_PAGE_ROWS));
    expect(new Set(byHash)).toEqual(new Set(newest.slice(0, HISTORY_PAGE_ROWS).map((r) => r.hash)));

    fireEvent.click(button("Older rows"));
    expect(status.textContent).toContain(
      `Rows ${HISTORY_PAGE_ROWS + 1}–${2 * HISTORY_PAGE_ROWS} of ${TOTAL}, newest first`,
    );
    expect(shownHashes()).toEqual(
      newest.slice(HISTORY_PAGE_ROWS, 2 * HISTORY_PAGE_ROWS).map((r) => r.hash),
    );
    await waitFor(() => expect(byHash).toHaveLength(2 * HISTORY_PAGE_ROWS));

    // The last page holds the rest; Older stops there, Newer goes back without asking again.
    fireEvent.click(button("Older rows"));
    expect(status.textContent).toContain(
      `Rows ${2 * HISTORY_PAGE_ROWS + 1}–${TOTAL} of ${TOTAL}, newest first`,
    );
    expect(button("Older rows").disabled).toBe(true);
    await waitFor(() => expect(byHash).toHaveLength(TOTAL));
    fireEvent.click(button("Newer rows"));
    fireEvent.click(button("Newer rows"));
    expect(shownHashes()[0]).toBe(newest[0]?.hash);
    expect(byHash).toHaveLength(TOTAL);
    expect(new Set(byHash).size).toBe(TOTAL);
  });
});
