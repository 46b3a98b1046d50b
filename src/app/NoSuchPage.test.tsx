// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { documentTitle, NoSuchPage } from "./NoSuchPage";

describe("a page's title and a page that does not exist", () => {
  it("titles the document by what the page shows", () => {
    expect(documentTitle("address")).toBe("Address · Nodescope");
    expect(documentTitle("estimate")).toBe("Gas estimate · Nodescope");
    expect(documentTitle(null)).toBe("No such page · Nodescope");
  });

  it("says the page does not exist and links the pages there are", () => {
    render(<NoSuchPage name="no-such-page" />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("No such page");
    expect(screen.getByText(/does not exist/).textContent).toContain("#/no-such-page");
    expect(screen.getByRole("link", { name: "Block" }).getAttribute("href")).toBe("#/block");
    expect(screen.getAllByRole("link")).toHaveLength(8);
  });
});
