// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { navigate, useLocation } from "./router";

afterEach(cleanup);

function Shown() {
  const loc = useLocation();
  return <p>{`${loc.route} ${loc.search.toString()}`}</p>;
}

/** Lets the browser deliver a queued hashchange. */
const delivered = () => act(() => new Promise((r) => setTimeout(r, 0)));

describe("navigate", () => {
  it("a page's own replace writes go into the link, one after another", async () => {
    window.location.hash = "#/trace?hash=0x01";
    await delivered();
    render(<Shown />);
    act(() => {
      navigate("#/trace?hash=0x01&step=3", { replace: true });
      navigate("#/trace?hash=0x01&step=4", { replace: true });
    });
    await delivered();
    expect(window.location.hash).toBe("#/trace?hash=0x01&step=4");
    expect(screen.getByText("trace hash=0x01&step=4")).toBeTruthy();
  });

  it("a replace built from the old link does not put it back over a link opened since", async () => {
    window.location.hash = "#/trace?hash=0x01";
    await delivered();
    render(<Shown />);
    // another link opened in this tab: the URL has changed, its hashchange is not delivered yet
    window.location.hash = "#/trace?hash=0x02";
    // the debugger's delayed step write, built from the first link
    navigate("#/trace?hash=0x01&step=3", { replace: true });
    await delivered();
    expect(window.location.hash).toBe("#/trace?hash=0x02");
    expect(screen.getByText("trace hash=0x02")).toBeTruthy();
    // once the new link is rendered, the page's writes go in again
    act(() => navigate("#/trace?hash=0x02&step=5", { replace: true }));
    await delivered();
    expect(screen.getByText("trace hash=0x02&step=5")).toBeTruthy();
  });
});
