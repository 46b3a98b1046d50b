import { describe, expect, it } from "vitest";
import { optInCases, startupCases, startupFigures } from "./startup.mjs";

describe("start-up figures", () => {
  it("reports each case above the blank page as the median of its per-round differences", () => {
    // Round 3 is slow for both loads (the shared machine busy): the paired difference cancels it.
    const figures = startupFigures({
      blank: [40, 50, 400],
      form: [240, 260, 610],
      trace40: [300, 340, 700],
    });
    expect(figures).toEqual({
      runs: 3,
      blankMs: 50,
      formMs: 260,
      formAboveBlankMs: 210,
      trace40Ms: 340,
      trace40AboveBlankMs: 290,
    });
  });

  it("measures the issue's loads, the blank page first, each against the right endpoint", () => {
    const cases = startupCases({
      rpcBase: "http://127.0.0.1:9",
      tx: { url: "http://127.0.0.1:8/", hash: `0x${"ab".repeat(32)}` },
    });
    expect(cases.map((c) => c.id)).toEqual(["blank", "form", "trace40", "logs50", "txCard"]);
    const byId = Object.fromEntries(cases.map((c) => [c.id, c]));
    expect(byId.form.path).toBe("/#/tx");
    expect(new RegExp(byId.form.find.label, "i").test("Block hash")).toBe(true);
    expect(new RegExp(byId.form.find.label, "i").test("Transaction hash")).toBe(true);
    expect(new RegExp(byId.form.find.label, "i").test("Look up by")).toBe(false);
    expect(decodeURIComponent(byId.trace40.path)).toContain("rpc=http://127.0.0.1:9/trace/40/");
    expect(decodeURIComponent(byId.logs50.path)).toMatch(
      /^\/#\/logs\?blockHash=0x[0-9a-f]{64}&rpc=http:\/\/127\.0\.0\.1:9\/logs1\/50\/$/,
    );
    expect(decodeURIComponent(byId.txCard.path)).toBe(
      `/#/tx?hash=0x${"ab".repeat(32)}&rpc=http://127.0.0.1:8/`,
    );
  });

  it("measures the 100k-frame trace link only when it is named, against the synthetic server", () => {
    const tx = { url: "http://127.0.0.1:8/", hash: `0x${"ab".repeat(32)}` };
    const cases = optInCases({ rpcBase: "http://127.0.0.1:9", tx });
    const [c] = cases;
    const byId = Object.fromEntries(cases.map((x) => [x.id, x]));
    const { logs50App: logs, txCardApp: card, logs100k } = byId;
    expect(c?.id).toBe("trace100k");
    expect(decodeURIComponent(c?.path ?? "")).toContain("rpc=http://127.0.0.1:9/trace/100000/");
    expect(c?.find.selector).toContain("treeitem");
    // the app's own rows and fields, past the first paint's
    expect(logs?.find.selector).toContain("button");
    expect(card?.find.selector).toContain(":not([aria-busy])");
    expect(decodeURIComponent(logs100k?.path ?? "")).toContain(
      "rpc=http://127.0.0.1:9/logs1/100000/",
    );
  });
});
