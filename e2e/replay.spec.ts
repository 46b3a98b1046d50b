// Every view on a node that cannot trace (issue 46): the devnet gateway's keyless nodes
// (`manifest.nodes`, devnet/gateway/routes.mjs) opened through `rpc=` — a standard node that
// answers every debug_, trace_ and ots_ method with -32601, and a node that answers a JavaScript
// tracer with -32000 "tracer not found" — and what a full node gives, from the replay in the
// browser: call tree frames and failed frames, a child's gas used, balance changes, the failing
// source line and the debugger's stepping, the dry run's outcome, the comparison; the page says
// "replayed in this browser"; a small transaction costs ≤ 150 requests and a refused method is
// asked at most twice.
//
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { callFrameSchema, type CallFrame } from "../src/trace/result";
import { expect, test, type E2eManifest, type GatewayLogEntry, standInServices } from "./fixtures";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const MODES = [
  { mode: "standard", url: (m: E2eManifest) => nodes(m).standard },
  { mode: "no-js-tracers", url: (m: E2eManifest) => nodes(m).noJsTracers },
] as const;

function nodes(m: E2eManifest) {
  if (!m.nodes) throw new Error("this devnet has no /node/<mode>/ endpoints (manifest.nodes)");
  return m.nodes;
}

async function anvil<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.result === undefined) throw new Error(`anvil ${method}: ${body.error?.message}`);
  return body.result;
}

async function anvilTree(m: E2eManifest, hash: string): Promise<CallFrame> {
  return callFrameSchema.parse(
    await anvil(m.anvilUrl, "debug_traceTransaction", [hash, { tracer: "callTracer" }]),
  );
}

function frames(f: CallFrame): CallFrame[] {
  return [f, ...(f.calls ?? []).flatMap(frames)];
}

const e = encodeURIComponent;
const tree = (page: Page) => page.getByRole("tree", { name: "Call tree" });
const traceLink = (hash: string, rpc: string, extra = "") =>
  `/#/trace?hash=${hash}&tracer=callTracer&rpc=${e(rpc)}${extra}`;
/** This test's requests to one node path (other processes may share the gateway). */
const onPath = (log: GatewayLogEntry[], url: string) =>
  log.filter((x) => x.path === new URL(url).pathname);
const REPLAYED = /replayed in this browser from the node's state at block [\d,]+/;

for (const { mode, url } of MODES) {
  test.describe(`a ${mode} node`, () => {
    test("the call tree: every frame and every failed frame after Expand all, a child's gas used, where it was made, in ≤ 150 requests", async ({
      page,
      manifest,
      gateway,
    }) => {
      const rpc = url(manifest);
      const tx = manifest.transactions.innerRevert;
      const expected = frames(await anvilTree(manifest, tx.hash));
      const failed = expected.filter((f) => f.error).length;
      expect(failed).toBeGreaterThan(0);
      const child = expected[1];
      if (!child?.gasUsed) throw new Error("the scenario has no child frame");

      await gateway.clearLog();
      await page.goto(traceLink(tx.hash, rpc));
      await expect(tree(page).locator("[data-frame-row]").first()).toBeVisible({ timeout: 60_000 });
      await page.getByRole("button", { name: "Expand all" }).click();
      await expect(tree(page).getByRole("treeitem")).toHaveCount(expected.length);
      await expect(tree(page).locator('[role="treeitem"][aria-invalid="true"]')).toHaveCount(
        failed,
      );
      await expect(tree(page).getByRole("treeitem").nth(1)).toContainText(
        `${BigInt(child.gasUsed).toLocaleString("en-US")} gas`,
      );
      if (mode === "standard") {
        // The call tree itself was refused, so the page says where it was made.
        const note = page.getByRole("region", { name: "Replayed in this browser" });
        await expect(note).toContainText(/does not offer debug_traceTransaction/);
        await expect(note).toContainText(REPLAYED);
      } else {
        // callTracer is served: the node's own tree, and an on-demand replay beside it.
        await expect(page.getByRole("link", { name: "Check against the node" })).toBeVisible();
      }
      const log = onPath(await gateway.log(), rpc);
      expect(log.length).toBeLessThanOrEqual(150);
      const traces = log.filter((x) => x.method?.startsWith("debug_"));
      expect(traces.length).toBeLessThanOrEqual(2);
    });

    // On a node without JavaScript tracers the views below read the node's own built-in tracers,
    // as on a full node (their own spec files walk them there), and which tracer is asked of the
    // node or of the replay is proven per kind of node by src/replay/fallback.test.ts; the
    // debugger's replay on such a node: debugger.spec.ts. So these walk the standard node only.
    if (mode !== "standard") return;

    test("balance changes as the chain's own balances say", async ({ page, manifest }) => {
      const tx = manifest.transactions.insight;
      const a5 = manifest.insight?.recipients[0];
      if (!tx || !a5) throw new Error("the devnet has no insight scenario");
      const hex = (n: number) => `0x${n.toString(16)}`;
      const [before, after] = await Promise.all(
        [hex(tx.blockNumber - 1), hex(tx.blockNumber)].map((tag) =>
          anvil<string>(manifest.anvilUrl, "eth_getBalance", [a5, tag]),
        ),
      );
      const delta = BigInt(after ?? "0x0") - BigInt(before ?? "0x0");
      await page.goto(traceLink(tx.hash, url(manifest), "&view=balances"));
      const table = page.getByRole("region", { name: /balance changes/i }).getByRole("table");
      await expect(table).toBeVisible({ timeout: 60_000 });
      await expect(
        table
          .getByRole("row")
          .filter({ hasText: new RegExp(a5, "i") })
          .filter({ hasText: /\(native\)/ }),
      ).toContainText(`${delta > 0n ? "+" : ""}${delta}`);
    });

    test("the debugger: the failing line, stepping into an internal function; said to be replayed", async ({
      page,
      manifest,
    }) => {
      const fail = manifest.transactions.debugFail;
      const run = manifest.transactions.debugRun;
      if (!fail || !run) throw new Error("the devnet has no debugger scenario");
      const source = readFileSync(resolve(root, "devnet/contracts/debug/Stepper.sol"), "utf8");
      const failing = source.split("\n").findIndex((l) => l.includes("require(amount <= cap")) + 1;
      const services = `&view=debug${standInServices(manifest)}`;
      await page.goto(traceLink(fail.hash, url(manifest), services));
      const region = page.getByRole("region", { name: /debugger/i });
      const status = region.getByRole("status");
      await expect(status).toContainText(`Stepper.sol:${failing}`, { timeout: 90_000 });
      // The debugger's tracer is JavaScript: refused by the node, replayed here.
      await expect(page.getByRole("region", { name: "Replayed in this browser" })).toContainText(
        REPLAYED,
      );

      // The same document (only the link's hash changes): until the second transaction's replay
      // is in, the debugger still shows the first one's stack, three calls deep.
      await page.goto(traceLink(run.hash, url(manifest), services));
      const callStack = region.getByRole("list", { name: /call stack/i }).getByRole("listitem");
      await expect(callStack).toHaveText([/^run/], { timeout: 90_000 });
      await expect(status).toContainText(/step [\d,]+ of [\d,]+/);
      const into = region.getByRole("button", { name: /step into/i });
      for (let i = 0; i < 80 && (await callStack.count()) < 2; i++) await into.click();
      await expect(callStack).toHaveText([/^run/, /^addScaled/]);
    });

    test("the dry run: a reverting call's outcome and its reason", async ({ page, manifest }) => {
      const c = manifest.calls.revertingCall;
      if (!c) throw new Error("the devnet has no revertingCall");
      const sp = new URLSearchParams({
        from: c.from,
        to: c.to,
        block: "latest",
        rpc: url(manifest),
      });
      if (c.data && c.data !== "0x") sp.set("data", c.data);
      await page.goto(`/#/simulate?${sp.toString()}`);
      const outcome = page.getByRole("region", { name: "Simulation outcome" });
      await expect(outcome).toContainText("The call would revert", { timeout: 60_000 });
      await expect(page.getByTestId("revert-reason")).toContainText(c.reason ?? "");
      await expect(page.getByRole("region", { name: "Replayed in this browser" })).toContainText(
        REPLAYED,
      );
    });

    test("the comparison of two transactions, each replayed", async ({ page, manifest }) => {
      const a = manifest.transactions.storage;
      const b = manifest.transactions.storageRetry;
      if (!a || !b) throw new Error("the devnet has no comparison scenario");
      await page.goto(`/#/compare?a=${a.hash}&b=${b.hash}&rpc=${e(url(manifest))}`);
      const region = page.getByRole("region", { name: /compare/i });
      await expect(
        region.getByRole("treeitem").filter({ hasText: "failed in A, succeeded in B" }),
      ).toHaveCount(1, { timeout: 60_000 });
    });
  });
}

test("on a full node: Replay in this browser, then Check against the node sets both side by side, every row the same", async ({
  page,
  manifest,
}) => {
  const tx = manifest.transactions.nestedCalls;
  const rpc = nodes(manifest).full;
  await page.goto(traceLink(tx.hash, rpc));
  await expect(tree(page).locator("[data-frame-row]").first()).toBeVisible({ timeout: 60_000 });
  await page.getByRole("button", { name: "Replay in this browser" }).click();
  await expect(page.getByRole("region", { name: "Replayed in this browser" })).toContainText(
    /As you asked, the trace was replayed in this browser/,
    { timeout: 60_000 },
  );
  await page.getByRole("link", { name: "Check against the node" }).click();
  await expect(page).toHaveURL(new RegExp(`#/compare\\?a=${tx.hash}&b=replay%3A${tx.hash}`));
  const items = page.getByRole("region", { name: /compare/i }).getByRole("treeitem");
  await expect(items.first()).toBeVisible({ timeout: 60_000 });
  // The top frame may differ: anvil's callTracer gives it the block's cumulative gas (notes/tracers.md).
  const texts = await items.allTextContents();
  expect(texts.length).toBe(tx.frames);
  for (const t of texts.slice(1)) expect(t).toMatch(/same/);
});
