// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { encodeAbiParameters, encodeErrorResult, parseAbi } from "viem";
import type { DevnetManifest } from "../../connection/manifest";
import { interpretRpcError, type RpcClient } from "../../rpc";
import { renderPage } from "../../test-support/pages";
import EstimatePage from "./Page";

afterEach(() => {
  cleanup();
  localStorage.clear();
  window.location.hash = "";
});

interface Call {
  method: string;
  params: readonly unknown[];
}

const outside: { navigate: (p: Record<string, string>) => void } = { navigate: () => undefined };

function setup(
  initial: Record<string, string> = {},
  answer: (c: Call) => unknown = () => "0x5208",
  devnet: DevnetManifest | null = null,
) {
  const calls: Call[] = [];
  const client: RpcClient = {
    request: async <T,>(_e: unknown, method: string, params: readonly unknown[]) => {
      // The chain id names the native unit once an estimate shows (asked once a minute at most):
      // these tests count the estimate's own requests.
      if (method !== "eth_chainId") calls.push({ method, params });
      const a = answer({ method, params });
      if (a instanceof Error) throw a;
      return a as T;
    },
  };
  const { navigate } = renderPage(EstimatePage, { client, initial, devnet });
  outside.navigate = navigate;
  return { calls, user: userEvent.setup() };
}

const TO = "0x0100000000000000000000000000000000000000";

describe("estimate page", () => {
  it("is headed by what it shows, the method it sends named below", () => {
    setup();
    const h1 = screen.getByRole("heading", { level: 1 });
    expect(h1.textContent).toBe("Gas estimate");
    expect(h1.closest("header")?.textContent).toContain("eth_estimateGas");
  });

  it("sends nothing for invalid input and marks the fields", async () => {
    const { calls, user } = setup();
    await user.type(screen.getByLabelText("From"), "0x12");
    await user.type(screen.getByLabelText("Value"), "0.0000000000000000001");
    await user.click(screen.getByRole("button", { name: "Estimate gas" }));
    expect(await screen.findByText(/must be 40 hex digits/)).toBeTruthy();
    expect(screen.getByLabelText("From").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(/Too many decimals: ether has at most 18/)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("converts 1.5 ether exactly and shows the estimate in hex and decimal", async () => {
    const { calls, user } = setup();
    await user.type(screen.getByLabelText("To"), TO);
    await user.type(screen.getByLabelText("Value"), "1.5");
    await user.selectOptions(screen.getByLabelText("Value unit"), "ether");
    await user.click(screen.getByRole("button", { name: "Estimate gas" }));
    expect(await screen.findByTestId("estimate-hex")).toBeTruthy();
    expect(screen.getByTestId("estimate-hex").textContent).toBe("0x5208");
    expect(screen.getByText("= 21,000 gas")).toBeTruthy();
    expect(calls).toEqual([
      { method: "eth_estimateGas", params: [{ to: TO, value: "0x14d1120d7b160000" }] },
    ]);
    // the typed value is kept as typed
    expect((screen.getByLabelText("Value") as HTMLInputElement).value).toBe("1.5");
    // cost at a gas price, exact
    await user.type(screen.getByLabelText("Gas price for cost (gwei)"), "20");
    expect(screen.getByTestId("cost-eth").textContent).toBe("0.00042 ETH");
  });

  it("runs a complete deep link on load and sends the block only when given", async () => {
    const { calls } = setup({ to: TO, data: "0xff01", block: "latest" });
    await screen.findByTestId("estimate-hex");
    expect(calls).toEqual([
      { method: "eth_estimateGas", params: [{ to: TO, data: "0xff01" }, "latest"] },
    ]);
    expect((screen.getByLabelText("To") as HTMLInputElement).value).toBe(TO);
  });

  it("fills but does not run a link with only From, or with invalid params", async () => {
    const { calls } = setup({ from: "0xaa00000000000000000000000000000000000000" });
    expect((screen.getByLabelText("From") as HTMLInputElement).value).toBe(
      "0xaa00000000000000000000000000000000000000",
    );
    cleanup();
    const bad = setup({ to: "0x1234", value: "0x14d1120d7b160000" });
    expect(await screen.findByText(/must be 40 hex digits/)).toBeTruthy();
    expect((screen.getByLabelText("Value") as HTMLInputElement).value).toBe("1.5");
    expect(calls).toEqual([]);
    expect(bad.calls).toEqual([]);
  });

  it("explains a revert with its decoded reason", async () => {
    const data = `0x08c379a0${encodeAbiParameters([{ type: "string" }], ["user error"]).slice(2)}`;
    setup({ to: TO, data: "0x01" }, () =>
      interpretRpcError(
        { method: "eth_estimateGas", endpoint: "http://node/", request: {}, durationMs: 1 },
        { code: 3, message: "execution reverted: user error", data },
      ),
    );
    expect((await screen.findByTestId("revert-reason")).textContent).toBe("user error");
    expect(screen.getByRole("alert").textContent).toContain("Execution reverted");
  });

  it("the call builder encodes into Data, which is decoded back", async () => {
    const { calls, user } = setup();
    await user.type(screen.getByLabelText("To"), TO);
    await user.type(screen.getByLabelText("Function"), "transfer(address,uint256)");
    await user.type(
      screen.getByLabelText(/^to \(address\)|^arg1 \(address\)/),
      "0x0102030000000000000000000000000000000000",
    );
    const amount = screen.getByLabelText(/\(uint256\)$/);
    await user.type(amount, "-1");
    await user.click(screen.getByRole("button", { name: "Encode into Data" }));
    expect(screen.getByText(/out of range for uint256/)).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, "1000");
    await user.click(screen.getByRole("button", { name: "Encode into Data" }));
    const data = (screen.getByLabelText("Data") as HTMLInputElement).value;
    expect(data.startsWith("0xa9059cbb")).toBe(true);
    expect(screen.getByTestId("decoded-data").textContent).toContain("1000");
    await user.click(screen.getByRole("button", { name: "Estimate gas" }));
    await screen.findByTestId("estimate-hex");
    expect(calls[0]?.params).toEqual([{ to: TO, data }]);
  });

  it("says that Data is init code when To is empty and Data is given, not before", async () => {
    const { user, calls } = setup();
    expect(screen.queryByText(/contract creation: Data is the init code/)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Estimate gas" }));
    expect(await screen.findByText(/an empty transaction has nothing to estimate/)).toBeTruthy();
    expect(calls).toHaveLength(0);
    await user.type(screen.getByLabelText("Data"), "0x6080");
    expect(screen.getByText(/contract creation: Data is the init code/)).toBeTruthy();
  });

  it("keeps a submitted value as typed, and shows an earlier link again when it comes back", async () => {
    const { calls, user } = setup({ to: TO, value: "0x3b9aca00" });
    await screen.findByTestId("estimate-hex");
    // results first: the form folded once the link ran
    await user.click(screen.getByRole("button", { name: "Edit" }));
    const value = screen.getByLabelText("Value") as HTMLInputElement;
    expect(value.value).toBe("1");
    await user.clear(value);
    await user.type(value, "1500000000");
    await user.click(screen.getByRole("button", { name: "Estimate gas" }));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(value.value).toBe("1500000000");
    expect((screen.getByLabelText("Value unit") as HTMLSelectElement).value).toBe("gwei");
    // the browser's Back: the earlier link, from outside
    outside.navigate({ to: TO, value: "0x3b9aca00" });
    expect(value.value).toBe("1");
  });

  it("resets the form when a new link arrives from outside", async () => {
    const { calls } = setup({ to: TO, data: "0xff01" });
    await screen.findByTestId("estimate-hex");
    const other = "0x0200000000000000000000000000000000000000";
    outside.navigate({ to: other, value: "0x77359400" });
    expect((screen.getByLabelText("To") as HTMLInputElement).value).toBe(other);
    expect((screen.getByLabelText("Data") as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText("Value") as HTMLInputElement).value).toBe("2");
    expect((screen.getByLabelText("Value unit") as HTMLSelectElement).value).toBe("gwei");
    await screen.findByTestId("estimate-hex");
    expect(calls.at(-1)?.params).toEqual([{ to: other, value: "0x77359400" }]);
  });

  it("devnet examples fill the form and run; the contract's ABI decodes its custom error", async () => {
    const abi = parseAbi([
      "error NotEnough(uint256 have, uint256 want)",
      "function pay(uint256 amount)",
    ]);
    const token = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
    const data = encodeErrorResult({ abi, errorName: "NotEnough", args: [1n, 2n] });
    const devnet = {
      chainId: 31337,
      contracts: { token: { address: token, abi } },
      calls: {
        customErrorCall: {
          from: "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266",
          to: token,
          data: "0x12345678",
        },
      },
      transactions: {},
      blocks: [],
      events: [],
    } as unknown as DevnetManifest;
    const { calls, user } = setup(
      {},
      () =>
        interpretRpcError(
          { method: "eth_estimateGas", endpoint: "x", request: {}, durationMs: 1 },
          { code: 3, message: "execution reverted", data },
        ),
      devnet,
    );
    await user.click(screen.getByRole("button", { name: "try: custom error" }));
    expect((await screen.findByTestId("revert-reason")).textContent).toBe("NotEnough");
    expect(screen.getByRole("alert").textContent).toContain("have (uint256)");
    expect((screen.getByLabelText("To") as HTMLInputElement).value).toBe(token);
    expect(calls).toHaveLength(1);
  });

  it("a link with only From sends nothing, even submitted; with To it runs, and again on resubmit", async () => {
    const { calls, user } = setup({ from: "0xaa00000000000000000000000000000000000000" });
    expect(calls).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Estimate gas" }));
    expect(await screen.findByText(/an empty transaction has nothing to estimate/)).toBeTruthy();
    expect(calls).toEqual([]);
    await user.type(screen.getByLabelText("To"), TO);
    await user.click(screen.getByRole("button", { name: "Estimate gas" }));
    await screen.findByTestId("estimate-hex");
    expect(calls).toEqual([
      {
        method: "eth_estimateGas",
        params: [{ from: "0xaa00000000000000000000000000000000000000", to: TO }],
      },
    ]);
    await user.click(screen.getByRole("button", { name: "Edit" }));
    await user.click(screen.getByRole("button", { name: "Estimate gas" }));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
  });

  it("Simulate checks the fields first, then opens the same call (nonce included) in the simulation, sending nothing", async () => {
    const { calls, user } = setup();
    await user.type(screen.getByLabelText("To"), "0x12");
    await user.click(screen.getByRole("button", { name: "Simulate" }));
    expect(await screen.findByText(/must be 40 hex digits/)).toBeTruthy();
    expect(window.location.hash).toBe("");

    const from = "0xaa00000000000000000000000000000000000000";
    await user.clear(screen.getByLabelText("To"));
    await user.type(screen.getByLabelText("To"), TO);
    await user.type(screen.getByLabelText("From"), from);
    await user.type(screen.getByLabelText("Value"), "1.5");
    await user.selectOptions(screen.getByLabelText("Value unit"), "ether");
    await user.type(screen.getByLabelText("Data"), "0xa9059cbb");
    await user.type(screen.getByLabelText("Gas"), "100000");
    await user.type(screen.getByLabelText("Nonce"), "7");
    await user.click(screen.getByRole("button", { name: "Simulate" }));
    await vi.waitFor(() =>
      expect(window.location.hash).toBe(
        `#/simulate?from=${from}&to=${TO}&value=0x14d1120d7b160000&data=0xa9059cbb&gas=0x186a0&nonce=0x7&block=latest`,
      ),
    );
    expect(calls).toEqual([]);
  });

  it("Simulate keeps a given block", async () => {
    const { user } = setup({ from: "0xaa00000000000000000000000000000000000000" });
    await user.type(screen.getByLabelText("To"), TO);
    await user.type(screen.getByLabelText("Block"), "1000");
    await user.click(screen.getByRole("button", { name: "Simulate" }));
    await vi.waitFor(() =>
      expect(window.location.hash).toBe(
        `#/simulate?from=0xaa00000000000000000000000000000000000000&to=${TO}&block=0x3e8`,
      ),
    );
  });

  it("a reverted estimate offers to see where it reverts, in the simulation of the same call", async () => {
    const data = `0x08c379a0${encodeAbiParameters([{ type: "string" }], ["user error"]).slice(2)}`;
    setup({ to: TO, data: "0x01", value: "0x5" }, () =>
      interpretRpcError(
        { method: "eth_estimateGas", endpoint: "http://node/", request: {}, durationMs: 1 },
        { code: 3, message: "execution reverted: user error", data },
      ),
    );
    await screen.findByTestId("revert-reason");
    const link = within(screen.getByRole("alert")).getByRole("link", {
      name: "See where it reverts",
    });
    expect(link.getAttribute("href")).toBe(`#/simulate?to=${TO}&value=0x5&data=0x01&block=latest`);
  });

  it("a refusal that is not a revert has nothing to see in a simulation", async () => {
    setup({ to: TO, value: "0x5" }, () =>
      interpretRpcError(
        { method: "eth_estimateGas", endpoint: "http://node/", request: {}, durationMs: 1 },
        { code: -32000, message: "insufficient funds for gas * price + value" },
      ),
    );
    expect((await screen.findByRole("alert")).textContent).toMatch(/funds/i);
    expect(screen.queryByRole("link", { name: "See where it reverts" })).toBeNull();
  });
});
