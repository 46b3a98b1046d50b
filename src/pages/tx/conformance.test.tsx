// @vitest-environment jsdom
/**
 * Conformance: every transaction the reference client returned in the execution-apis cases
 * (eth_getTransactionByHash: legacy, access list, dynamic fee, blob, set-code, contract creation;
 * eth_getTransactionByBlockHashAndIndex) parses, and the card shows every key as a `<dt>` with
 * its raw value — each nested address, storage key, hash and authorization field too.
 */
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { readIoCases, requireCorpus } from "../../test-support/corpus";
import { buildTxModel } from "./model";
import { txResponseSchema } from "../../transaction/txResponse";
import { TxCard } from "./TxCard";
import TxPage from "./Page";
import { fakeRpc } from "./testing";
import { AbiRegistry } from "../../chain";

afterEach(cleanup);

const corpus = requireCorpus();
const METHODS = ["eth_getTransactionByHash", "eth_getTransactionByBlockHashAndIndex"];

interface Exchange {
  name: string;
  params: unknown[];
  result: unknown;
}

function cases(): Exchange[] {
  if (!corpus) return [];
  return METHODS.flatMap((m) =>
    readIoCases(corpus, m).map((c) => ({
      name: `${m}/${c.name}`,
      params: (c.request as { params?: unknown[] }).params ?? [],
      result: (c.response as { result?: unknown }).result,
    })),
  );
}

/** Every string leaf of a JSON value ("null" for null): what the card must show verbatim. */
function leaves(value: unknown): string[] {
  if (value === null) return ["null"];
  if (typeof value === "string") return [value];
  if (typeof value === "boolean" || typeof value === "number") return [String(value)];
  if (Array.isArray(value)) return value.length ? value.flatMap(leaves) : ["[]"];
  if (typeof value === "object")
    return Object.values(value as Record<string, unknown>).flatMap(leaves);
  return [];
}

const all = cases();
const found = all.filter((c) => c.result !== null && c.result !== undefined);

describe.skipIf(corpus === null)("conformance: transaction results of the reference client", () => {
  it("covers every transaction type and the by-block-and-index method", () => {
    const types = new Set(found.map((c) => (c.result as { type?: string }).type));
    expect([...types].sort()).toEqual(["0x0", "0x1", "0x2", "0x3", "0x4"]);
    expect(found.some((c) => c.name.startsWith("eth_getTransactionByBlockHashAndIndex/"))).toBe(
      true,
    );
    expect(all.some((c) => c.result === null)).toBe(true);
  });

  it.each(found.map((c) => [c.name, c] as const))(
    "%s: every key is a <dt> with its raw value",
    (_name, c) => {
      const parsed = txResponseSchema.parse(c.result);
      expect(parsed.tx).not.toBeNull();
      if (!parsed.tx) return;
      const model = buildTxModel(parsed.tx, { registry: new AbiRegistry() });
      render(<TxCard model={model} />);
      for (const button of screen.queryAllByRole("button", { name: /^Show all/ }))
        fireEvent.click(button);

      const terms = screen.getAllByRole("term");
      const names = terms.map((t) => t.textContent);
      const raw = c.result as Record<string, unknown>;
      for (const [key, value] of Object.entries(raw)) {
        expect(names, `${key} is shown`).toContain(key);
        const dt = terms.find((t) => t.textContent === key);
        const dd = dt?.nextElementSibling;
        expect(dd?.tagName, `${key} has a <dd>`).toBe("DD");
        const text = dd?.textContent ?? "";
        for (const leaf of leaves(value)) expect(text, `${key} shows ${leaf}`).toContain(leaf);
      }
      // No key is shown twice, and nothing the node sent went to "Other fields" unnamed.
      expect(new Set(names).size).toBe(names.length);
      expect(names.length).toBe(Object.keys(raw).length);
    },
  );

  it("the readings of the set-code transaction: type by name, authorizations as a list", () => {
    const c = found.find((x) => (x.result as { type?: string }).type === "0x4");
    expect(c).toBeDefined();
    if (!c) return;
    const parsed = txResponseSchema.parse(c.result);
    if (!parsed.tx) throw new Error("no tx");
    render(<TxCard model={buildTxModel(parsed.tx, { registry: new AbiRegistry() })} />);
    expect(screen.getAllByText("set code (EIP-7702)").length).toBeGreaterThan(0);
    const list = screen.getByRole("list", { name: "Authorization list" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);
  });

  it("the legacy contract creation reads as such, with the contract address", () => {
    const c = found.find((x) => x.name === "eth_getTransactionByBlockHashAndIndex/get-block-n");
    if (!c) throw new Error("get-block-n missing");
    const parsed = txResponseSchema.parse(c.result);
    if (!parsed.tx) throw new Error("no tx");
    render(<TxCard model={buildTxModel(parsed.tx, { registry: new AbiRegistry() })} />);
    const to = screen.getAllByRole("term").find((t) => t.textContent === "to")?.nextElementSibling;
    expect(to?.textContent).toMatch(/contract creation/);
    expect(to?.textContent).toMatch(
      /contract address \(computed from from \+ nonce\):\s*0x9344b07175800259691961298cA11c824e65032d/,
    );
    expect(screen.getByText(/contract creation code, 60 bytes/)).toBeTruthy();
  });

  it("the page runs the by-block-and-index case from a deep link with the recorded params", async () => {
    const c = found.find((x) => x.name.startsWith("eth_getTransactionByBlockHashAndIndex/"));
    if (!c) throw new Error("case missing");
    const [blockHash, index] = c.params as [string, string];
    const { sent, wrap } = fakeRpc(() => c.result);
    render(
      wrap(
        <TxPage
          search={new URLSearchParams({ blockHash, index: String(Number(index)) })}
          setSearch={() => {}}
        />,
      ),
    );
    const fields = await screen.findByLabelText("Transaction fields");
    expect(
      within(fields)
        .getAllByRole("term")
        .map((t) => t.textContent),
    ).toContain("hash");
    expect(fields.textContent).toContain((c.result as { hash: string }).hash);
    expect(sent).toEqual([
      { method: "eth_getTransactionByBlockHashAndIndex", params: [blockHash, index] },
    ]);
  });
});
