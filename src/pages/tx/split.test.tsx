// @vitest-environment jsdom
/**
 * The page's first view is its form and ABI panel; the lookup part (card, model, decoding, raw
 * JSON) loads apart (lazyResult.ts). A file of its own: the module's "loaded" state starts fresh.
 */
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import TxPage from "./Page";
import { isTxLookupLink, loadedTxResult } from "./lazyResult";
import { fakeRpc } from "./testing";
import { abiPanelLoaded } from "../../decoding/DeferredAbiPanel";

afterEach(cleanup);

const BLOCK = "0x80e911b62f552f563a2544dfef5eb39ec8863d9082c998ca6b657f76e19de38e";

function Harness() {
  const [search, setSearch] = useState(() => new URLSearchParams());
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

describe("the transaction page's lookup part", () => {
  it("is not loaded for the empty form; loads once the form is used, and the lookup shows its card", async () => {
    const user = userEvent.setup();
    const { sent, wrap } = fakeRpc((params) => ({
      blockHash: BLOCK,
      blockNumber: "0x1",
      from: "0x7435ed30a8b4aeb0877cef0c6e8cffe834eb865f",
      gas: "0x5208",
      gasPrice: "0x1",
      hash: `0x${"ab".repeat(32)}`,
      input: "0x",
      nonce: "0x0",
      to: null,
      transactionIndex: params[1],
      value: "0x0",
      type: "0x0",
      v: "0x1c",
      r: "0x1",
      s: "0x2",
    }));
    render(wrap(<Harness />));
    expect(screen.getByRole("form", { name: "Transaction lookup" })).toBeTruthy();
    expect(screen.getByText(/Decoding: add an ABI or signature \(0 items/)).toBeTruthy();
    expect(loadedTxResult()).toBeNull();
    // Nor the ABI parser (DeferredAbiPanel.tsx): it loads when the panel is opened.
    expect(abiPanelLoaded()).toBe(false);
    await user.click(screen.getByText(/Decoding: add an ABI or signature/));
    expect(
      await screen.findByLabelText("ABI or signature", undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText(/Decoding: add an ABI/).closest("details")?.open).toBe(true);
    expect(abiPanelLoaded()).toBe(true);
    expect(loadedTxResult()).toBeNull();

    await user.click(screen.getByLabelText("Block hash"));
    await waitFor(() => expect(loadedTxResult()).not.toBeNull());

    await user.type(screen.getByLabelText("Block hash"), BLOCK);
    await user.type(screen.getByLabelText("Transaction index"), "0");
    await user.click(screen.getByRole("button", { name: "Look up transaction" }));
    expect(await screen.findByText("Transaction 0 of block 1")).toBeTruthy();
    expect(sent).toEqual([
      { method: "eth_getTransactionByBlockHashAndIndex", params: [BLOCK, "0x0"] },
    ]);
  });

  it("is wanted at once on a transaction link with params, and only then", () => {
    expect(isTxLookupLink(`#/tx?blockHash=${BLOCK}&index=0`)).toBe(true);
    expect(isTxLookupLink(`#/tx?hash=${BLOCK}`)).toBe(true);
    expect(isTxLookupLink(`#/?hash=${BLOCK}`)).toBe(true);
    expect(isTxLookupLink("")).toBe(false);
    expect(isTxLookupLink("#/tx")).toBe(false);
    expect(isTxLookupLink("#/tx?")).toBe(false);
    expect(isTxLookupLink(`#/trace?hash=${BLOCK}`)).toBe(false);
    expect(isTxLookupLink(`#/logs?blockHash=${BLOCK}`)).toBe(false);
  });
});
