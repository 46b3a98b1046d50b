// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, expect, it } from "vitest";
import { JsonViewer } from "./JsonViewer";

afterEach(cleanup);

it("shows the first levels, expands on demand and keeps big arrays virtualised", () => {
  const value = {
    ok: true,
    data: Array.from({ length: 5000 }, (_, i) => ({ i })),
    name: "<b>x</b>",
  };
  const { container } = render(
    <JsonViewer value={value} initialLevels={1} viewport={{ width: 800, height: 400 }} />,
  );
  expect(screen.getByText("ok:")).toBeTruthy();
  expect(screen.getByText("true")).toBeTruthy();
  expect(screen.getByText('"<b>x</b>"')).toBeTruthy(); // text, never markup
  expect(container.querySelector("b")).toBeNull();
  expect(screen.getByText("[5000 items]")).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Expand data" }));
  expect(container.querySelectorAll("[data-json-path]").length).toBeLessThan(100);
  fireEvent.click(screen.getByRole("button", { name: "Collapse all JSON" }));
  expect(container.querySelectorAll("[data-json-path]").length).toBe(1);
});
