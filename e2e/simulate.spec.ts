import type { Page } from "@playwright/test";
import { callFrameSchema, type CallFrame } from "../src/trace/result";
import { STORAGE_TRACER } from "../src/trace/source/tracer";
import { expect, test, type E2eManifest, type GatewayLogEntry } from "./fixtures";

interface Call {
  from?: string;
  to?: string;
  data?: string;
  value?: string;
}

/** The node's own debug_traceCall answer for the same call (anvil, no gateway, no app). */
async function anvilTraceCall(
  anvilUrl: string,
  call: Call,
  stateOverrides?: Record<string, unknown>,
): Promise<CallFrame> {
  const res = await fetch(anvilUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "debug_traceCall",
      params: [
        call,
        "latest",
        {
          tracer: "callTracer",
          tracerConfig: { withLog: true },
          ...(stateOverrides ? { stateOverrides } : {}),
        },
      ],
    }),
    signal: AbortSignal.timeout(20_000),
  });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (!body.result) throw new Error(`anvil debug_traceCall: ${body.error?.message ?? res.status}`);
  return callFrameSchema.parse(body.result);
}

function frames(f: CallFrame): CallFrame[] {
  return [f, ...(f.calls ?? []).flatMap(frames)];
}

type Scenario = E2eManifest["calls"][string];

function callOf(c: Scenario): Call {
  return {
    from: c.from,
    to: c.to,
    ...(c.data && c.data !== "0x" ? { data: c.data } : {}),
    ...(c.value && c.value !== "0x0" ? { value: c.value } : {}),
  };
}

function simulateLink(c: Scenario, extra: Record<string, string> = {}, rpc?: string): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...callOf(c), block: "latest", ...extra })) sp.set(k, v);
  if (rpc) sp.set("rpc", rpc);
  return `/#/simulate?${sp.toString()}`;
}

function need(m: E2eManifest, name: string): Scenario {
  const c = m.calls[name];
  if (!c) throw new Error(`manifest.calls.${name} is missing`);
  return c;
}

const tree = (page: Page) => page.getByRole("tree", { name: "Call tree" });
const outcome = (page: Page) => page.getByRole("region", { name: "Simulation outcome" });
const traceCalls = (log: GatewayLogEntry[]) => log.filter((e) => e.method === "debug_traceCall");
const blockOf = (e: GatewayLogEntry | undefined) => (e?.params as unknown[] | undefined)?.[1];
const tracerOf = (e: GatewayLogEntry) =>
  ((e.params as unknown[])[2] as { tracer?: string } | undefined)?.tracer ?? "";
/** A block number as the page reads it: decimal with digit grouping. */
const decimal = (hex: unknown) => BigInt(String(hex)).toLocaleString("en-US");

/** A no-block link: the call's fields alone (the node is asked which block `latest` is). */
function noBlockLink(c: Scenario): string {
  return `/#/simulate?${new URLSearchParams(Object.entries(callOf(c))).toString()}`;
}

async function mineBlock(anvilUrl: string): Promise<void> {
  const res = await fetch(anvilUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "evm_mine", params: [] }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await res.json()) as { error?: { message: string } };
  if (body.error) throw new Error(`evm_mine: ${body.error.message}`);
}

test.describe("debug_traceCall (Simulate)", () => {
  test("a call with nested frames: the tree matches the node's own answer, asked once; an inner frame simulated alone", async ({
    page,
    manifest,
    gateway,
  }) => {
    const c = need(manifest, "nestedCall");
    const expected = frames(await anvilTraceCall(manifest.anvilUrl, callOf(c)));
    expect(expected.length).toBeGreaterThan(5);
    await gateway.clearLog();
    await page.goto(simulateLink(c));
    await expect(page.getByRole("heading", { level: 1, name: "Dry run" })).toBeVisible();
    await expect(outcome(page)).toContainText("The call would succeed", { timeout: 30_000 });
    await expect(tree(page).getByRole("treeitem")).toHaveCount(expected.length);
    for (const type of new Set(expected.map((f) => f.type)))
      await expect(
        tree(page).getByRole("treeitem").filter({ hasText: type }).first(),
      ).toBeVisible();
    const sent = traceCalls(await gateway.log());
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0]?.params)).toContain('"withLog":true');

    await test.step("an inner frame simulated alone, with the same block and overrides", async () => {
      await tree(page).getByRole("treeitem").filter({ hasText: "STATICCALL" }).first().click();
      await page.getByRole("link", { name: "Simulate this call alone" }).click();
      await expect(page).toHaveURL(/#\/simulate\?from=/);
      await expect(outcome(page)).toContainText("The call would succeed", { timeout: 30_000 });
      await expect(tree(page).getByRole("treeitem")).toHaveCount(1);
      await expect(tree(page).getByRole("treeitem").first()).toContainText("CALL");
    });
  });

  test("a reverting call: the failed row marked and the reason shown", async ({
    page,
    manifest,
  }) => {
    const c = need(manifest, "revertingCall");
    const expected = frames(await anvilTraceCall(manifest.anvilUrl, callOf(c)));
    await page.goto(simulateLink(c));
    await expect(outcome(page)).toContainText("The call would revert", { timeout: 30_000 });
    await expect(page.getByTestId("revert-reason")).toContainText(c.reason ?? "");
    await expect(tree(page).getByRole("treeitem")).toHaveCount(expected.length);
    await expect(tree(page).locator('[role="treeitem"][aria-invalid="true"]')).toHaveCount(
      expected.filter((f) => f.error).length,
    );
  });

  test("a storage override turns the custom-error revert into a success, sent as stateOverrides; its state changes on a click", async ({
    page,
    manifest,
    gateway,
  }) => {
    const reverting = need(manifest, "customErrorCall");
    await page.goto(simulateLink(reverting));
    await expect(outcome(page)).toContainText("The call would revert", { timeout: 30_000 });
    await expect(page.getByTestId("revert-reason")).toContainText("InsufficientBalance");

    const c = need(manifest, "unlockedTransfer");
    const overrides = JSON.stringify(c.stateOverrides);
    await gateway.clearLog();
    await page.goto(simulateLink(c, { overrides }));
    await expect(outcome(page)).toContainText("The call would succeed", { timeout: 30_000 });
    await expect(outcome(page)).toContainText("1 account overridden");
    const sent = traceCalls(await gateway.log());
    expect(sent).toHaveLength(1);
    const config = (sent[0]?.params as unknown[])[2] as { stateOverrides?: unknown };
    expect(config.stateOverrides).toEqual(c.stateOverrides);

    await test.step("state changes: the same call and overrides under the prestateTracer, asked on a click", async () => {
      const overrides = c.stateOverrides ?? {};
      await page.getByRole("tab", { name: "State changes" }).click();
      const prestate = async () =>
        traceCalls(await gateway.log()).filter((e) =>
          JSON.stringify(e.params).includes("prestate"),
        );
      expect(await prestate()).toHaveLength(0);
      await page.getByRole("button", { name: /show state changes/i }).click();
      const region = page.getByRole("region", { name: /state changes/i });
      await expect(region.getByRole("table").first()).toBeVisible({ timeout: 30_000 });
      // the overridden slot is the sender's balance: it reads the override before the call
      const [token] = Object.keys(overrides);
      await expect(region).toContainText(new RegExp(token ?? "-", "i"));
      await expect(page.getByText("The node did not apply every state override")).toHaveCount(0);
      const asked = await prestate();
      expect(asked).toHaveLength(1);
      expect(
        ((asked[0]?.params as unknown[])[2] as { stateOverrides?: unknown }).stateOverrides,
      ).toEqual(overrides);
    });

    // the editor shows the override it sent
    await page
      .getByRole("group", { name: /Simulation request: what was asked/ })
      .getByRole("button", { name: "Edit" })
      .click();
    const group = page.getByRole("group", { name: /Override 1/ });
    await expect(group.getByLabel("Address", { exact: true })).toHaveValue(
      new RegExp(Object.keys(c.stateOverrides ?? {})[0] ?? "-", "i"),
    );
  });

  test("a balance override lets an empty account pay: the balance changes show the value moved", async ({
    page,
    manifest,
  }) => {
    const c = need(manifest, "emptyPayer");
    await page.goto(
      simulateLink(c, { overrides: JSON.stringify(c.stateOverrides), view: "balances" }),
    );
    const region = page.getByRole("region", { name: /balance changes/i });
    await expect(region).toBeVisible({ timeout: 30_000 });
    const wei = BigInt(c.value).toString();
    const rowOf = (who: string) =>
      region.getByRole("row").filter({ hasText: new RegExp(who, "i") });
    await expect(rowOf(c.to)).toContainText(`+${wei}`);
    await expect(rowOf(c.from)).toContainText(`-${wei}`);
  });

  test("the same call without the override: the node's refusal explained, not retried", async ({
    page,
    manifest,
    gateway,
  }) => {
    const c = need(manifest, "emptyPayer");
    await gateway.clearLog();
    await page.goto(simulateLink(c));
    const alert = page.getByRole("alert").filter({ hasText: /insufficient funds/i });
    await expect(alert).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/Add a state override that gives From a balance/)).toBeVisible();
    expect(traceCalls(await gateway.log()).length).toBeLessThanOrEqual(2);
    await expect(tree(page)).toHaveCount(0);
    // the quick fix: the same call with From funded by a state override
    await page.getByRole("link", { name: /give from a balance of 100 ether/i }).click();
    await expect(outcome(page)).toContainText("The call would succeed", { timeout: 30_000 });
    await expect(outcome(page)).toContainText("1 account overridden");
  });

  test("typed in the form: a state override added in the editor, a bad slot refused before sending", async ({
    page,
    manifest,
    gateway,
  }) => {
    const c = need(manifest, "emptyPayer");
    await gateway.clearLog();
    await page.goto("/#/simulate");
    await page.getByLabel("From", { exact: true }).fill(c.from);
    await page.getByLabel("To", { exact: true }).fill(c.to);
    await page.getByLabel("Value", { exact: true }).fill("1");
    await page.getByRole("button", { name: "Add state override" }).click();
    const group = page.getByRole("group", { name: /Override 1/ });
    await group.getByLabel("Address", { exact: true }).fill(c.from);
    await group.getByLabel("Balance", { exact: true }).fill("100 ether");
    await group.getByRole("button", { name: "Add slot" }).click();
    await group.getByLabel("Slot", { exact: true }).fill(`0x${"1".repeat(66)}`);
    await page.getByRole("button", { name: "Simulate", exact: true }).click();
    await expect(group.getByText(/64 hex digits|32 bytes/i).first()).toBeVisible();
    expect(traceCalls(await gateway.log())).toHaveLength(0);

    await group.getByRole("button", { name: "Remove slot" }).click();
    await page.getByRole("button", { name: "Simulate", exact: true }).click();
    await expect(outcome(page)).toContainText("The call would succeed", { timeout: 30_000 });
    expect(new URL(page.url()).hash).toContain("overrides=");
    await page.getByRole("tab", { name: /Balance changes/i }).click();
    await expect(page.getByRole("region", { name: /balance changes/i })).toBeVisible();
  });

  test("Simulate from a mined transaction: its call at the parent block, runs, says what is not replayed", async ({
    page,
    manifest,
    gateway,
  }) => {
    const tx = manifest.transactions.nestedCalls;
    await page.goto(`/#/tx?blockHash=${tx.blockHash}&index=${tx.index}`);
    // the only link of that name on the page (the header's tab for this view is "Dry run")
    const link = page.getByRole("link", { name: /simulate/i });
    await expect(link).toBeVisible({ timeout: 30_000 });
    await expect(link).toHaveCount(1);
    const target = new URLSearchParams((await link.getAttribute("href"))?.split("?")[1]);
    expect(target.get("to")?.toLowerCase()).toBe(tx.to?.toLowerCase());
    expect(target.get("data")).toMatch(/^0x[0-9a-f]{8}/);
    expect(target.get("block")).toBe(`0x${(tx.blockNumber - 1).toString(16)}`);
    await gateway.clearLog();
    await link.click();
    await expect(page).toHaveURL(/#\/simulate\?/);
    const shown = page.locator("main > div:not([hidden])");
    await expect(
      shown.getByText(/transactions before it in the same block are not replayed/),
    ).toBeVisible();
    await expect(outcome(page)).toContainText("The call would succeed", { timeout: 30_000 });
    await expect(tree(page).getByRole("treeitem")).toHaveCount(tx.frames);
    // how it went on chain, beside what the simulation says
    await expect(page.getByTestId("mined-outcome")).toContainText("On chain it succeeded");
    const sent = traceCalls(await gateway.log());
    expect(sent).toHaveLength(1);
    expect((sent[0]?.params as unknown[])[1]).toBe(target.get("block"));
  });

  test("which line fails: the Source view of a simulated call names the line the mined transaction's trace names", async ({
    page,
    manifest,
  }) => {
    const tx = manifest.transactions.storage;
    if (!tx) throw new Error("the devnet has no storage scenario");
    // the mined transaction's own failing line, from its trace
    await page.goto(`/#/trace?hash=${tx.hash}&tracer=callTracer&view=source`);
    const traced = page
      .locator("main > div:not([hidden])")
      .getByRole("region", { name: /^source/i })
      .getByText(/^[\w/.-]+\.sol:\d+$/)
      .first();
    await expect(traced).toBeVisible({ timeout: 30_000 });
    const place = (await traced.textContent()) ?? "";

    // the same call simulated at its parent block, from the transaction card's link
    await page.goto(`/#/tx?hash=${tx.hash}`);
    const link = page.getByRole("link", { name: /simulate/i });
    await expect(link).toBeVisible({ timeout: 30_000 });
    await page.goto(`/${(await link.getAttribute("href")) ?? ""}&view=source`);
    const shown = page.locator("main > div:not([hidden])");
    const region = shown.getByRole("region", { name: /^source/i });
    await expect(region.getByText(place, { exact: true }).first()).toBeVisible({ timeout: 30_000 });
    await expect(region.getByRole("row").and(page.locator('[aria-current="true"]'))).toContainText(
      "require(",
    );
  });

  test("a link with no block: latest resolved once, the call tree, state changes and storage tracer all sent at that number", async ({
    page,
    manifest,
    gateway,
  }) => {
    const c = need(manifest, "nestedCall");
    await gateway.clearLog();
    await page.goto(noBlockLink(c));
    await expect(outcome(page)).toContainText("The call would succeed", { timeout: 30_000 });
    // the state changes (prestateTracer), then the slots named (the storage tracer)
    await page.getByRole("tab", { name: "State changes" }).click();
    await page.getByRole("button", { name: /show state changes/i }).click();
    const region = page.getByRole("region", { name: /state changes/i });
    await expect(region.getByRole("table").first()).toBeVisible({ timeout: 30_000 });
    await region.getByRole("button", { name: "Name the slots" }).click();
    await expect(region.getByText(/Running the storage tracer/)).toHaveCount(0, {
      timeout: 60_000,
    });
    await expect.poll(async () => traceCalls(await gateway.log()).length).toBe(3);

    const log = await gateway.log();
    const sent = traceCalls(log);
    expect(new Set(sent.map(tracerOf))).toEqual(
      new Set(["callTracer", "prestateTracer", STORAGE_TRACER]),
    );
    const block = blockOf(sent[0]);
    expect(block).toMatch(/^0x[0-9a-f]+$/);
    for (const e of sent) expect(blockOf(e)).toBe(block);
    expect(log.filter((e) => e.method === "eth_blockNumber")).toHaveLength(1);
    // said on the page in decimal, the link still asks for no block
    await expect(outcome(page)).toContainText(`block ${decimal(block)} (${String(block)})`);
    await expect(page.getByTestId("simulation-block")).toContainText(
      `block ${decimal(block)} (${String(block)}), the latest block when asked`,
    );
    expect(new URL(page.url()).hash).not.toContain("block=");
  });

  test(
    "Run again resolves latest anew: the next block, every request at it; Pin block writes it into the link",
    // it mines a block: playwright.config.ts runs it after the others
    { tag: "@chain-writes" },
    async ({ page, manifest, gateway }) => {
      const c = need(manifest, "nestedCall");
      await gateway.clearLog();
      await page.goto(noBlockLink(c));
      await expect(outcome(page)).toContainText("The call would succeed", { timeout: 30_000 });
      const first = blockOf(traceCalls(await gateway.log())[0]);
      await expect(outcome(page)).toContainText(`block ${decimal(first)}`);

      await mineBlock(manifest.anvilUrl);
      await gateway.clearLog();
      await page.getByRole("button", { name: "Run again" }).click();
      await expect(outcome(page)).toContainText("The call would succeed", { timeout: 30_000 });
      await expect.poll(async () => traceCalls(await gateway.log()).length).toBe(1);
      const log = await gateway.log();
      expect(log.filter((e) => e.method === "eth_blockNumber")).toHaveLength(1);
      const second = blockOf(traceCalls(log)[0]);
      expect(BigInt(String(second))).toBeGreaterThan(BigInt(String(first)));
      await expect(outcome(page)).toContainText(`block ${decimal(second)} (${String(second)})`);
      expect(new URL(page.url()).hash).not.toContain("block=");

      // pinned: the link names the number; the answer shown is the one kept for it
      await gateway.clearLog();
      await page.getByRole("button", { name: "Pin block" }).click();
      await expect(page).toHaveURL(new RegExp(`block=${String(second)}(&|$)`));
      await expect(outcome(page)).toContainText(
        `block ${decimal(second)} (${String(second)}), with no state overrides`,
      );
      await expect(page.getByRole("button", { name: "Pin block" })).toHaveCount(0);
      expect(traceCalls(await gateway.log())).toHaveLength(0);
    },
  );

  test("through an rpc= link straight to the node", async ({ page, manifest }) => {
    const c = need(manifest, "revertingCall");
    await page.goto(simulateLink(c, {}, manifest.anvilUrl));
    await expect(outcome(page)).toContainText("The call would revert", { timeout: 30_000 });
    await expect(page.getByTestId("revert-reason")).toContainText(c.reason ?? "");
  });
});
