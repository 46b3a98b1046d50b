// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { flatten } from "./flatten";
import { gasAgreement } from "./gasAgreement";
import { summarize } from "./model";
import { Summary } from "./Summary";

afterEach(cleanup);

/** The devnet's token transfer as anvil's callTracer answers it (e2e/trace.spec.ts checks it live). */
const anvilTransfer = flatten({
  type: "CALL",
  from: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
  to: "0x5fbdb2315678afecb367f032d93f642f64180aa3",
  value: "0x0",
  gas: "0x13220", // 78,368: the limit less the intrinsic gas
  gasUsed: "0x1c174", // 115,060
  input: "0xa9059cbb",
});

const item = (term: string) => {
  const region = screen.getByRole("region", { name: "Trace summary" });
  const dt = within(region).getByText(term, { selector: "dt" });
  return dt.nextElementSibling?.textContent ?? "";
};

describe("the trace summary's gas", () => {
  it("with the receipt at hand: the receipt's gas used of the limit, the node's different figure beside it, and why", () => {
    const gas = gasAgreement(anvilTransfer.frames[0], { gasUsed: 34386n, limit: 100000n });
    render(<Summary summary={summarize(anvilTransfer)} gas={gas} />);
    expect(item("Gas used")).toBe("34,386 of 100,000");
    expect(item("Top-frame gas used")).toBe("115,060");
    expect(screen.getByRole("note").textContent).toMatch(
      /more than the transaction's 100,000 gas limit .* fault in the node's tracer\. The receipt's 34,386 is what was charged\./,
    );
  });

  it("when they agree: one figure, the receipt's, and nothing to explain", () => {
    const gas = gasAgreement(anvilTransfer.frames[0], { gasUsed: 115060n, limit: 200000n });
    render(<Summary summary={summarize(anvilTransfer)} gas={gas} />);
    expect(item("Gas used")).toBe("115,060 of 200,000");
    expect(screen.queryByText("Top-frame gas used")).toBeNull();
    expect(screen.queryByRole("note")).toBeNull();
  });

  it("without a receipt: the top frame's figure, and a word when it exceeds what the frame was given", () => {
    render(
      <Summary
        summary={summarize(anvilTransfer)}
        gas={gasAgreement(anvilTransfer.frames[0], null)}
      />,
    );
    expect(item("Top-frame gas used")).toBe("115,060");
    expect(screen.queryByText("Gas used", { selector: "dt" })).toBeNull();
    expect(screen.getByRole("note").textContent).toContain("of the 78,368 it was given");
  });
});
