// @vitest-environment jsdom
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { encodeFunctionData, parseAbi } from "viem";
import TxPage from "./Page";
import { ABIS_STORAGE_KEY } from "../../decoding/abis";
import { fakeRpc } from "./testing";

afterEach(cleanup);
beforeEach(() => localStorage.clear());

const BLOCK = "0x80e911b62f552f563a2544dfef5eb39ec8863d9082c998ca6b657f76e19de38e";
const FROM = "0x7435ed30a8b4aeb0877cef0c6e8cffe834eb865f";
const TO = "0xc7b99a164efd027a93f147376cc7da7c67c6bbe0";

function tx(index: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    blockHash: BLOCK,
    blockNumber: "0x1",
    from: FROM,
    gas: "0x5208",
    gasPrice: "0x3b9aca00",
    hash: `0x${(index + 1).toString(16).padStart(64, "a")}`,
    input: "0x",
    nonce: `0x${index.toString(16)}`,
    to: TO,
    transactionIndex: `0x${index.toString(16)}`,
    value: "0xde0b6b3a7640000",
    type: "0x2",
    v: "0x0",
    r: "0x1",
    s: "0x2",
    ...extra,
  };
}

/** The page with a working search: setSearch updates the search like the app shell does. */
function Harness({
  initial,
  onSet,
}: {
  initial: Record<string, string>;
  onSet?: (p: Record<string, string | undefined>) => void;
}) {
  const [search, setSearch] = useState(() => new URLSearchParams(initial));
  return (
    <TxPage
      search={search}
      setSearch={(p) => {
        onSet?.(p);
        const sp = new URLSearchParams();
        for (const [k, v] of Object.entries(p)) if (v) sp.set(k, v);
        setSearch(sp);
      }}
    />
  );
}

describe("the transaction page", () => {
  it("a link with bad params shows both field errors and sends nothing", async () => {
    const { sent, wrap } = fakeRpc(() => null);
    render(wrap(<Harness initial={{ blockHash: "0x123", index: "-1" }} />));
    const hash = screen.getByLabelText("Block hash");
    const index = screen.getByLabelText("Transaction index");
    await waitFor(() => expect(hash.getAttribute("aria-invalid")).toBe("true"));
    expect(index.getAttribute("aria-invalid")).toBe("true");
    const alerts = screen.getAllByRole("alert").map((a) => a.textContent);
    expect(alerts).toContainEqual(expect.stringMatching(/Block hash must be 32 bytes/));
    expect(alerts).toContainEqual(expect.stringMatching(/Transaction index must not be negative/));
    expect((hash as HTMLInputElement).value).toBe("0x123");
    expect(sent).toEqual([]);
  });

  it("typed input: errors say which problem and nothing is sent; a valid submit writes the URL and sends a hex index", async () => {
    const user = userEvent.setup();
    const sets: Record<string, string | undefined>[] = [];
    const { sent, wrap } = fakeRpc((params) => tx(Number(params[1])));
    render(wrap(<Harness initial={{}} onSet={(p) => sets.push(p)} />));
    await user.type(screen.getByLabelText("Block hash"), BLOCK.slice(2));
    await user.type(screen.getByLabelText("Transaction index"), "five");
    await user.click(screen.getByRole("button", { name: "Look up transaction" }));
    expect(await screen.findByText(/Block hash must start with 0x/)).toBeTruthy();
    expect(screen.getByText(/Transaction index is not a number/)).toBeTruthy();
    expect(sets).toEqual([]);
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText("Block hash"));
    await user.type(screen.getByLabelText("Block hash"), BLOCK);
    await user.clear(screen.getByLabelText("Transaction index"));
    await user.type(screen.getByLabelText("Transaction index"), "0x5");
    await user.click(screen.getByRole("button", { name: "Look up transaction" }));
    expect(sets).toEqual([{ blockHash: BLOCK, index: "5" }]);
    await screen.findByLabelText("Transaction fields");
    expect(sent).toEqual([
      { method: "eth_getTransactionByBlockHashAndIndex", params: [BLOCK, "0x5"] },
    ]);
  });

  it("shows readings next to raw values, spec spellings as camelCase, other fields, onward links", async () => {
    const input = encodeFunctionData({
      abi: parseAbi(["function transfer(address to, uint256 amount)"]),
      args: [TO, 1234n],
    });
    const result = tx(0, {
      input,
      publickey: "0x04abcd",
      chainid: "0x7a69",
      l1Fee: "0x10",
      blockTimestamp: "0x6553f100",
    });
    const { wrap } = fakeRpc(() => result);
    render(wrap(<Harness initial={{ blockHash: BLOCK, index: "0" }} />));
    const fields = await screen.findByLabelText("Transaction fields");
    const dd = (name: string) =>
      within(fields)
        .getAllByRole("term")
        .find((t) => t.textContent === name)?.nextElementSibling?.textContent ?? "";
    expect(dd("value")).toContain("1 ETH · 1,000,000,000 gwei");
    // The block links to its page, as everywhere a block is shown.
    expect(within(fields).getByRole("link", { name: "1" }).getAttribute("href")).toBe(
      "#/block?number=1",
    );
    expect(dd("value")).toContain("0xde0b6b3a7640000");
    expect(dd("gasPrice")).toContain("1 gwei");
    expect(dd("gas")).toContain("21,000");
    expect(dd("type")).toContain("dynamic fee (EIP-1559)");
    expect(dd("publicKey")).toContain("0x04abcd");
    expect(dd("chainId")).toContain("31,337 — Anvil (local)");
    expect(dd("blockTimestamp")).toContain("2023-11-14T22:13:20Z");
    expect(dd("input")).toContain("transfer(address,uint256)");
    expect(dd("input")).toContain("1234");
    const other = screen.getByLabelText("Other fields");
    expect(within(other).getByRole("term").textContent).toBe("l1Fee");
    expect(other.textContent).toContain("0x10");

    const onward = screen.getByRole("navigation", { name: "Onward" });
    expect(
      within(onward).getByRole("link", { name: "Trace this transaction" }).getAttribute("href"),
    ).toBe(`#/trace?hash=${String(result.hash)}`);
    expect(
      within(onward).getByRole("link", { name: "Logs of this block" }).getAttribute("href"),
    ).toBe(`#/logs?blockHash=${BLOCK}`);
    const estimate = new URLSearchParams(
      within(onward)
        .getByRole("link", { name: "Estimate again" })
        .getAttribute("href")
        ?.split("?")[1],
    );
    expect(Object.fromEntries(estimate)).toEqual({
      from: FROM,
      to: TO,
      value: "0xde0b6b3a7640000",
      data: input,
    });
    // Simulate: the same call at the parent block (0x1 − 1), with the note said beside it
    const simulate = within(onward).getByRole("link", { name: /simulate/i });
    expect(simulate.getAttribute("href")).toBe(
      `#/simulate?from=${FROM}&to=${TO}&value=0xde0b6b3a7640000&data=${input}&gas=0x5208&block=0x0&tx=${String(result.hash)}`,
    );
    const note =
      "Runs this call on the state before its block: the transactions before it in the same block are not replayed, so the result can differ.";
    expect(simulate).toHaveProperty("textContent", "Simulate");
    expect(
      document.getElementById(simulate.getAttribute("aria-describedby") ?? "")?.textContent,
    ).toBe(note);
    expect(screen.getByText(note)).toBeTruthy();
  });

  it("Simulate for a contract creation sends its init code with no to, at the parent block", async () => {
    const result = tx(3, { to: null, input: "0x6080604052", value: "0x0", blockNumber: "0x2a" });
    const { wrap } = fakeRpc(() => result);
    render(wrap(<Harness initial={{ blockHash: BLOCK, index: "3" }} />));
    const onward = await screen.findByRole("navigation", { name: "Onward" });
    expect(
      within(onward)
        .getByRole("link", { name: /simulate/i })
        .getAttribute("href"),
    ).toBe(
      `#/simulate?from=${FROM}&data=0x6080604052&gas=0x5208&block=0x29&tx=${String(result.hash)}`,
    );
  });

  it("pending transactions read as pending, not blanks", async () => {
    const { wrap } = fakeRpc(() =>
      tx(0, { blockHash: null, blockNumber: null, transactionIndex: null }),
    );
    render(wrap(<Harness initial={{ blockHash: BLOCK, index: "0" }} />));
    const fields = await screen.findByLabelText("Transaction fields");
    for (const name of ["blockHash", "blockNumber", "transactionIndex"]) {
      const dd = within(fields)
        .getAllByRole("term")
        .find((t) => t.textContent === name)?.nextElementSibling;
      expect(dd?.textContent).toMatch(/pending/);
      expect(dd?.textContent).toContain("null");
    }
    expect(screen.queryByRole("link", { name: "Logs of this block" })).toBeNull();
    // not mined yet: simulated on the latest state, and said so
    const simulate = screen.getByRole("link", { name: /simulate/i });
    expect(new URLSearchParams(simulate.getAttribute("href")?.split("?")[1]).get("block")).toBe(
      "latest",
    );
    expect(
      document.getElementById(simulate.getAttribute("aria-describedby") ?? "")?.textContent,
    ).toMatch(/latest state/);
  });

  it("Next steps through the block; past the end says which index was the last", async () => {
    const user = userEvent.setup();
    const { sent, wrap } = fakeRpc((params) =>
      Number(params[1]) < 2 ? tx(Number(params[1])) : null,
    );
    render(wrap(<Harness initial={{ blockHash: BLOCK, index: "0" }} />));
    await screen.findByLabelText("Transaction fields");
    expect(
      (screen.getByRole("button", { name: "Previous transaction" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(screen.getByRole("button", { name: "Next transaction" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Transaction index")).toHaveProperty("value", "1"),
    );
    await screen.findByText(/Transaction 1 of block 1/);
    await user.click(screen.getByRole("button", { name: "Next transaction" }));
    const empty = await screen.findByText(/^No transaction at index 2 in block/);
    expect(empty.textContent).toBe(`No transaction at index 2 in block ${BLOCK}`);
    expect(
      screen.getByText(/Index 1 was the last transaction of this block: it holds 2 transactions/),
    ).toBeTruthy();
    expect(
      (screen.getByRole("button", { name: "Next transaction" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    // Back to a seen index: the cache answers, the node is not asked again.
    await user.click(screen.getByRole("button", { name: "Previous transaction" }));
    await screen.findByText(/Transaction 1 of block 1/);
    expect(sent.map((s) => s.params[1])).toEqual(["0x0", "0x1", "0x2"]);
  });

  it("an index far past the end: one look at index 0 tells an existing block", async () => {
    const { sent, wrap } = fakeRpc((params) => (params[1] === "0x0" ? tx(0) : null));
    render(wrap(<Harness initial={{ blockHash: BLOCK, index: "7" }} />));
    expect(
      await screen.findByText(/The block has at most 7 transactions: try a lower index/),
    ).toBeTruthy();
    expect(sent.map((s) => s.params[1])).toEqual(["0x7", "0x0"]);
  });

  it("an unknown block: says the node may not know it", async () => {
    const { wrap } = fakeRpc(() => null);
    render(wrap(<Harness initial={{ blockHash: BLOCK, index: "3" }} />));
    expect(
      await screen.findByText(
        /no transaction at index 0 either.*does not know a block with this hash/i,
      ),
    ).toBeTruthy();
  });

  it("a failing node gets an explanation and a retry; the form keeps its values", async () => {
    let fail = true;
    const { wrap } = fakeRpc(() => (fail ? new Error("the node is down") : tx(0)));
    render(wrap(<Harness initial={{ blockHash: BLOCK, index: "0" }} />));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("the node is down");
    expect((screen.getByLabelText("Block hash") as HTMLInputElement).value).toBe(BLOCK);
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    await screen.findByLabelText("Transaction fields");
  });

  it("a pasted ABI decodes an unknown selector and is kept on this device in the registry's export format", async () => {
    const user = userEvent.setup();
    const abi = [
      {
        type: "function",
        name: "store",
        stateMutability: "nonpayable",
        inputs: [{ name: "x", type: "uint256" }],
        outputs: [],
      },
    ];
    const input = encodeFunctionData({ abi: parseAbi(["function store(uint256 x)"]), args: [42n] });
    const { wrap } = fakeRpc(() => tx(0, { input }));
    render(wrap(<Harness initial={{ blockHash: BLOCK, index: "0" }} />));
    // Unnamed before the ABI: said so, or its argument types guessed once the guesser has loaded
    // (an earlier test in this file may have loaded it already).
    await screen.findByText(/not in the built-in signatures|Guessed argument types/);
    expect(screen.queryByText("store(uint256)")).toBeNull();
    await user.click(screen.getByText(/Decoding: add an ABI or signature/));
    fireEvent.change(screen.getByLabelText("ABI or signature"), {
      target: { value: JSON.stringify(abi) },
    });
    await user.click(screen.getByRole("button", { name: "Add ABI" }));
    expect(
      await within(screen.getByLabelText("Transaction fields")).findByText("store(uint256)"),
    ).toBeTruthy();
    // The summary names the method with the same ABI.
    expect(within(screen.getByLabelText("Summary")).getByText("store(uint256)")).toBeTruthy();
    const stored = JSON.parse(localStorage.getItem(ABIS_STORAGE_KEY) ?? "{}") as Record<
      string,
      unknown
    >;
    expect(stored.format).toBe("nodescope-abi-registry");
    expect(stored.abi).toEqual(abi);
    expect(stored.abis).toEqual([JSON.stringify(abi)]);
    await user.type(screen.getByLabelText("ABI or signature"), "not json(");
    await user.click(screen.getByRole("button", { name: "Add ABI" }));
    expect((await screen.findByText(/^ABI or signature:/)).getAttribute("role")).toBe("alert");
  });
});
