// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { storedAbisText } from "./abisText";
import { abiPanelLoaded, DeferredAbiPanel } from "./DeferredAbiPanel";

afterEach(() => {
  cleanup();
  storedAbisText.set("");
});

describe("the ABI panel loaded when wanted", () => {
  it("with ABIs kept on this device, loads the parser at once and shows their count, never a 0", async () => {
    const store = {
      type: "function",
      name: "store",
      stateMutability: "nonpayable",
      inputs: [{ name: "x", type: "uint256" }],
      outputs: [],
    };
    storedAbisText.set(JSON.stringify({ abi: [store] }));
    render(<DeferredAbiPanel hint="Decodes calls." />);
    expect(abiPanelLoaded()).toBe(false);
    expect(screen.queryByText(/0 items/)).toBeNull();
    expect(
      await screen.findByText(/\(1 item kept on this device\)/, undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(abiPanelLoaded()).toBe(true);
    // Closed, as the panel always starts.
    expect(screen.getByText(/Decoding: add an ABI/).closest("details")?.open).toBe(false);
  });
});
