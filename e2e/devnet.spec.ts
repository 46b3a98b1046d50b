import { expect, test } from "./fixtures";

// The harness itself: the preview serves the devnet manifest, and the gateway answers a real
// browser across origins (CORS), logging what it received.

test("the app server serves the e2e devnet manifest at /devnet.json", async ({
  request,
  manifest,
}) => {
  const res = await request.get("/devnet.json");
  expect(res.ok()).toBe(true);
  const served = (await res.json()) as { gatewayUrl: string; chainId: number };
  expect(served.gatewayUrl).toBe(manifest.gatewayUrl);
  expect(served.chainId).toBe(31337);
});

test("the gateway answers the browser cross-origin and logs the request", async ({
  page,
  manifest,
  gateway,
}) => {
  await page.goto("/devnet.json");
  await gateway.clearLog();
  const answer = await page.evaluate(async (url) => {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
    });
    return (await res.json()) as { result?: string };
  }, manifest.endpoints.rollupNitro);
  expect(answer.result).toBe("0x7a69");
  const log = await gateway.log();
  expect(log.map((e) => e.method)).toEqual(["eth_chainId"]);
  expect(log[0]?.path).not.toContain(manifest.apiKey);
});

test("a fault the browser sees as an HTTP error is tolerated by the console collector", async ({
  page,
  gateway,
}) => {
  await page.goto("/devnet.json");
  const status = await page.evaluate(async (url) => {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
    });
    return { status: res.status, retryAfter: res.headers.get("retry-after") };
  }, gateway.url("/fault-429/rollup-nitro/"));
  expect(status).toEqual({ status: 429, retryAfter: "1" });
});
