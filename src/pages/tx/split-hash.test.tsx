// @vitest-environment jsdom
/**
 * A lookup opened before the lookup part has loaded (a link followed within the app): the page
 * asks the node, and the lookup part, mounting later on the same cache entry, does not ask again —
 * even for an answer that may change (an unknown hash). A file of its own: the part is not loaded
 * yet when it starts.
 */
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import TxPage from "./Page";
import { loadedTxResult } from "./lazyResult";
import { fakeRpc } from "./testing";

afterEach(cleanup);

describe("a hash lookup while the lookup part loads", () => {
  it("an unknown hash is said so, after exactly one request", async () => {
    const unknown = `0x${"ab".repeat(32)}`;
    const { sent, wrap } = fakeRpc(() => null);
    expect(loadedTxResult()).toBeNull();
    render(wrap(<TxPage search={new URLSearchParams({ hash: unknown })} setSearch={() => {}} />));
    expect(
      // The lookup part is a module loaded on demand: under load its first import takes a while.
      await screen.findByText(`No transaction with hash ${unknown} on node.test`, undefined, {
        timeout: 10_000,
      }),
    ).toBeTruthy();
    // Time for a second request to go out if one were made.
    await new Promise((r) => setTimeout(r, 100));
    expect(sent).toEqual([{ method: "eth_getTransactionByHash", params: [unknown] }]);
  });
});
