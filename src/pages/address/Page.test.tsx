// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { MethodUnsupportedError, type RpcClient } from "../../rpc";
import { renderPage } from "../../test-support/pages";
import AddressPage from "./Page";

const WHO = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

/** A node that answers the page's reads, recording every call. */
function fakeNode(opts: { refuse?: string } = {}) {
  const calls: { method: string; params: readonly unknown[] }[] = [];
  const client: RpcClient = {
    async request<T>(_e: unknown, method: string, params: readonly unknown[]): Promise<T> {
      calls.push({ method, params });
      if (method === opts.refuse)
        throw new MethodUnsupportedError(
          { endpoint: "http://node.test/", method, request: {}, durationMs: 1 },
          { code: -32601, message: `method ${method} does not exist` },
        );
      const answers: Record<string, unknown> = {
        eth_getBlockByNumber: { number: "0x30ff", hash: `0x${"ab".repeat(32)}`, timestamp: "0x1" },
        // 1.000000000000000001 of the unit: the last wei must show
        eth_getBalance: "0xde0b6b3a7640001",
        eth_getTransactionCount: "0x1a",
        eth_getCode: "0x",
        // BNB Smart Chain: the balance is named in the chain's own unit
        eth_chainId: "0x38",
      };
      return answers[method] as T;
    },
  };
  return { client, calls };
}

afterEach(cleanup);

describe("the address page", () => {
  it("shows the balance exact in ether and wei, the nonce, an EOA, all at the resolved block", async () => {
    const node = fakeNode();
    renderPage(AddressPage, { client: node.client, initial: { address: WHO } });
    expect(await screen.findByText("1.000000000000000001 BNB")).toBeTruthy();
    expect(screen.getByText("1000000000000000001 wei")).toBeTruthy();
    expect(screen.getByText("26")).toBeTruthy();
    expect(screen.getByText("account without code (EOA)")).toBeTruthy();
    expect(screen.getByText(/^latest = block/).textContent).toMatch(/^latest = block 12,543 /);
    // The block links to its page; its time reads with its age.
    expect(screen.getByRole("link", { name: "12,543" }).getAttribute("href")).toBe(
      "#/block?number=12543",
    );
    expect(document.querySelector("time")?.textContent).toMatch(/ UTC \(.* ago\)$/);
    const reads = node.calls.filter(
      (c) => c.method !== "eth_getBlockByNumber" && c.method !== "eth_chainId",
    );
    expect(reads.every((c) => c.params[1] === "0x30ff")).toBe(true);
    expect(node.calls.filter((c) => c.method === "eth_getBalance")).toHaveLength(1);
  });

  it("a bad address typed gets a message on the field and sends nothing", async () => {
    const node = fakeNode();
    renderPage(AddressPage, { client: node.client });
    await userEvent.type(screen.getByLabelText("Address"), "0x1234");
    await userEvent.click(screen.getByRole("button", { name: "Show" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Address").getAttribute("aria-invalid")).toBe("true"),
    );
    expect(node.calls).toEqual([]);
  });

  it("a node that refuses the nonce says so, and the rest still shows", async () => {
    const node = fakeNode({ refuse: "eth_getTransactionCount" });
    renderPage(AddressPage, { client: node.client, initial: { address: WHO } });
    expect(await screen.findByText("1.000000000000000001 BNB")).toBeTruthy();
    expect(await screen.findByText(/does not serve eth_getTransactionCount/)).toBeTruthy();
  });
});
