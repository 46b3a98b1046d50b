import { describe, expect, it } from "vitest";
import { hasEarlyModule, loadEarlyModule, loadedPage, preloadPage } from "./pages";

describe("route chunks", () => {
  it("loads a route's page once; it is then read without waiting (no Suspense on a deep link)", async () => {
    expect(loadedPage("eth_getLogs")).toBeNull();
    const first = preloadPage("eth_getLogs");
    expect(preloadPage("eth_getLogs")).toBe(first);
    const mod = await first;
    expect(typeof mod?.default).toBe("function");
    expect(loadedPage("eth_getLogs")).toBe(mod);
    expect(preloadPage("no_such_method")).toBeNull();
  });

  it("finds a folder's early module by its method, and none where the folder has none", async () => {
    expect(hasEarlyModule("eth_getLogs")).toBe(true);
    expect(hasEarlyModule("debug_jstraceTransaction")).toBe(false);
    expect(loadEarlyModule("eth_estimateGas")).toBeNull();
    const mod = (await loadEarlyModule("eth_getLogs")) as { earlyRequest?: unknown };
    expect(typeof mod.earlyRequest).toBe("function");
  });
});
