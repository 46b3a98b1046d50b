// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DecodingBanner } from "./DecodingBanner";

describe("the banner of what a link decides for this tab", () => {
  afterEach(cleanup);

  it("names a compiler a link brought: code this tab would run for the Variables", () => {
    render(<DecodingBanner override={{ solc: "https://binaries.example.org/bin" }} />);
    expect(screen.getByRole("region", { name: "Decoding set by the link" }).textContent).toContain(
      "compiler binaries from https://binaries.example.org/bin",
    );
  });

  it("names the services and the compiler together, and is absent when the link sets none", () => {
    const { unmount } = render(
      <DecodingBanner override={{ sourcify: "off", solc: "https://x.example/solc" }} />,
    );
    const text = screen.getByRole("region", { name: "Decoding set by the link" }).textContent;
    expect(text).toContain("Sourcify off");
    expect(text).toContain("compiler binaries from https://x.example/solc");
    unmount();
    render(<DecodingBanner override={{}} />);
    expect(screen.queryByRole("region", { name: "Decoding set by the link" })).toBeNull();
  });
});
