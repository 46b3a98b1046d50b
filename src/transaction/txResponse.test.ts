import { describe, expect, it } from "vitest";
import { parseTxResponse, txResponseSchema } from "./txResponse";

const base = {
  hash: "0x3fbac8b19b59077cd29bbacc3815d73577b45a4d976cae80b04c98c793684c07",
  from: "0x7435ed30a8b4aeb0877cef0c6e8cffe834eb865f",
  to: null,
  nonce: "0x0",
};

describe("the result schema", () => {
  it("null is a result (no transaction there), not an error", () => {
    expect(parseTxResponse(null)).toEqual({ raw: null, tx: null, issues: [] });
  });
  it("accepts the spec's lower-case spellings and names them in camelCase; keeps unknown fields and the node's JSON", () => {
    const raw = {
      ...base,
      publickey: "0x04aa",
      chainid: "0x1",
      standardv: "0x1",
      requestId: "0x" + "1".repeat(64),
      somethingNew: { a: 1 },
    };
    const r = parseTxResponse(raw);
    expect(r.raw).toBe(raw);
    expect(r.tx).toMatchObject({
      publicKey: "0x04aa",
      chainId: "0x1",
      standardV: "0x1",
      somethingNew: { a: 1 },
    });
    expect(r.tx && "publickey" in r.tx).toBe(false);
  });
  it("when a node sends both spellings, the camelCase one wins and the other is kept, not lost", () => {
    const r = parseTxResponse({ ...base, chainId: "0x1", chainid: "0x2" });
    expect(r.tx).toMatchObject({ chainId: "0x1", chainid: "0x2" });
  });
  it("sets a wrong field aside with a warning; rejects only what is not a transaction", () => {
    const bad = txResponseSchema.parse({ ...base, hash: "0x12" });
    expect(bad.issues.map((x) => [x.field, x.raw])).toEqual([["hash", "0x12"]]);
    expect(bad.tx?.hash).toBe("");
    const list = txResponseSchema.parse({ ...base, accessList: [{ address: "0x1" }] });
    expect(list.issues.map((x) => x.field)).toEqual(["accessList"]);
    expect(list.tx?.accessList).toBeUndefined();
    expect(txResponseSchema.safeParse("0x1").success).toBe(false);
  });
});
