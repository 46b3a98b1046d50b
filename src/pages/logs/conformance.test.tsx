// @vitest-environment jsdom
/**
 * Conformance: every eth_getLogs case recorded against the reference client parses, and the page
 * (deep link → form → scanner → table) shows its rows; the error cases show their message.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { RpcClient } from "../../rpc";
import { QueryClientProvider } from "@tanstack/react-query";
import { RpcContext } from "../../connection/context";
import { createQueryClient } from "../../connection/query-client";
import { testRpcContext } from "../../test-support/pages";
import LogsPage from "./Page";
import { parseLogs, toLogRow } from "../../logs/result";

afterEach(cleanup);

const DIR = resolve(process.cwd(), "../shared/conformance/execution-apis/eth_getLogs");
const present = existsSync(DIR);
if (!present && process.env.CI === "true") throw new Error(`conformance corpus missing at ${DIR}`);

interface Case {
  name: string;
  request: { params: [Record<string, unknown>] };
  response: { result?: unknown; error?: { code: number; message: string } };
}

function loadCases(): { cases: Case[]; empty: string[] } {
  const cases: Case[] = [];
  const empty: string[] = [];
  for (const file of readdirSync(DIR)
    .filter((f) => f.endsWith(".io"))
    .sort()) {
    const lines = readFileSync(join(DIR, file), "utf8").split("\n");
    const req = lines.find((l) => l.startsWith(">> "));
    const res = lines.find((l) => l.startsWith("<< "));
    if (!req || !res) {
      empty.push(file);
      continue;
    }
    cases.push({
      name: file,
      request: JSON.parse(req.slice(3)) as Case["request"],
      response: JSON.parse(res.slice(3)) as Case["response"],
    });
  }
  return { cases, empty };
}

class FakeJsonRpcError extends Error {
  constructor(
    public code: number,
    public rpcMessage: string,
  ) {
    super(rpcMessage);
  }
}

function linkFor(filter: Record<string, unknown>): URLSearchParams {
  const sp = new URLSearchParams();
  for (const k of ["fromBlock", "toBlock", "blockHash"])
    if (typeof filter[k] === "string") sp.set(k, filter[k] as string);
  const address = filter.address;
  if (typeof address === "string") sp.set("address", address);
  else if (Array.isArray(address)) sp.set("address", address.join(","));
  if (Array.isArray(filter.topics)) sp.set("topics", JSON.stringify(filter.topics));
  return sp;
}

function renderCase(c: Case) {
  const sent: unknown[] = [];
  const request = async (
    _endpoint: unknown,
    method: string,
    params: unknown[],
    opts?: { schema?: { parse: (x: unknown) => unknown } },
  ) => {
    if (method === "eth_blockNumber") return "0x40";
    sent.push(params[0]);
    if (c.response.error)
      throw new FakeJsonRpcError(c.response.error.code, c.response.error.message);
    return opts?.schema ? opts.schema.parse(c.response.result) : c.response.result;
  };
  const client = { request } as unknown as RpcClient;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RpcContext.Provider value={testRpcContext(client)}>
        <LogsPage search={linkFor(c.request.params[0])} setSearch={() => {}} />
      </RpcContext.Provider>
    </QueryClientProvider>,
  );
  return sent;
}

describe.skipIf(!present)("eth_getLogs conformance corpus", () => {
  const { cases, empty } = present ? loadCases() : { cases: [], empty: [] };

  it("has cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(9);
    expect(empty).toEqual(["no-topics.io"]); // recorded without an exchange
  });

  for (const c of cases.filter((x) => x.response.result !== undefined)) {
    it(`${c.name}: parses and every log shows as a row`, async () => {
      const logs = parseLogs(c.response.result).map((r, i) => toLogRow(r, i));
      const sent = renderCase(c);
      await screen.findByText(/^Done$/);
      expect(sent).toHaveLength(1);
      if (logs.length === 0) {
        expect(screen.getByText("No logs match this filter")).toBeTruthy();
        return;
      }
      const table = screen.getByRole("table", { name: "Logs" });
      expect(table.getAttribute("aria-rowcount")).toBe(String(logs.length + 1));
      const rows = within(table).getAllByRole("row").slice(1);
      expect(rows).toHaveLength(logs.length);
      logs.forEach((log, i) => {
        const row = rows[i] as HTMLElement;
        expect(within(row).getAllByRole("cell")[1]?.textContent).toBe(String(log.blockNumber));
        // short and checksummed
        expect(row.textContent?.toLowerCase()).toContain(`${log.address.slice(0, 8)}…`);
        const hrefs = within(row)
          .getAllByRole("link")
          .map((a) => a.getAttribute("href"));
        expect(hrefs).toContain(`#/trace?hash=${log.transactionHash ?? ""}`);
        // the emitting contract links to its address page
        expect(hrefs.map((h) => h?.toLowerCase())).toContain(`#/address?address=${log.address}`);
        if (log.blockTimestamp !== null)
          expect(row.textContent).toContain(
            new Date(log.blockTimestamp * 1000).toISOString().slice(0, 10),
          );
      });
    });
  }

  for (const c of cases.filter((x) => x.response.error !== undefined)) {
    it(`${c.name}: the error is shown`, async () => {
      const filter = c.request.params[0];
      const sent = renderCase(c);
      const message = c.response.error?.message ?? "";
      if (filter.blockHash && (filter.fromBlock || filter.toBlock)) {
        // the form enforces the spec's rule before any request
        await screen.findByText(/Block hash excludes From block \/ To block/);
        expect(sent).toHaveLength(0);
      } else if (parseInt(String(filter.fromBlock), 16) > parseInt(String(filter.toBlock), 16)) {
        await screen.findByText(/is before From block/);
        expect(sent).toHaveLength(0);
      } else {
        const alert = await screen.findByRole("alert");
        expect(alert.textContent).toContain(message);
        expect(sent).toHaveLength(1); // a node error is shown, never split away
      }
    });
  }
});
