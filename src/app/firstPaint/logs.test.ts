// @vitest-environment jsdom
/**
 * A logs link's first rows, painted from the node's answer before the app loads: on the reference
 * client's recorded answers (../shared/conformance) and on answers the table must not pre-empt.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { FIRST_ROWS } from "./dom";
import { paintLogRows } from "./logs";

const DIR = resolve(process.cwd(), "../shared/conformance/execution-apis/eth_getLogs");
const present = existsSync(DIR);
if (!present && process.env.CI === "true") throw new Error(`conformance corpus missing at ${DIR}`);
if (!present) console.warn(`skipped: the conformance corpus is not at ${DIR}`);

const HASH = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
const ADDR = "0x5fbdb2315678afecb367f032d93f642f64180aa3";

function log(block: number, index: number, extra: Record<string, unknown> = {}) {
  return {
    address: ADDR,
    topics: [HASH(0xddf252ad)],
    data: "0x",
    blockNumber: `0x${block.toString(16)}`,
    blockHash: HASH(block),
    transactionHash: HASH(block * 1000 + index),
    transactionIndex: "0x0",
    logIndex: `0x${index.toString(16)}`,
    removed: false,
    ...extra,
  };
}

const answer = (result: unknown) => JSON.stringify({ jsonrpc: "2.0", id: 1, result });

/** Paints `text` for a link with `search`; the rows' cells' text, or null when nothing painted. */
function paint(
  text: string,
  search = "blockHash=0x01",
  complete = true,
): { rows: string[][]; table: Element } | null {
  const root = document.createElement("div");
  const slot = document.createElement("div");
  slot.setAttribute(FIRST_ROWS, "");
  root.append(slot);
  if (!paintLogRows(root, new URLSearchParams(search), { text, complete })) return null;
  const table = root.querySelector("[role=table]");
  if (!table) throw new Error("painted without a table");
  const rows = [...table.querySelectorAll("[role=row][data-index]")].map((row) =>
    [...row.querySelectorAll("[role=cell]")].map((cell) => cell.textContent ?? ""),
  );
  return { rows, table };
}

describe("the first paint's log rows", () => {
  it("shows a screen of rows in the table's order (block, then log index), with block and event", () => {
    const logs = [
      log(1_234_567, 2),
      log(1_234_567, 0),
      log(99, 5),
      ...Array.from({ length: 30 }, (_, i) => log(2_000_000, i)),
    ];
    const painted = paint(answer(logs));
    expect(painted?.table.getAttribute("aria-label")).toBe("Logs");
    expect(painted?.table.getAttribute("aria-rowcount")).toBe(String(logs.length + 1));
    const headers = [...(painted?.table.querySelectorAll("[role=columnheader]") ?? [])].map(
      (h) => h.textContent,
    );
    // No block times in these logs: no Time column (as the table).
    expect(headers).toEqual([
      "Details",
      "Block",
      "Tx index",
      "Log index",
      "Transaction hash",
      "Address",
      "Event",
      "Arguments",
      "Removed",
    ]);
    expect(painted?.rows).toHaveLength(20);
    expect(painted?.rows.slice(0, 3).map((r) => r[1])).toEqual(["99", "1,234,567", "1,234,567"]);
    expect(painted?.rows[0]?.[6]).toBe("0x000000…52ad");
  });

  it("paints nothing for a link that filters, groups or sorts, nor for an error, no logs or an odd log", () => {
    const ok = answer([log(1, 0)]);
    expect(paint(ok)).not.toBeNull();
    for (const search of [
      "blockHash=0x01&q=Transfer",
      "blockHash=0x01&group=address",
      "blockHash=0x01&sort=block:desc",
    ])
      expect(paint(ok, search)).toBeNull();
    expect(
      paint(JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32000, message: "no" } })),
    ).toBeNull();
    expect(paint(answer([]))).toBeNull();
    expect(paint(answer("0x10"))).toBeNull();
    expect(paint(answer([{ ...log(1, 0), address: "0x12" }]))).toBeNull();
    expect(paint("<html>")).toBeNull();
  });

  it("paints a large answer's first rows from its first bytes, its count unknown; an order other than the table's paints nothing", () => {
    const logs = Array.from({ length: 100 }, (_, i) => log(10 + Math.floor(i / 3), i % 3));
    const whole = answer(logs);
    // Cut inside the 31st log: the 30 before it are read, the first 20 painted.
    const cut = whole.slice(0, whole.indexOf(HASH(20 * 1000 + 0)) + 10);
    const painted = paint(cut, "fromBlock=0x0&toBlock=0x100", false);
    expect(painted?.rows).toHaveLength(20);
    expect(painted?.rows[0]?.[1]).toBe("10");
    expect(painted?.rows[19]?.[1]).toBe("16");
    expect(painted?.table.getAttribute("aria-rowcount")).toBe("-1");
    // The same first bytes of a node that sends its logs in another order: the table's first
    // rows may be further on, so none are painted.
    const shuffled = answer([logs[1], logs[0], ...logs.slice(2)]);
    expect(paint(shuffled.slice(0, cut.length), "fromBlock=0x0&toBlock=0x100", false)).toBeNull();
    // Too few whole logs in the bytes read, or an error's: nothing.
    expect(paint(whole.slice(0, 2_000), "fromBlock=0x0&toBlock=0x100", false)).toBeNull();
    expect(
      paint('{"jsonrpc":"2.0","id":1,"error":{"code":-32005,"message":"result', "", false),
    ).toBeNull();
    // A whole range answer: painted, its count unknown (the range's scan may read more).
    expect(paint(whole, "fromBlock=0x0&toBlock=0x100")?.table.getAttribute("aria-rowcount")).toBe(
      "-1",
    );
  });

  it("leaves the columns a link hides out", () => {
    const painted = paint(answer([log(1, 0)]), "blockHash=0x01&hide=args,removed");
    const headers = [...(painted?.table.querySelectorAll("[role=columnheader]") ?? [])].map(
      (h) => h.textContent,
    );
    expect(headers).not.toContain("Arguments");
    expect(headers).not.toContain("Removed");
  });

  it.skipIf(!present)(
    "reads the reference client's recorded answers: every block and time as sent",
    () => {
      let cases = 0;
      for (const file of readdirSync(present ? DIR : ".").filter((f) => f.endsWith(".io"))) {
        const res = readFileSync(join(DIR, file), "utf8")
          .split("\n")
          .find((l) => l.startsWith("<< "));
        if (!res) continue;
        const body = JSON.parse(res.slice(3)) as {
          result?: { blockNumber: string; blockTimestamp?: string; logIndex: string }[];
        };
        if (!Array.isArray(body.result) || body.result.length === 0) continue;
        cases++;
        const painted = paint(res.slice(3));
        const sorted = [...body.result].sort(
          (a, b) =>
            Number(a.blockNumber) - Number(b.blockNumber) ||
            Number(a.logIndex) - Number(b.logIndex),
        );
        expect(painted?.rows, file).toHaveLength(Math.min(20, sorted.length));
        sorted.slice(0, 20).forEach((l, i) => {
          const cells = painted?.rows[i] ?? [];
          expect(cells[1], file).toBe(BigInt(l.blockNumber).toLocaleString("en-US"));
          if (l.blockTimestamp)
            expect(cells[2], file).toBe(
              new Date(Number(l.blockTimestamp) * 1000)
                .toISOString()
                .replace("T", " ")
                .replace(".000Z", " UTC"),
            );
        });
      }
      expect(cases).toBeGreaterThanOrEqual(5);
    },
  );
});
