import { describe, expect, it } from "vitest";
import { hasEarlyModule, loadEarlyModule, loadedPage, preloadPage } from "./pages";

describe("route chunks", () => {
  it("loads a route's page once; it is then read without waiting (no Suspense on a deep link)", async () => {
    expect(loadedPage("logs")).toBeNull();
    const first = preloadPage("logs");
    expect(preloadPage("logs")).toBe(first);
    const mod = await first;
    expect(typeof mod?.default).toBe("function");
    expect(loadedPage("logs")).toBe(mod);
    expect(preloadPage("no_such_page")).toBeNull();
  });

  it("finds a folder's early module by its method, and none where the folder has none", async () => {
    expect(hasEarlyModule("logs")).toBe(true);
    expect(hasEarlyModule("trace")).toBe(false);
    expect(loadEarlyModule("estimate")).toBeNull();
    const mod = (await loadEarlyModule("logs")) as { earlyRequest?: unknown };
    expect(typeof mod.earlyRequest).toBe("function");
  });
});
