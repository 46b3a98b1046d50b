// @vitest-environment jsdom
/**
 * Every eth_getLogs answer of the real-output corpus (Erigon on mainnet, Gnosis and Polygon, Besu,
 * OpenEthereum, zkSync…) through the schema, the rows and the table: extra keys kept, `null` read
 * as an empty match, a log without `removed` shown as such (not as "no").
 */
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AbiRegistry } from "../../chain";
import { corpusFiles } from "../../test-support/corpus/index";
import { decodeLogRow } from "../../logs/decode";
import { LogTable } from "../../logs/LogTable";
import { memoDecode } from "../../logs/model";
import { logsResultSchema, toLogRow } from "../../logs/result";

afterEach(cleanup);

const answers = corpusFiles({ method: "eth_getLogs", hasResult: true });
const decode = memoDecode((row) => decodeLogRow(row, new AbiRegistry()));

describe("every client's eth_getLogs answer in the corpus", () => {
  it("has empty matches sent as [] and as null, and logs with extra keys", () => {
    expect(answers.some((e) => e.result === null)).toBe(true);
    expect(answers.some((e) => Array.isArray(e.result) && e.result.length === 0)).toBe(true);
    expect(new Set(answers.map((e) => e.client)).size).toBeGreaterThanOrEqual(4);
  });

  it.each(answers.map((e) => [e.file, e] as const))("%s: every log kept, as sent", (_f, e) => {
    const parsed = logsResultSchema.parse(e.result);
    const sent = (e.result ?? []) as Record<string, unknown>[];
    expect(parsed).toHaveLength(sent.length);
    parsed.forEach((log, i) => {
      // Every key the node sent is kept (camelCase), extra keys included.
      for (const k of Object.keys(sent[i] ?? {})) expect(Object.keys(log)).toContain(k);
    });
    const rows = parsed.map((r, i) => toLogRow(r, i));
    if (rows.length === 0) return;
    render(<LogTable rows={rows} decode={decode} initialRect={{ width: 1400, height: 4000 }} />);
    const table = screen.getByRole("table", { name: "Logs" });
    expect(within(table).getAllByRole("row")).toHaveLength(rows.length + 1);
    expect(table.textContent).not.toMatch(/NaN|undefined/);
  });
});

describe("logs no corpus file has yet", () => {
  const LOG = {
    address: `0x${"12".repeat(20)}`,
    topics: [`0x${"ab".repeat(32)}`],
    data: "0x",
    blockNumber: "0x1",
    blockHash: `0x${"cd".repeat(32)}`,
    transactionHash: `0x${"ef".repeat(32)}`,
    transactionIndex: "0x0",
    logIndex: "0x0",
  };
  it("a log without `removed` reads as not removed, and the table says the flag is missing", () => {
    const [raw] = logsResultSchema.parse([{ ...LOG, blockTimestamp: "0x5", l1BatchNumber: null }]);
    if (!raw) throw new Error("no log");
    const row = toLogRow(raw, 0);
    expect(row.removed).toBe(false);
    expect(raw.l1BatchNumber).toBeNull();
    render(<LogTable rows={[row]} decode={decode} initialRect={{ width: 2400, height: 800 }} />);
    const cells = within(screen.getByRole("table", { name: "Logs" })).getAllByRole("cell");
    const removed = cells.find((c) => c.querySelector('[title="The node sent no removed flag"]'));
    expect(removed?.textContent).toBe("—");
  });
});
