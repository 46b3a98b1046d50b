import { test } from "./fixtures";
test("address page sections over time", async ({ page, manifest }) => {
  const t = manifest.transactions;
  await page.addInitScript(() => {
    const w = window as unknown as { __frames: string[] };
    w.__frames = [];
    let last = "";
    const tick = () => {
      const main = document.querySelector("main");
      if (main) {
        const parts: string[] = [];
        const walk = (e: Element, d: number) => {
          for (const c of e.children) {
            const r = c.getBoundingClientRect();
            if (c.tagName === "SECTION" && (c.textContent ?? "").startsWith("Account"))
              parts.push(`h${Math.round(r.height)}: ` + [...c.querySelectorAll("dt,dd")].map((x) => `${x.tagName === "DT" ? "\n   " : ""}${(x.textContent ?? "").slice(0, 60)}(${Math.round(x.getBoundingClientRect().height)})`).join(" "));
            if (d < 4 && c.tagName !== "SECTION") walk(c, d + 1);
          }
        };
        walk(main, 0);
        const s = parts.join(" | ");
        if (s !== last) {
          w.__frames.push(`${Math.round(performance.now())}: ${s}`);
          last = s;
        }
      }
      if (performance.now() < 3000) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.goto(`/#/address?address=${t.tokenTransfer.from}`);
  await page.waitForTimeout(3200);
  console.log((await page.evaluate(() => (window as unknown as { __frames: string[] }).__frames)).join("\n"));
});
