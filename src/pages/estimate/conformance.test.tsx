// @vitest-environment jsdom
/**
 * Conformance: every eth_estimateGas case the reference client recorded
 * (../shared/conformance/execution-apis/eth_estimateGas). Each request must be what this form
 * builds from the same fields (the form sends `data` where the corpus says `input`); each response
 * must be shown through the real views: results as hex and decimal, errors explained, reverted
 * cases with their decoded reason and raw data.
 */
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { interpretRpcError } from "../../rpc";
import { readIoCases, requireCorpus } from "../../test-support/corpus";
import { ExplainedError } from "../../call/ErrorView";
import { explainError } from "../../call/explain";
import { toParams, fromSearch } from "../../call/params";
import { estimateResultSchema } from "./result";
import { EstimateResult } from "./ResultView";

afterEach(cleanup);

const corpus = requireCorpus("execution-apis/eth_estimateGas");
const cases = corpus ? readIoCases(requireCorpus() ?? "", "eth_estimateGas") : [];
const exchanges = cases.flatMap((c) =>
  c.exchanges.map((x, i) => ({
    name: c.exchanges.length > 1 ? `${c.name}#${i + 1}` : c.name,
    ...x,
  })),
);

interface Req {
  params: [Record<string, unknown>, string?];
}
interface Res {
  result?: string;
  error?: { code: number; message: string; data?: unknown };
}

const FORM_FIELDS = [
  "from",
  "to",
  "value",
  "input",
  "data",
  "gas",
  "gasPrice",
  "maxFeePerGas",
  "maxPriorityFeePerGas",
  "nonce",
];

describe.skipIf(corpus === null)("eth_estimateGas conformance", () => {
  it("has the recorded cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(6);
    expect(exchanges.some((x) => (x.response as Res).error)).toBe(true);
  });

  it.each(exchanges)("$name", ({ request, response }) => {
    const req = request as Req;
    const res = response as Res;
    const [tx, block] = req.params;

    // The request: a deep link with the same fields builds exactly these params.
    if (Object.keys(tx).every((k) => FORM_FIELDS.includes(k))) {
      const search = new URLSearchParams();
      for (const [k, v] of Object.entries(tx)) search.set(k === "input" ? "data" : k, String(v));
      if (block) search.set("block", block);
      const link = fromSearch(search);
      expect(link.problems).toEqual({});
      if (!link.request) throw new Error("the link should build a request");
      const expected = Object.fromEntries(
        Object.entries(tx).map(([k, v]) => [k === "input" ? "data" : k, v]),
      );
      expect(toParams(link.request)).toEqual(block ? [expected, block] : [expected]);
    }

    if (res.result !== undefined) {
      const estimate = estimateResultSchema.parse(res.result);
      render(
        <EstimateResult
          estimate={estimate}
          tx={{
            to: typeof tx.to === "string" ? tx.to : undefined,
            data: typeof tx.input === "string" ? tx.input : undefined,
          }}
          symbol="ETH"
        />,
      );
      expect(screen.getByText("Estimated gas")).toBeTruthy();
      expect(screen.getByText(estimate)).toBeTruthy();
      expect(screen.getByText(`= ${BigInt(estimate).toLocaleString("en-US")} gas`)).toBeTruthy();
      expect(screen.getByText("Intrinsic gas (approximation)")).toBeTruthy();
      return;
    }

    const e = res.error;
    if (!e) throw new Error("a response has a result or an error");
    const error = interpretRpcError(
      { method: "eth_estimateGas", endpoint: "http://127.0.0.1:8545/", request, durationMs: 1 },
      { code: e.code, message: e.message, data: e.data },
    );
    const x = explainError(error);
    render(<ExplainedError explanation={x} />);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain(e.message);
    if (/execution reverted/.test(e.message)) {
      expect(x.kind).toBe("revert");
      expect(alert.textContent).toContain("Execution reverted");
      // the reason the node put after "execution reverted: " is what the app decodes from the data
      const nodeReason = /execution reverted: (.+)$/.exec(e.message)?.[1];
      if (nodeReason) expect(screen.getByTestId("revert-reason").textContent).toBe(nodeReason);
      // raw data always available
      if (typeof e.data === "string") expect(alert.textContent).toContain(e.data);
    }
  });

  it("shows 'user error' for the Error(string) case and readable raw bytes for the other revert", () => {
    const abiError = exchanges.find((x) => x.name === "estimate-call-abi-error");
    const failed = exchanges.find((x) => x.name === "estimate-failed-call");
    if (!abiError || !failed) throw new Error("expected cases missing from the corpus");
    const make = (r: unknown) => {
      const e = (r as Res).error;
      if (!e) throw new Error("expected an error");
      return interpretRpcError(
        { method: "eth_estimateGas", endpoint: "x", request: {}, durationMs: 1 },
        { code: e.code, message: e.message, data: e.data },
      );
    };
    render(<ExplainedError explanation={explainError(make(abiError.response))} />);
    expect(screen.getByTestId("revert-reason").textContent).toBe("user error");
    cleanup();
    const x = explainError(make(failed.response));
    expect(x.revert?.kind).toBe("unknown");
    render(<ExplainedError explanation={x} />);
    expect(screen.getByTestId("revert-reason").textContent).toBe("wrong-calldatasize");
  });
});
