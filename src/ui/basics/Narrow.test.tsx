// @vitest-environment jsdom
import { afterEach, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { NarrowDetails } from "./Narrow";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function screenWidth(narrow: boolean) {
  vi.stubGlobal("matchMedia", (q: string) => ({
    matches: narrow && q.includes("max-width"),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

it("on a phone folds what it holds behind one summary line and a Details disclosure", () => {
  screenWidth(true);
  const { container } = render(
    <NarrowDetails summary="22 frames · 9.2 ETH moved">
      <p>the cards</p>
    </NarrowDetails>,
  );
  const details = container.querySelector("details");
  expect(details?.open).toBe(false);
  expect(details?.querySelector("summary")?.textContent).toContain("22 frames · 9.2 ETH moved");
  expect(details?.querySelector("summary")?.textContent).toContain("Details");
});

it("on a wide screen shows what it holds as it is", () => {
  screenWidth(false);
  const { container } = render(
    <NarrowDetails summary="22 frames">
      <p>the cards</p>
    </NarrowDetails>,
  );
  expect(container.querySelector("details")).toBeNull();
  expect(screen.getByText("the cards")).toBeTruthy();
});
