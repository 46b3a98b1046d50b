// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toFunctionSelector } from "viem";
import type { RpcClient } from "../rpc";
import { AbiPanel } from "./AbiPanel";
import { RpcContext, type RpcContextValue } from "../connection/context";
import type { DevnetManifest } from "../connection/manifest";
import { useAbiRegistry } from "./useAbiRegistry";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const MINT = toFunctionSelector("mintTo(address,uint256)");
const PING = toFunctionSelector("ping()");

/** A stand-in for one view: the panel plus what its registry knows (with the devnet's ABIs, as the call builder asks). */
function View({ name }: { name: string }) {
  const { registry, stored } = useAbiRegistry(undefined, { withDevnet: true });
  return (
    <section aria-label={name}>
      <p>
        {name}: {registry.lookupFunction(MINT)?.item.name ?? "mint unknown"},{" "}
        {registry.lookupFunction(PING)?.item.name ?? "ping unknown"}
      </p>
      {name === "a" ? <AbiPanel stored={stored} /> : null}
    </section>
  );
}

function renderViews(devnet: DevnetManifest | null) {
  const value: RpcContextValue = {
    client: {} as RpcClient,
    resolve: () => ({ ok: false, reason: "not in this test" }),
    devnet,
  };
  return render(
    <RpcContext.Provider value={value}>
      <View name="a" />
      <View name="b" />
    </RpcContext.Provider>,
  );
}

describe("the shared ABI panel and registry", () => {
  it("an ABI added in one view decodes in the other; errors are alerts; clear forgets it", async () => {
    const user = userEvent.setup();
    const devnet = {
      contracts: {
        Pinger: {
          address: "0x1",
          abi: [{ type: "function", name: "ping", inputs: [], outputs: [] }],
        },
      },
    } as unknown as DevnetManifest;
    renderViews(devnet);
    expect(screen.getByText(/^b:/).textContent).toBe("b: mint unknown, ping");
    await user.click(screen.getByText(/Decoding: add an ABI or signature \(0 items/));
    await user.type(screen.getByLabelText("ABI or signature"), "not json(");
    await user.click(screen.getByRole("button", { name: "Add ABI" }));
    expect(screen.getByRole("alert").textContent).toMatch(/^ABI or signature: /);
    expect(screen.getByLabelText("ABI or signature").getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(screen.getByLabelText("ABI or signature"), {
      target: { value: "function mintTo(address to, uint256 amount)" },
    });
    await user.click(screen.getByRole("button", { name: "Add ABI" }));
    expect(screen.getByRole("status").textContent).toMatch(/Added 1 function/);
    expect(screen.getByText(/^b:/).textContent).toBe("b: mintTo, ping");
    expect(screen.getByText(/\(1 item kept on this device\)/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Clear stored ABIs" }));
    expect(screen.getByText(/^b:/).textContent).toBe("b: mint unknown, ping");
    expect(screen.getByText(/\(0 items kept on this device\)/)).toBeTruthy();
  });

  it("hears of changes made in another tab", () => {
    renderViews(null);
    expect(screen.getByText(/^a:/).textContent).toBe("a: mint unknown, ping unknown");
    localStorage.setItem(
      "nodescope.abis",
      JSON.stringify({ version: 1, abis: [], signatures: ["mintTo(address,uint256)"] }),
    );
    fireEvent(window, new StorageEvent("storage", { key: "nodescope.abis" }));
    expect(screen.getByText(/^a:/).textContent).toBe("a: mintTo, ping unknown");
  });
});
