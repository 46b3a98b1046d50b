// @vitest-environment jsdom
/**
 * Every transaction of the real-output corpus (src/test-support/corpus: Erigon on Arbitrum and
 * Polygon, OP Stack deposits, Besu, Nethermind, OpenEthereum, zkSync, BSC…) through the schema,
 * the model and the card: accepted with no warning, every key the node sent shown as a `<dt>` with
 * its raw value, extra fields under "Other fields" with a label where the app knows them, every
 * type named. Then what no corpus file has yet: fields sent as null or not at all on deposits,
 * `data` beside or instead of `input`, and fields of the wrong type shown raw with a warning.
 */
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AbiRegistry } from "../../chain";
import { corpusFiles } from "../../test-support/corpus/index";
import { buildTxModel, OTHER_FIELD_LABELS } from "./model";
import { KNOWN_FIELDS, txResponseSchema } from "../../transaction/txResponse";
import { TxCard } from "./TxCard";

afterEach(cleanup);

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function leaves(value: unknown): string[] {
  if (value === null) return ["null"];
  if (typeof value === "string") return [value];
  if (typeof value === "boolean" || typeof value === "number") return [String(value)];
  if (Array.isArray(value)) return value.length ? value.flatMap(leaves) : ["[]"];
  if (isObj(value)) return Object.values(value).flatMap(leaves);
  return [];
}

const txs = corpusFiles(
  (e) => e.method.startsWith("eth_getTransactionBy") && e.error === null && isObj(e.result),
);

function show(raw: unknown) {
  const parsed = txResponseSchema.parse(raw);
  if (!parsed.tx) throw new Error("no transaction");
  const model = buildTxModel(parsed.tx, { registry: new AbiRegistry(), issues: parsed.issues });
  render(<TxCard model={model} />);
  for (const b of screen.queryAllByRole("button", { name: /^Show all/ })) fireEvent.click(b);
  const terms = screen.getAllByRole("term");
  const dd = (name: string) =>
    terms.find((t) => t.textContent === name)?.nextElementSibling ?? null;
  return { parsed, model, terms, dd };
}

describe("every client's transaction in the corpus", () => {
  it("covers deposits, system and typed transactions of several clients", () => {
    const types = new Set(txs.map((e) => (e.result as { type?: string }).type ?? "(none)"));
    for (const t of ["0x0", "0x2", "0x3", "0x6a", "0x7e", "(none)"]) expect(types).toContain(t);
    expect(new Set(txs.map((e) => e.client)).size).toBeGreaterThanOrEqual(7);
  });

  it.each(txs.map((e) => [e.file, e] as const))(
    "%s: accepted without warnings; every key shown with its raw value",
    (_file, e) => {
      const raw = e.result as Record<string, unknown>;
      const { parsed, model, terms, dd } = show(raw);
      expect(parsed.issues).toEqual([]);
      for (const [key, value] of Object.entries(raw)) {
        const cell = dd(key);
        expect(cell, `${key} is shown`).not.toBeNull();
        for (const leaf of leaves(value))
          expect(cell?.textContent, `${key} shows ${leaf}`).toContain(leaf);
      }
      expect(terms.length).toBe(Object.keys(raw).length);
      for (const row of model.other)
        if (row.name in OTHER_FIELD_LABELS)
          expect(dd(row.name)?.querySelector("[data-field-label]")?.textContent).toContain(
            OTHER_FIELD_LABELS[row.name],
          );
      expect(model.typeName ?? "").not.toMatch(/^type 0x/);
      expect(document.body.textContent).not.toMatch(/NaN|undefined/);
    },
  );

  it("names the extra fields of Arbitrum, OP Stack, zkSync and OpenEthereum", () => {
    const other = new Set(
      txs
        .flatMap((e) => Object.keys(e.result as object))
        .filter((k) => !KNOWN_FIELDS.includes(k as never)),
    );
    for (const k of ["depositReceiptVersion", "l1BatchNumber", "l1BatchTxIndex", "condition"])
      expect(other, k).toContain(k);
    for (const k of other)
      if (!["gasUsed", "effectiveGasPrice", "status"].includes(k))
        expect(
          OTHER_FIELD_LABELS[k] ?? KNOWN_FIELDS.find((f) => f.toLowerCase() === k.toLowerCase()),
          k,
        ).toBeDefined();
  });

  it("BSC's system transaction: gas 2^63-1 shown exactly, gasPrice 0", () => {
    const e = txs.find((x) => x.client === "bsc");
    if (!e) throw new Error("no BSC file");
    const { dd } = show(e.result);
    expect(dd("gas")?.textContent).toContain("9,223,372,036,854,775,807");
  });
});

const DEPOSIT = {
  hash: `0x${"ab".repeat(32)}`,
  blockHash: `0x${"cd".repeat(32)}`,
  blockNumber: "0x10",
  transactionIndex: "0x0",
  from: `0x${"de".repeat(20)}`,
  to: `0x${"42".repeat(20)}`,
  nonce: "0x1",
  value: "0x0",
  gas: "0xf4240",
  input: "0x",
  type: "0x7e",
  sourceHash: `0x${"11".repeat(32)}`,
  mint: "0x0",
  isSystemTx: false,
  depositReceiptVersion: "0x1",
};

describe("transactions no corpus file has yet", () => {
  it("a deposit with gasPrice, v, r, s null is shown with them null, nothing invented", () => {
    const { parsed, dd } = show({ ...DEPOSIT, gasPrice: null, v: null, r: null, s: null });
    expect(parsed.issues).toEqual([]);
    for (const k of ["gasPrice", "v", "r", "s"]) expect(dd(k)?.textContent).toContain("null");
  });

  it("a deposit without gasPrice, v, r, s shows none of them", () => {
    const { terms } = show(DEPOSIT);
    const names = terms.map((t) => t.textContent);
    for (const k of ["gasPrice", "v", "r", "s"]) expect(names).not.toContain(k);
    expect(screen.getAllByText("OP Stack deposit").length).toBeGreaterThan(0);
    expect(screen.getByText("OP Stack: deposit receipt version")).toBeTruthy();
  });

  it("`data` alone is the input; beside `input` it is kept as an other field", () => {
    const alone = show({ ...DEPOSIT, input: undefined, data: "0xa9059cbb" });
    expect(alone.model.input).toBe("0xa9059cbb");
    cleanup();
    const both = show({ ...DEPOSIT, input: "0xa9059cbb", data: "0xa9059cbb" });
    expect(both.model.other.map((r) => r.name)).toEqual(["depositReceiptVersion", "data"]);
    expect(screen.getByText(/same as input/)).toBeTruthy();
  });

  it("zkSync's types are named, an unknown type by its number", () => {
    show({ ...DEPOSIT, type: "0x71" });
    expect(screen.getAllByText("EIP-712 (zkSync)").length).toBeGreaterThan(0);
    cleanup();
    show({ ...DEPOSIT, type: "0xff" });
    expect(screen.getAllByText("L1 priority (zkSync)").length).toBeGreaterThan(0);
    cleanup();
    show({ ...DEPOSIT, type: "0x70" });
    expect(screen.getAllByText("type 0x70 (112)").length).toBeGreaterThan(0);
  });

  it("a field of the wrong type is shown raw with a warning; the rest of the card stays", () => {
    const { parsed, dd } = show({ ...DEPOSIT, v: 27, gasPrice: "n/a", mint: { wei: 1 } });
    expect(parsed.issues.map((x) => x.field).sort()).toEqual(["gasPrice", "mint", "v"]);
    expect(dd("v")?.textContent).toContain("27");
    expect(dd("v")?.querySelector("[data-field-warning]")?.textContent).toMatch(/v: .*got 27/);
    expect(dd("gasPrice")?.textContent).toContain('"n/a"');
    expect(dd("hash")?.textContent).toContain(DEPOSIT.hash);
  });

  it("refuses only an answer that is not a transaction object at all", () => {
    expect(txResponseSchema.safeParse("0x12").success).toBe(false);
    expect(txResponseSchema.safeParse([DEPOSIT]).success).toBe(false);
    expect(txResponseSchema.parse(null)).toEqual({ raw: null, tx: null, issues: [] });
  });
});
