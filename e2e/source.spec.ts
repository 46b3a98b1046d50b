// Storage by name and the revert in source, on the devnet's storage scenario (LedgerV1.settle
// through LedgerProxy, devnet/storage.mjs): every named row against the node's own diff-mode
// answer, decoded here by hand from the compiler's layout; the failing line against the
// compiler's own source map and the node's opcode trace.
import type { Page } from "@playwright/test";
import {
  concatHex,
  encodeAbiParameters,
  getAddress,
  keccak256,
  padHex,
  stringToHex,
  toHex,
} from "viem";
import { compileContracts } from "../devnet/compile.mjs";
import { expectNoSeriousViolationsInBothThemes } from "./axe";
import { expect, test, type E2eManifest } from "./fixtures";

async function anvil<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.result === undefined) throw new Error(`${method}: ${body.error?.message ?? res.status}`);
  return body.result;
}

function scenario(manifest: E2eManifest) {
  const tx = manifest.transactions.storage;
  const s = manifest.storage as
    | {
        proxy: string;
        implementation: string;
        checker: string;
        owner: string;
        to: string;
        spender: string;
        admin: string;
        values: { amount: string; tag: string };
      }
    | undefined;
  if (!tx || !s) throw new Error("the devnet has no storage scenario");
  return { tx, s };
}

const word = (n: bigint) => padHex(toHex(n), { size: 32 });
const mapSlot = (key: `0x${string}`, slot: `0x${string}`) => keccak256(concatHex([key, slot]));
const addrKey = (a: string) => encodeAbiParameters([{ type: "address" }], [getAddress(a)]);
const bits = (w: bigint, from: number, size: number) =>
  (w >> BigInt(from)) & ((1n << BigInt(size)) - 1n);
const addressOf = (v: bigint) => getAddress(padHex(toHex(v), { size: 20 }));

/** The rows the view must show, each from the node's post-state word of its slot. */
function expectedRows(manifest: E2eManifest, post: Record<string, string>) {
  const { s } = scenario(manifest);
  const at = (slot: `0x${string}`) => BigInt(post[slot] ?? "0x0");
  const s0 = at(word(0n));
  const s1 = at(word(1n));
  const s9 = at(word(9n));
  const grantsOuter = mapSlot(addrKey(s.owner), word(4n));
  const plan = mapSlot(word(BigInt(at(word(0n)) >> 160n) & 0xffffffffffffffffn), word(8n));
  const rows: [string, string, `0x${string}`][] = [
    ["serial uint64", bits(s0, 160, 64).toString(), word(0n)],
    ["epoch uint32", bits(s0, 224, 32).toString(), word(0n)],
    ["terms.limit uint128", bits(s1, 0, 128).toString(), word(1n)],
    ["terms.until uint64", bits(s1, 128, 64).toString(), word(1n)],
    ["terms.open bool", bits(s1, 192, 8) === 1n ? "true" : "false", word(1n)],
    ["terms.keeper address", addressOf(at(word(2n))), word(2n)],
    ["marks.length uint256", at(word(5n)).toString(), word(5n)],
    [
      `marks[2] uint256`,
      at(toHex(BigInt(keccak256(word(5n))) + 2n, { size: 32 })).toString(),
      toHex(BigInt(keccak256(word(5n))) + 2n, { size: 32 }),
    ],
    ["note string", '"settled"', word(6n)],
    ["drift int64", BigInt.asIntN(64, bits(s9, 0, 64)).toString(), word(9n)],
    ["settled bool", bits(s9, 64, 8) === 1n ? "true" : "false", word(9n)],
    ["rejected uint256", at(word(10n)).toString(), word(10n)],
    [
      `credit[${getAddress(s.to)}] uint256`,
      at(mapSlot(addrKey(s.to), word(3n))).toString(),
      mapSlot(addrKey(s.to), word(3n)),
    ],
    [
      `grants[${getAddress(s.owner)}][${getAddress(s.spender)}] uint256`,
      at(mapSlot(addrKey(s.spender), grantsOuter)).toString(),
      mapSlot(addrKey(s.spender), grantsOuter),
    ],
    [`plans[${bits(s0, 160, 64)}].limit uint128`, bits(at(plan), 0, 128).toString(), plan],
    [
      `plans[${bits(s0, 160, 64)}].keeper address`,
      addressOf(at(toHex(BigInt(plan) + 1n, { size: 32 }))),
      toHex(BigInt(plan) + 1n, { size: 32 }),
    ],
    [
      `modes[${s.values.tag}] enum LedgerV1.Mode`,
      at(mapSlot(s.values.tag as `0x${string}`, word(7n))).toString(),
      mapSlot(s.values.tag as `0x${string}`, word(7n)),
    ],
    [
      'tagged["rent"] uint256',
      at(keccak256(concatHex([stringToHex("rent"), word(11n)]))).toString(),
      keccak256(concatHex([stringToHex("rent"), word(11n)])),
    ],
    [
      "EIP-1967 admin address",
      getAddress(s.admin),
      "0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103",
    ],
  ];
  return rows;
}

async function open(page: Page, hash: string, view: string) {
  await page.goto(`/#/trace?hash=${hash}&tracer=callTracer&view=${view}`);
}

test.describe("storage by name and the revert in source", () => {
  test("view=state names every changed slot, each row as the node's diff says", async ({
    page,
    manifest,
  }) => {
    const { tx, s } = scenario(manifest);
    type Side = Record<string, { storage?: Record<string, string> }>;
    const diff = await anvil<{ pre: Side; post: Side }>(
      manifest.anvilUrl,
      "debug_traceTransaction",
      [tx.hash, { tracer: "prestateTracer", tracerConfig: { diffMode: true } }],
    );
    const storageOf = (side: Side) => {
      const key = Object.keys(side).find((a) => a.toLowerCase() === s.proxy.toLowerCase());
      return Object.fromEntries(
        Object.entries((key ? side[key]?.storage : undefined) ?? {}).map(([k, v]) => [
          padHex(k as `0x${string}`, { size: 32 }),
          v,
        ]),
      );
    };
    const normalised = storageOf(diff.post);
    const serialOf = (side: Record<string, string>) =>
      bits(BigInt(side[word(0n)] ?? "0x0"), 160, 64).toString();
    await open(page, tx.hash, "state");
    const region = page.getByRole("region", { name: /state changes/i });
    const table = region.getByRole("table");
    await expect(table).toBeVisible({ timeout: 30_000 });
    const rows = expectedRows(manifest, normalised);
    // every slot the node changed is one of the expected rows' (nothing left unnamed)
    for (const slot of Object.keys(normalised))
      expect(
        rows.some(([, , sl]) => sl === slot),
        `slot ${slot} is expected`,
      ).toBe(true);
    for (const [name, after, slot] of rows) {
      expect(normalised[slot], `the node changed ${slot} (${name})`).toBeDefined();
      const row = table
        .getByRole("row")
        .filter({ has: page.getByRole("cell", { name, exact: true }) });
      await expect(row, name).toHaveCount(1);
      await expect(row, name).toContainText(after);
    }
    await expect(table.getByRole("cell", { name: /^unnamed/ })).toHaveCount(0);
    // the raw slot and its word stay visible
    const first = table.getByRole("row").filter({ hasText: new RegExp(`^${word(0n)}`) });
    await expect(first).toContainText(normalised[word(0n)] ?? "missing");

    // change ↔ call: the row links to the frame that wrote it, selected in the tree
    await table
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: "serial uint64", exact: true }) })
      .getByRole("link", { name: /frame 0\.0/ })
      .click();
    await expect(page.getByRole("tab", { name: "Call tree" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    const selected = page.getByRole("treeitem", { selected: true });
    await expect(selected).toContainText(/DELEGATECALL/i);
    // and the frame's detail lists its writes by name, each slot once, before → after as the
    // node's diff says
    await expect(page.getByRole("heading", { name: /Storage writes/ })).toBeVisible();
    await expect(
      page.getByText(`serial: ${serialOf(storageOf(diff.pre))} → ${serialOf(normalised)}`).first(),
    ).toBeVisible();
  });

  // One load of the Source view for the failing line, axe in both themes and the frame's detail
  // (the axe scan was a test of its own, loading and compiling the same view again).
  test("view=source shows the first failed frame's failing line, as the compiler's source map says; axe in both themes", async ({
    page,
    manifest,
  }) => {
    const { tx } = scenario(manifest);
    const { artifacts, sources } = compileContracts();
    const checker = artifacts.LedgerChecker;
    if (!checker?.sourceMap) throw new Error("no LedgerChecker source map");
    // the REVERT the node executed in the checker's frame (depth 3: proxy → implementation → checker)
    // the node's own word on where it reverted: a minimal JavaScript tracer of the spec's own
    // (anvil's opcode logger sends no steps), independent of the app's
    const reverts = await anvil<{ pc: number; depth: number }[]>(
      manifest.anvilUrl,
      "debug_traceTransaction",
      [
        tx.hash,
        {
          tracer:
            '{ r: [], step: function (log) { if (log.op.toString() === "REVERT") this.r.push({ pc: log.getPC(), depth: log.getDepth() }); }, fault: function () {}, result: function () { return this.r; } }',
        },
      ],
    );
    // the only REVERT of the transaction: the checker's (proxy → implementation → checker)
    expect(reverts).toHaveLength(1);
    const revert = reverts[0];
    if (!revert) throw new Error("no REVERT in the checker's frame");
    const code = await anvil<string>(manifest.anvilUrl, "eth_getCode", [
      manifest.storage?.checker,
      "latest",
    ]);
    let n = 0;
    let instruction = -1;
    for (let pc = 0; pc < (code.length - 2) / 2;) {
      if (pc === revert.pc) instruction = n;
      const op = parseInt(code.slice(2 + pc * 2, 4 + pc * 2), 16);
      pc += op >= 0x60 && op <= 0x7f ? op - 0x5e : 1;
      n++;
    }
    let start = 0;
    let file = 0;
    checker.sourceMap
      .split(";")
      .slice(0, instruction + 1)
      .forEach((e) => {
        const [s, , f] = e.split(":");
        if (s) start = Number(s);
        if (f) file = Number(f);
      });
    const [path, src] = Object.entries(sources).find(([, v]) => v.id === file) ?? [
      "",
      { content: "" },
    ];
    const line = src.content.slice(0, start).split("\n").length;
    const text = (src.content.split("\n")[line - 1] ?? "").trim();
    expect(text).toContain("require(");

    await open(page, tx.hash, "source");
    const region = page.getByRole("region", { name: /^source/i });
    await expect(region.getByText(`${path}:${line}`, { exact: true }).first()).toBeVisible({
      timeout: 30_000,
    });
    await expect(region.getByText(text, { exact: true }).first()).toBeVisible();
    // the line is marked in the file shown: a row of cells (its number, its code)
    const marked = region.getByRole("row").and(page.locator('[aria-current="true"]'));
    await expect(marked).toContainText(text);
    await expect(marked.getByRole("cell").first()).toHaveText(String(line));
    // scrolled into its box's view
    const inBox = await marked.evaluate((row) => {
      const box = row.closest('[role="table"]');
      if (!box) return false;
      const r = row.getBoundingClientRect();
      const b = box.getBoundingClientRect();
      return r.top >= b.top && r.bottom <= b.bottom;
    });
    expect(inBox).toBe(true);

    await test.step("axe: the Source view's lines, the marked line and the highlighting, light and dark theme", async () => {
      // highlighted: the marked line's code has its coloured tokens
      await expect(marked.getByRole("cell").last().locator("span").first()).toBeVisible();
      await expectNoSeriousViolationsInBothThemes(page);
    });

    // the failed frame's detail shows the same place
    await page.getByRole("tab", { name: "Call tree" }).click();
    await page
      .getByRole("treeitem")
      .filter({ hasText: /STATICCALL/i })
      .first()
      .click();
    await expect(page.getByText(`${path}:${line}`, { exact: true }).first()).toBeVisible();
  });

  test("try: buttons open both views; a multi-file source lists its files", async ({
    page,
    manifest,
  }) => {
    scenario(manifest);
    await page.goto("/#/trace");
    await page.getByRole("button", { name: "try: state by name" }).click();
    await expect(page.getByRole("tab", { name: "State changes" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(
      page
        .getByRole("region", { name: /state changes/i })
        .getByRole("cell", { name: "serial uint64", exact: true }),
    ).toBeVisible({ timeout: 30_000 });
    await page.getByRole("tab", { name: "Source" }).click();
    const region = page.getByRole("region", { name: /^source/i });
    await expect(region.getByText(/LedgerChecker\.sol:\d+/).first()).toBeVisible();
    // the implementation's frame: two files (Ledger.sol imports LedgerChecker.sol)
    await page.getByRole("tab", { name: "Call tree" }).click();
    await page
      .getByRole("treeitem")
      .filter({ hasText: /DELEGATECALL/i })
      .first()
      .click();
    await page.getByRole("tab", { name: "Source" }).click();
    const files = region.getByRole("group", { name: "Source files" });
    await expect(files.getByRole("button", { name: "Ledger.sol" })).toBeVisible();
    await files.getByRole("button", { name: "LedgerChecker.sol" }).click();
    await expect(region.getByRole("table", { name: "LedgerChecker.sol source" })).toBeVisible();
  });
});
