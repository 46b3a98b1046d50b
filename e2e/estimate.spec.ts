import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

interface Tx {
  from?: string;
  to?: string;
  data?: string;
  value?: string;
}

/** anvil's own estimate for the same transaction (no gateway, no app). */
async function anvilEstimate(anvilUrl: string, tx: Tx): Promise<string> {
  const res = await fetch(anvilUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_estimateGas", params: [tx] }),
  });
  const body = (await res.json()) as { result?: string; error?: { message: string } };
  if (!body.result) throw new Error(`anvil estimate failed: ${body.error?.message ?? res.status}`);
  return body.result;
}

const estimateCalls = (log: { method?: string; params?: unknown }[]) =>
  log.filter((e) => e.method === "eth_estimateGas");
const result = (page: Page) => page.getByTestId("estimate-hex");
const EMPTY_ACCOUNT = "0x1111111111111111111111111111111111111111";

test.describe("eth_estimateGas", () => {
  // One form with from and to filled: the plain transfer, then the same with a value in ether
  // (were two tests).
  test("a plain transfer estimates 0x5208; with 1.5 ether it is sent as 0x14d1120d7b160000", async ({
    page,
    manifest,
    gateway,
  }) => {
    const from = manifest.calls.transfer?.from ?? manifest.transactions.legacyTransfer.from;
    await test.step("a plain transfer estimates 0x5208", async () => {
      await page.goto("/#/estimate");
      await expect(page.getByRole("heading", { level: 1, name: "Gas estimate" })).toBeVisible();
      await page.getByLabel("From", { exact: true }).fill(from);
      await page.getByLabel("To", { exact: true }).fill(EMPTY_ACCOUNT);
      await page.getByRole("button", { name: "Estimate gas" }).click();
      await expect(result(page)).toHaveText("0x5208");
      await expect(page.getByText("= 21,000 gas")).toBeVisible();
    });

    await test.step("value unit conversion: 1.5 ether is sent as 0x14d1120d7b160000", async () => {
      // results first: the form folded once the request ran; Edit opens it with from and to kept
      await page.getByRole("button", { name: "Edit" }).click();
      await expect(page.getByLabel("From", { exact: true })).toHaveValue(from);
      await expect(page.getByLabel("To", { exact: true })).toHaveValue(EMPTY_ACCOUNT);
      await page.getByLabel("Value", { exact: true }).fill("1.5");
      await page.getByLabel("Value unit", { exact: true }).selectOption("ether");
      await gateway.clearLog();
      await page.getByRole("button", { name: "Estimate gas" }).click();
      // the answer is 0x5208 again: wait for this request, not the one before
      await expect.poll(async () => estimateCalls(await gateway.log()).length).toBe(1);
      await expect(result(page)).toHaveText("0x5208");
      const sent = estimateCalls(await gateway.log());
      expect(sent).toHaveLength(1);
      expect(JSON.stringify(sent[0])).toContain('"value":"0x14d1120d7b160000"');
      // and the link carries the exact hex wei
      await expect(page).toHaveURL(/value=0x14d1120d7b160000/);
    });
  });

  test("a contract call equals anvil's own estimate", async ({ page, manifest }) => {
    const call = manifest.calls.transfer;
    if (!call?.to || !call.data) throw new Error("manifest.calls.transfer is missing");
    const tx: Tx = {
      from: call.from,
      to: call.to,
      data: call.data,
      ...(call.value && call.value !== "0x0" ? { value: call.value } : {}),
    };
    // asked live (not manifest.calls.transfer.estimate): the chain's state decides the cost
    const expected = await anvilEstimate(manifest.anvilUrl, tx);
    await page.goto("/#/estimate");
    await page.getByRole("button", { name: "try: token transfer" }).click();
    await expect(result(page)).toHaveText(expected);
    await expect(page.getByText(`= ${BigInt(expected).toLocaleString("en-US")} gas`)).toBeVisible();
  });

  // One reverting call, reached once: its reason, its link to the simulation, then the other
  // revert kinds through Edit (were two tests).
  test("a reverting call shows the decoded reason and links to the simulation; panic and custom errors are explained", async ({
    page,
    manifest,
  }) => {
    const reason = manifest.calls.revertingCall?.reason;
    if (!reason) throw new Error("manifest.calls.revertingCall.reason is missing");
    const alert = page.getByRole("alert").filter({ hasText: "Execution reverted" });
    await test.step("a reverting call shows the decoded reason", async () => {
      await page.goto("/#/estimate");
      await page.getByRole("button", { name: "try: reverting call" }).click();
      await expect(alert).toBeVisible();
      await expect(page.getByTestId("revert-reason")).toHaveText(reason);
      await alert.getByText(/Raw revert data/).click();
      await expect(alert.getByRole("button", { name: "Copy revert data" })).toBeVisible();
    });

    await test.step("a reverted estimate links to the simulation of the same call", async () => {
      const call = manifest.calls.revertingCall;
      const link = alert.getByRole("link", { name: "See where it reverts" });
      const target = new URLSearchParams((await link.getAttribute("href"))?.split("?")[1]);
      expect((await link.getAttribute("href")) ?? "").toMatch(/^#\/simulate\?/);
      expect(target.get("to")?.toLowerCase()).toBe(call.to.toLowerCase());
      expect(target.get("data")).toBe(call.data.toLowerCase());
      expect(target.get("block")).toBe("latest");
      expect(target.get("view")).toBeNull();
    });

    await test.step("panic and custom errors are explained", async () => {
      const panic = manifest.calls.panicCall;
      // results first: the form folded once the request ran; Edit opens it again
      await page.getByRole("button", { name: "Edit" }).click();
      await page.getByRole("button", { name: "try: panic" }).click();
      await expect(
        page.getByRole("alert").filter({ hasText: `Panic code ${panic.panicCode ?? "0x"}` }),
      ).toBeVisible();

      // decoded by the devnet token's ABI, not left as raw bytes
      const custom = manifest.calls.customErrorCall;
      const name = (custom.error ?? "").split("(")[0] ?? "";
      await page.getByRole("button", { name: "Edit" }).click();
      await page.getByRole("button", { name: "try: custom error" }).click();
      const customAlert = page.getByRole("alert").filter({ hasText: "Custom error" });
      await expect(customAlert.getByTestId("revert-reason")).toHaveText(name);
      // integers read grouped in thousands (the exact digits are what Copy takes)
      for (const arg of custom.args ?? [])
        await expect(customAlert).toContainText(
          /^\d+$/.test(arg) ? BigInt(arg).toLocaleString("en-US") : arg,
        );
    });
  });

  test("the call builder encodes what anvil accepts", async ({ page, manifest }) => {
    const call = manifest.calls.transfer;
    if (!call?.to || !call.from) throw new Error("manifest.calls.transfer is missing");
    await page.goto("/#/estimate");
    await page.getByLabel("From", { exact: true }).fill(call.from);
    await page.getByLabel("To", { exact: true }).fill(call.to);
    await page.getByLabel("Function", { exact: true }).fill("transfer(address,uint256)");
    await page.getByLabel(/\(address\)$/).fill(EMPTY_ACCOUNT);
    await page.getByLabel(/\(uint256\)$/).fill("1");
    await page.getByRole("button", { name: "Encode into Data" }).click();
    const data = await page.getByLabel("Data", { exact: true }).inputValue();
    expect(data).toMatch(/^0xa9059cbb[0-9a-f]{128}$/);
    await expect(page.getByTestId("decoded-data")).toContainText("transfer(");
    await page.getByRole("button", { name: "Estimate gas" }).click();
    const expected = await anvilEstimate(manifest.anvilUrl, { from: call.from, to: call.to, data });
    await expect(result(page)).toHaveText(expected);
  });

  test("'Estimate again' deep link prefills and runs", async ({ page, manifest }) => {
    const call = manifest.calls.transfer;
    if (!call?.to || !call.data || !call.from)
      throw new Error("manifest.calls.transfer is missing");
    await page.goto(`/#/estimate?from=${call.from}&to=${call.to}&data=${call.data}`);
    await expect(page.getByLabel("To", { exact: true })).toHaveValue(call.to);
    await expect(page.getByLabel("Data", { exact: true })).toHaveValue(call.data);
    await expect(result(page)).toHaveText(
      await anvilEstimate(manifest.anvilUrl, { from: call.from, to: call.to, data: call.data }),
    );
  });
});
