// @vitest-environment jsdom
/**
 * A transaction link's fields, painted from the node's answer before the app loads: on the
 * reference client's recorded answers (../shared/conformance), the same fields in the same order
 * with the same raw text as the card's model, and nothing for answers the card explains itself.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { buildTxModel } from "../../pages/tx/model";
import { parseTxResponse } from "../../transaction/txResponse";
import { FIRST_ROWS } from "./dom";
import { paintTxFields } from "./tx";

const ROOT = resolve(process.cwd(), "../shared/conformance/execution-apis");
const DIRS = ["eth_getTransactionByHash", "eth_getTransactionByBlockHashAndIndex"].map((d) =>
  join(ROOT, d),
);
const present = DIRS.every((d) => existsSync(d));
if (!present && process.env.CI === "true") throw new Error(`conformance corpus missing at ${ROOT}`);
if (!present) console.warn(`skipped: the conformance corpus is not at ${ROOT}`);

/** Paints `text`; the painted fields as [name, raw text] pairs, or null when nothing painted. */
function paint(text: string, complete = true): [string, string][] | null {
  const root = document.createElement("div");
  const slot = document.createElement("div");
  slot.setAttribute(FIRST_ROWS, "");
  root.append(slot);
  if (!paintTxFields(root, new URLSearchParams(), { text, complete })) return null;
  const list = root.querySelector('dl[aria-label="Transaction fields"]');
  if (!list) throw new Error("painted without the field list");
  return [...list.querySelectorAll("dt")].map((dt) => [
    dt.textContent ?? "",
    dt.nextElementSibling?.textContent ?? "",
  ]);
}

const TX = {
  hash: `0x${"cd".repeat(32)}`,
  from: "0x5fbdb2315678afecb367f032d93f642f64180aa3",
  to: null,
  value: "0x1bc16d674ec80000",
  chainid: "0x1",
  customField: 7,
};

describe("the first paint's transaction fields", () => {
  it("lists the known fields the node sent in the card's order, by their canonical names, as sent", () => {
    expect(paint(JSON.stringify({ jsonrpc: "2.0", id: 1, result: TX }))).toEqual([
      ["hash", TX.hash],
      ["from", TX.from],
      ["to", "null"],
      ["value", "0x1bc16d674ec80000"],
      ["chainId", "0x1"],
    ]);
  });

  it("paints nothing for an error, no transaction, or anything but a transaction object", () => {
    for (const result of [null, [], "0x12", { from: TX.from }])
      expect(paint(JSON.stringify({ jsonrpc: "2.0", id: 1, result }))).toBeNull();
    expect(
      paint(JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32000, message: "x" } })),
    ).toBeNull();
    expect(paint("Bad Gateway")).toBeNull();
  });

  it.skipIf(!present)(
    "matches the card's fields on the reference client's recorded answers",
    () => {
      let cases = 0;
      for (const dir of DIRS)
        for (const file of readdirSync(dir).filter((f) => f.endsWith(".io"))) {
          const line = readFileSync(join(dir, file), "utf8")
            .split("\n")
            .find((l) => l.startsWith("<< "));
          if (!line) continue;
          const body = JSON.parse(line.slice(3)) as { result?: unknown };
          const { tx, issues } = parseTxResponse(body.result);
          if (!tx) {
            expect(paint(line.slice(3)), file).toBeNull();
            continue;
          }
          cases++;
          const card = buildTxModel(tx, { registry: null, issues }).fields.map((f) => [
            f.name,
            f.rawText,
          ]);
          expect(paint(line.slice(3)), file).toEqual(card);
        }
      expect(cases).toBeGreaterThanOrEqual(8);
    },
  );
});
