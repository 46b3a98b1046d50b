// @vitest-environment jsdom
import { afterEach, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ageText, Amount, amountText, BlockLink, Gas, Time, utcText } from "./Values";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

it("an amount reads in whole units, grouped, with its unit; the exact integer one press away", async () => {
  const user = userEvent.setup();
  render(<Amount raw={1_234_500_000_000_000_000_000n} unit="ETH" label="fee" />);
  expect(screen.getByText("1,234.5 ETH")).toBeTruthy();
  expect(screen.queryByText("1,234,500,000,000,000,000,000 wei")).toBeNull();
  await user.click(screen.getByRole("button", { name: "Show wei of the fee" }));
  expect(screen.getByText("1,234,500,000,000,000,000,000 wei")).toBeTruthy();
  expect(screen.getByRole("button", { name: "Copy fee in wei" })).toBeTruthy();
});

it("a token amount by its decimals; unknown decimals leave the integer as it is", () => {
  expect(amountText(2_000_000_000_000_000_000n, 18, "WETH")).toBe("2 WETH");
  expect(amountText(1_500_000n, 6, "USDC")).toBe("1.5 USDC");
  expect(amountText(1_500_000n, undefined)).toBe("1,500,000");
  expect(amountText(1n, 18, "ETH")).toBe("0.000000000000000001 ETH");
});

it("a block links to its page with its number grouped", () => {
  render(<BlockLink number={12_509n} />);
  const link = screen.getByRole("link", { name: "12,509" });
  expect(link.getAttribute("href")).toBe("#/block?number=12509");
});

it("a time reads as a UTC date and its age, in a <time> element", () => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 26, 16, 8, 0) });
  const seconds = BigInt(Date.UTC(2026, 10, 26, 16, 5, 0) / 1000);
  const { container } = render(<Time seconds={seconds} />);
  const time = container.querySelector("time");
  expect(time?.textContent).toBe("2026-11-26 16:05:00 UTC (3 min ago)");
  expect(time?.getAttribute("datetime")).toBe("2026-11-26T16:05:00.000Z");
});

it("ages read in the unit that fits, ahead of now too", () => {
  const t = 1_800_000_000n;
  const at = (s: number) => (1_800_000_000 + s) * 1000;
  expect(ageText(t, at(12))).toBe("12 s ago");
  expect(ageText(t, at(3 * 3600 + 120))).toBe("3 h 2 min ago");
  expect(ageText(t, at(2 * 86_400))).toBe("2 days ago");
  expect(ageText(t, at(-90))).toBe("in 1 min");
  expect(utcText(10n ** 20n)).toBeNull();
});

it("gas reads grouped, of its limit with the share", () => {
  const { container } = render(<Gas used={34_386n} limit={100_000n} />);
  expect(container.textContent).toBe("34,386 of 100,000 limit (34.38 %)");
});
