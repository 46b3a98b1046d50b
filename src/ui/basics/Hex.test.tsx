// @vitest-environment jsdom
import { afterEach, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Address, HexData } from "./Hex";

afterEach(cleanup);

it("long data starts collapsed; Show all reveals every digit; copy buttons are named", () => {
  const data = `0x${"ab".repeat(300)}`;
  const { container } = render(<HexData value={data} name="input" label="Copy input" />);
  expect(container.textContent).not.toContain(data);
  fireEvent.click(screen.getByRole("button", { name: "Show all input (300 bytes)" }));
  expect(container.textContent).toContain(data);
  expect(screen.getByRole("button", { name: "Collapse input" }).getAttribute("aria-expanded")).toBe(
    "true",
  );
  expect(screen.getByRole("button", { name: "Copy input" })).toBeTruthy();
});

it("short data and addresses are shown whole", () => {
  const { container } = render(
    <>
      <HexData value="0x1234" />
      <Address value="0x7435ed30a8b4aeb0877cef0c6e8cffe834eb865f" label="Copy from" />
    </>,
  );
  expect(screen.queryByRole("button", { name: /Show all/ })).toBeNull();
  // Shown whole, in its EIP-55 checksummed form.
  expect(container.textContent).toContain("0x7435ed30A8b4AEb0877CEf0c6E8cFFe834eb865f");
  expect(screen.getByRole("button", { name: "Copy from" })).toBeTruthy();
});

it("an address as the node sent it, when asked (a raw field dump)", () => {
  const { container } = render(
    <Address asSent value="0x7435ed30a8b4aeb0877cef0c6e8cffe834eb865f" label="Copy from" />,
  );
  expect(container.textContent).toContain("0x7435ed30a8b4aeb0877cef0c6e8cffe834eb865f");
});
