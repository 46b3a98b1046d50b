import { describe, expect, it } from "vitest";
import { toCurl } from "./curl";

describe("Copy as cURL", () => {
  const body = { jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] };
  it("keeps the key masked unless revealed", () => {
    const masked = "https://open-platform.nodereal.io/••••9abc/arbitrum/";
    expect(toCurl(masked, body)).toContain("••••9abc");
    expect(toCurl(masked, body, "secret-key-9abc")).toContain("/secret-key-9abc/arbitrum/");
  });
  it("quotes bodies holding single quotes so the shell cannot break out", () => {
    const cmd = toCurl("http://x/", { s: "it's" });
    expect(cmd).toContain(`'{"s":"it'\\''s"}'`);
  });
});
