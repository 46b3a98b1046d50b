import { describe, expect, it } from "vitest";
import { linkFieldErrors } from "./form";

describe("linkFieldErrors", () => {
  it("nests issues along their paths and keeps each field's first message", () => {
    const errors = linkFieldErrors([
      { path: ["addresses", 1, "value"], message: "bad address" },
      { path: ["toBlock"], message: "first" },
      { path: ["toBlock"], message: "second" },
    ]);
    expect(errors).toEqual({
      addresses: { 1: { value: { type: "link", message: "bad address" } } },
      toBlock: { type: "link", message: "first" },
    });
  });

  it("reads a record of messages per field, skipping fields without one", () => {
    expect(linkFieldErrors({ hash: "too short", timeout: undefined })).toEqual({
      hash: { type: "link", message: "too short" },
    });
  });
});
