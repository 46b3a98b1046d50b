// @vitest-environment jsdom
/**
 * The page found by a transaction hash, the results-first fold and the onward links: the
 * transaction page driven as the app shell drives it (setSearch writes the search it reads).
 */
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { encodeFunctionData, parseAbi } from "viem";
import TxPage from "./Page";
import { fakeRpc } from "./testing";

afterEach(cleanup);
beforeEach(() => localStorage.clear());

const BLOCK = "0x80e911b62f552f563a2544dfef5eb39ec8863d9082c998ca6b657f76e19de38e";
const HASH = "0x3fbac8b19b59077cd29bbacc3815d73577b45a4d976cae80b04c98c793684c07";
const FROM = "0x7435ed30a8b4aeb0877cef0c6e8cffe834eb865f";
const TO = "0xc7b99a164efd027a93f147376cc7da7c67c6bbe0";
const BY_HASH = "eth_getTransactionByHash";
const BY_POSITION = "eth_getTransactionByBlockHashAndIndex";

function tx(index: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    blockHash: BLOCK,
    blockNumber: "0x7",
    from: FROM,
    gas: "0x5208",
    gasPrice: "0x3b9aca00",
    hash: index === 2 ? HASH : `0x${(index + 1).toString(16).padStart(64, "a")}`,
    input: "0x",
    nonce: `0x${index.toString(16)}`,
    to: TO,
    transactionIndex: `0x${index.toString(16)}`,
    value: "0x0",
    type: "0x2",
    ...extra,
  };
}

/** A node whose block holds transactions 0–3, the one at index 2 being HASH. */
function node(method: string, params: readonly unknown[]): unknown {
  if (method === BY_HASH) return params[0] === HASH ? tx(2) : null;
  const i = Number(params[1]);
  return i < 4 ? tx(i) : null;
}

interface Write {
  params: Record<string, string | undefined>;
  replace: boolean;
}

function Harness({ initial, writes }: { initial: Record<string, string>; writes?: Write[] }) {
  const [search, setSearch] = useState(() => new URLSearchParams(initial));
  return (
    <TxPage
      search={search}
      setSearch={(p, opts) => {
        writes?.push({ params: p, replace: opts?.replace === true });
        const sp = new URLSearchParams();
        for (const [k, v] of Object.entries(p)) if (v) sp.set(k, v);
        setSearch(sp);
      }}
    />
  );
}

const summary = () => screen.getByRole("group", { name: "Transaction lookup: what was asked" });

describe("lookup by transaction hash", () => {
  it("a hash link shows the card, then the link also says where it was found (replacing)", async () => {
    const writes: Write[] = [];
    const { sent, wrap } = fakeRpc((params, method) => node(method, params));
    render(wrap(<Harness initial={{ hash: HASH }} writes={writes} />));
    const fields = await screen.findByLabelText("Transaction fields");
    const dd = (name: string) =>
      within(fields)
        .getAllByRole("term")
        .find((t) => t.textContent === name)?.nextElementSibling?.textContent ?? "";
    expect(dd("hash")).toContain(HASH);
    expect(dd("blockHash")).toContain(BLOCK);
    expect(dd("transactionIndex")).toContain("0x2");
    await waitFor(() =>
      expect(writes).toEqual([
        { params: { hash: HASH, blockHash: BLOCK, index: "2" }, replace: true },
      ]),
    );
    expect(screen.getByText("Transaction 2 of block 7")).toBeTruthy();
    expect(summary().textContent).toContain(`hash ${HASH} · block ${BLOCK}, index 2`);
    // Resolving rewrote the link, not the lookup: the node was asked once.
    expect(sent).toEqual([{ method: BY_HASH, params: [HASH] }]);
  });

  it("from a found hash, Next and Previous walk its block by position", async () => {
    const user = userEvent.setup();
    const writes: Write[] = [];
    const { sent, wrap } = fakeRpc((params, method) => node(method, params));
    render(wrap(<Harness initial={{ hash: HASH }} writes={writes} />));
    await screen.findByText("Transaction 2 of block 7");
    await user.click(screen.getByRole("button", { name: "Next transaction" }));
    await screen.findByText("Transaction 3 of block 7");
    expect(writes.at(-1)).toEqual({ params: { blockHash: BLOCK, index: "3" }, replace: false });
    expect(summary().textContent).toContain(`block ${BLOCK}, index 3`);
    await user.click(screen.getByRole("button", { name: "Next transaction" }));
    await screen.findByText(/Index 3 was the last transaction of this block/);
    expect(
      (screen.getByRole("button", { name: "Next transaction" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(screen.getByRole("button", { name: "Previous transaction" }));
    await screen.findByText("Transaction 3 of block 7");
    await user.click(screen.getByRole("button", { name: "Previous transaction" }));
    await screen.findByText("Transaction 2 of block 7");
    expect(writes.at(-1)).toEqual({ params: { blockHash: BLOCK, index: "2" }, replace: false });
    // Back at the hash's own position: its answer by hash serves, the node is not asked again.
    expect(sent.map((s) => [s.method, s.params.at(-1)])).toEqual([
      [BY_HASH, HASH],
      [BY_POSITION, "0x3"],
      [BY_POSITION, "0x4"],
    ]);
  });

  it("an unknown hash is said so, after exactly one request, and the link stays as it was", async () => {
    const writes: Write[] = [];
    const unknown = `0x${"ab".repeat(32)}`;
    const { sent, wrap } = fakeRpc((params, method) => node(method, params));
    render(wrap(<Harness initial={{ hash: unknown }} writes={writes} />));
    const status = await screen.findByText(/No transaction with hash/);
    expect(status.textContent).toBe(`No transaction with hash ${unknown} on node.test`);
    expect(screen.getByText(/Check that the connection points at the network/)).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Step through the block" })).toBeNull();
    expect(sent).toEqual([{ method: BY_HASH, params: [unknown] }]);
    expect(writes).toEqual([]);
  });

  it("an unknown hash submitted again is asked again (it may have arrived since)", async () => {
    const user = userEvent.setup();
    let known = false;
    const { sent, wrap } = fakeRpc((params, method) =>
      known ? node(method, [HASH]) : node(method, params),
    );
    render(wrap(<Harness initial={{ hash: HASH.replace("3f", "00") }} />));
    await screen.findByText(/No transaction with hash/);
    known = true;
    await user.click(within(summary()).getByRole("button", { name: "Edit" }));
    await user.click(screen.getByRole("button", { name: "Look up transaction" }));
    await screen.findByLabelText("Transaction fields");
    expect(sent).toHaveLength(2);
  });

  it("the form takes a typed hash: a bad one is refused with nothing sent, a good one runs", async () => {
    const user = userEvent.setup();
    const writes: Write[] = [];
    const { sent, wrap } = fakeRpc((params, method) => node(method, params));
    render(wrap(<Harness initial={{}} writes={writes} />));
    // Both ways at once, the hash first: no mode to choose before typing.
    const form = screen.getByRole("form", { name: "Transaction lookup" });
    const labels = [...form.querySelectorAll("label")].map((l) => l.textContent);
    expect(labels).toEqual(["Transaction hash", "Block hash", "Transaction index"]);
    expect(screen.queryAllByRole("radio")).toEqual([]);
    expect(screen.getByRole("group", { name: "or by its place in a block:" })).toBeTruthy();
    await user.type(screen.getByLabelText("Transaction hash"), HASH.slice(2));
    await user.click(screen.getByRole("button", { name: "Look up transaction" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(
      /^Transaction hash must start with 0x/,
    );
    expect(screen.getByLabelText("Transaction hash").getAttribute("aria-invalid")).toBe("true");
    expect(writes).toEqual([]);
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText("Transaction hash"));
    await user.type(screen.getByLabelText("Transaction hash"), HASH);
    await user.click(screen.getByRole("button", { name: "Look up transaction" }));
    await screen.findByLabelText("Transaction fields");
    expect(writes[0]).toEqual({ params: { hash: HASH }, replace: false });
    expect(sent).toEqual([{ method: BY_HASH, params: [HASH] }]);
  });
});

describe("the form's two ways, both on screen", () => {
  const submit = () => screen.getByRole("button", { name: "Look up transaction" });
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

  it("nothing filled: one message on the hash field, nothing sent", async () => {
    const user = userEvent.setup();
    const writes: Write[] = [];
    const { sent, wrap } = fakeRpc((params, method) => node(method, params));
    render(wrap(<Harness initial={{}} writes={writes} />));
    await user.click(submit());
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Enter a transaction hash, or a block hash and index",
    );
    expect(field("Transaction hash").getAttribute("aria-invalid")).toBe("true");
    expect(field("Block hash").getAttribute("aria-invalid")).toBeNull();
    expect(writes).toEqual([]);
    expect(sent).toEqual([]);
  });

  it("a block hash without an index asks for the index; with it, runs by position", async () => {
    const user = userEvent.setup();
    const writes: Write[] = [];
    const { sent, wrap } = fakeRpc((params, method) => node(method, params));
    render(wrap(<Harness initial={{}} writes={writes} />));
    await user.type(field("Block hash"), BLOCK);
    await user.click(submit());
    expect((await screen.findByRole("alert")).textContent).toMatch(
      /^Transaction index is required/,
    );
    expect(sent).toEqual([]);
    await user.type(field("Transaction index"), "3");
    await user.click(submit());
    await screen.findByLabelText("Transaction fields");
    expect(writes[0]).toEqual({ params: { blockHash: BLOCK, index: "3" }, replace: false });
    expect(sent).toEqual([{ method: BY_POSITION, params: [BLOCK, "0x3"] }]);
  });

  it("hash and block both filled: the form says the hash wins, and the hash runs", async () => {
    const user = userEvent.setup();
    const writes: Write[] = [];
    const { sent, wrap } = fakeRpc((params, method) => node(method, params));
    render(wrap(<Harness initial={{}} writes={writes} />));
    const note = /^The transaction hash is what is looked up/;
    await user.type(field("Block hash"), BLOCK);
    await user.type(field("Transaction index"), "0");
    expect(screen.queryByText(note)).toBeNull();
    await user.type(field("Transaction hash"), HASH);
    expect(screen.getByRole("status").textContent).toMatch(note);
    await user.click(submit());
    await screen.findByLabelText("Transaction fields");
    expect(writes[0]).toEqual({ params: { hash: HASH }, replace: false });
    expect(sent.map((r) => r.method)).toEqual([BY_HASH]);
  });

  it("a typo in the hash is refused even with a good block beside it; nothing typed is lost", async () => {
    const user = userEvent.setup();
    const { sent, wrap } = fakeRpc((params, method) => node(method, params));
    render(wrap(<Harness initial={{}} />));
    await user.type(field("Transaction hash"), "0x12");
    await user.type(field("Block hash"), BLOCK);
    await user.type(field("Transaction index"), "1");
    await user.click(submit());
    expect((await screen.findByRole("alert")).textContent).toMatch(/^Transaction hash .*32 bytes/);
    expect(sent).toEqual([]);
    expect(field("Transaction hash").value).toBe("0x12");
    expect(field("Block hash").value).toBe(BLOCK);
    expect(field("Transaction index").value).toBe("1");
    // Clearing the hash leaves the position, which then runs.
    await user.clear(field("Transaction hash"));
    await user.click(submit());
    await screen.findByLabelText("Transaction fields");
    expect(sent).toEqual([{ method: BY_POSITION, params: [BLOCK, "0x1"] }]);
  });

  it("deep links fill the matching fields", async () => {
    const { wrap } = fakeRpc(() => null);
    render(wrap(<Harness initial={{ hash: "0x12", blockHash: BLOCK, index: "4" }} />));
    expect(field("Transaction hash").value).toBe("0x12");
    expect(field("Block hash").value).toBe(BLOCK);
    expect(field("Transaction index").value).toBe("4");
    cleanup();
    render(wrap(<Harness initial={{ blockHash: "0x12", index: "4" }} />));
    expect(field("Transaction hash").value).toBe("");
    expect(field("Block hash").value).toBe("0x12");
    expect(field("Transaction index").value).toBe("4");
  });
});

describe("results first", () => {
  it("a deep link folds the form into a summary; Edit opens it with the values in place", async () => {
    const user = userEvent.setup();
    const { wrap } = fakeRpc((params, method) => node(method, params));
    render(wrap(<Harness initial={{ blockHash: BLOCK, index: "1" }} />));
    await screen.findByLabelText("Transaction fields");
    expect(summary().textContent).toContain(`block ${BLOCK}, index 1`);
    expect(screen.queryByRole("button", { name: "Look up transaction" })).toBeNull();
    await user.click(within(summary()).getByRole("button", { name: "Edit" }));
    expect(screen.getByRole("button", { name: "Look up transaction" })).toBeTruthy();
    expect((screen.getByLabelText("Block hash") as HTMLInputElement).value).toBe(BLOCK);
    expect((screen.getByLabelText("Transaction index") as HTMLInputElement).value).toBe("1");
    await user.click(screen.getByRole("button", { name: "Fold the form" }));
    expect(screen.queryByRole("button", { name: "Look up transaction" })).toBeNull();
  });

  it("an empty page and a link that cannot run keep the form open", async () => {
    const { wrap } = fakeRpc(() => null);
    render(wrap(<Harness initial={{ hash: "0x12" }} />));
    expect(screen.getByRole("button", { name: "Look up transaction" })).toBeTruthy();
    expect(screen.queryByRole("group", { name: /what was asked/ })).toBeNull();
    await waitFor(() =>
      expect(screen.getByLabelText("Transaction hash").getAttribute("aria-invalid")).toBe("true"),
    );
  });
});

describe("onward links", () => {
  it("a call with data links to its contract's logs in this block too", async () => {
    const input = encodeFunctionData({
      abi: parseAbi(["function transfer(address to, uint256 amount)"]),
      args: [FROM, 5n],
    });
    const { wrap } = fakeRpc(() => tx(0, { input }));
    render(wrap(<Harness initial={{ blockHash: BLOCK, index: "0" }} />));
    const onward = await screen.findByRole("navigation", { name: "Onward" });
    const link = within(onward).getByRole("link", {
      name: "Logs of the called contract in this block",
    });
    expect(link.getAttribute("href")).toBe(`#/logs?blockHash=${BLOCK}&address=${TO}`);
  });

  it("a plain transfer has no contract logs to link to", async () => {
    const { wrap } = fakeRpc(() => tx(0));
    render(wrap(<Harness initial={{ blockHash: BLOCK, index: "0" }} />));
    const onward = await screen.findByRole("navigation", { name: "Onward" });
    expect(
      within(onward)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(["Trace this transaction", "Logs of this block", "Estimate again", "Simulate"]);
  });
});
