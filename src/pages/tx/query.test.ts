/**
 * The lookup queries against a throwaway JSON-RPC server (the real client over real HTTP): what
 * goes on the wire, what the answer becomes, and what is sent when inputs are missing (nothing).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { skipToken } from "@tanstack/react-query";
import type { ResolvedEndpoint } from "../../endpoints";
import { createRpcClient, SchemaError } from "../../rpc";
import { createQueryClient } from "../../connection/query-client";
import { buildTxModel } from "./model";
import { txByHashQueryOptions, txQueryOptions } from "./query";

const HASH = "0x3fbac8b19b59077cd29bbacc3815d73577b45a4d976cae80b04c98c793684c07";
const BLOCK = "0x80e911b62f552f563a2544dfef5eb39ec8863d9082c998ca6b657f76e19de38e";
const TX = {
  hash: HASH,
  blockHash: BLOCK,
  blockNumber: "0x7",
  transactionIndex: "0x2",
  from: "0x7435ed30a8b4aeb0877cef0c6e8cffe834eb865f",
  to: "0xc7b99a164efd027a93f147376cc7da7c67c6bbe0",
  nonce: "0x1",
  input: "0x",
  value: "0x0",
  l1Fee: "0x10",
};

let server: Server;
let url = "";
let bodies: { method: string; params: unknown[] }[] = [];
let answer: (method: string, params: unknown[]) => unknown = () => null;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString("utf8")));
    req.on("end", () => {
      const body = JSON.parse(raw) as { id: number; method: string; params: unknown[] };
      bodies.push({ method: body.method, params: body.params });
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify({ jsonrpc: "2.0", id: body.id, result: answer(body.method, body.params) }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  bodies = [];
  answer = () => null;
});

const endpoint = (): ResolvedEndpoint => ({
  url,
  secrets: [],
  maskedUrl: url,
  host: new URL(url).host,
  rpcMethod: "eth_getTransactionByBlockHashAndIndex",
  cacheId: `local:${url}`,
  provider: "custom",
});

describe("the lookup by hash", () => {
  it("asks eth_getTransactionByHash [hash] and keeps the node's fields; the model has the position", async () => {
    answer = (method, params) => (method === "eth_getTransactionByHash" ? TX : params);
    const options = txByHashQueryOptions(createRpcClient(), endpoint(), { hash: HASH });
    expect(options.queryKey).toEqual([`local:${url}`, "eth_getTransactionByHash", [HASH]]);
    const queries = createQueryClient();
    const view = options.select?.(await queries.fetchQuery(options));
    expect(bodies).toEqual([{ method: "eth_getTransactionByHash", params: [HASH] }]);
    expect(view?.raw).toEqual(TX);
    expect(view?.tx).toMatchObject({ hash: HASH, l1Fee: "0x10" });
    expect(view?.model?.blockHash).toBe(BLOCK);
    expect(view?.model?.transactionIndex).toBe(2n);
  });

  it("null is an answer: the node does not know the hash", async () => {
    const options = txByHashQueryOptions(createRpcClient(), endpoint(), { hash: HASH });
    const response = await createQueryClient().fetchQuery(options);
    expect(response).toEqual({ raw: null, tx: null, issues: [] });
  });

  it("a malformed field is a warning on the card; only a non-object answer is a SchemaError", async () => {
    answer = () => ({ ...TX, from: "0x12" });
    const options = txByHashQueryOptions(createRpcClient(), endpoint(), { hash: HASH });
    const r = await createQueryClient().fetchQuery(options);
    expect(r.issues.map((x) => x.field)).toEqual(["from"]);
    if (!r.tx) throw new Error("no transaction");
    const model = buildTxModel(r.tx, { registry: null, issues: r.issues });
    expect(model.fields.find((f) => f.name === "from")?.warning).toMatch(/got "0x12"/);
    answer = () => "0x12";
    await expect(createQueryClient().fetchQuery(options)).rejects.toBeInstanceOf(SchemaError);
  });

  it("a mined answer is kept for good; unknown and pending ones are asked again", async () => {
    const queries = createQueryClient();
    const options = txByHashQueryOptions(createRpcClient(), endpoint(), { hash: HASH });
    await queries.fetchQuery(options);
    answer = () => ({ ...TX, blockHash: null, blockNumber: null, transactionIndex: null });
    await queries.fetchQuery(options);
    answer = () => TX;
    await queries.fetchQuery(options);
    expect(bodies).toHaveLength(3);
    const again = await queries.fetchQuery(options);
    expect(bodies).toHaveLength(3);
    expect(again.tx?.blockHash).toBe(BLOCK);
  });

  it("without an endpoint or a hash nothing can be sent", () => {
    const client = createRpcClient();
    expect(txByHashQueryOptions(client, null, { hash: HASH }).queryFn).toBe(skipToken);
    const none = txByHashQueryOptions(client, endpoint(), null);
    expect(none.queryFn).toBe(skipToken);
    expect(none.queryKey).toEqual([`local:${url}`, "eth_getTransactionByHash", null]);
  });
});

describe("the lookup by position", () => {
  it("asks [blockHash, hex index] under the endpoint's method name", async () => {
    answer = () => TX;
    const options = txQueryOptions(createRpcClient(), endpoint(), {
      blockHash: BLOCK,
      index: 2n,
    });
    await createQueryClient().fetchQuery(options);
    expect(bodies).toEqual([
      { method: "eth_getTransactionByBlockHashAndIndex", params: [BLOCK, "0x2"] },
    ]);
  });
});
