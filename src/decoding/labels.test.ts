// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { exportLabels, importLabels, parseLabels, setLabel, userLabels } from "./labels";

const A = "0x00000000000000000000000000000000000000aa";
const B = "0x00000000000000000000000000000000000000Bb";

describe("address labels", () => {
  beforeEach(() => {
    localStorage.clear();
    userLabels.set({});
  });

  it("keeps a name per address (case-insensitive), and an empty name removes it", () => {
    setLabel(B, "  Treasury  multisig ");
    expect(userLabels.get()).toEqual({ [B.toLowerCase()]: "Treasury multisig" });
    setLabel(B.toLowerCase(), "");
    expect(userLabels.get()).toEqual({});
  });

  it("survives a reload (kept in localStorage)", () => {
    setLabel(A, "Router");
    expect(JSON.parse(localStorage.getItem("nodescope.labels") ?? "{}")).toEqual({ [A]: "Router" });
  });

  it("exports JSON that imports back to the same labels", () => {
    setLabel(A, "Router");
    setLabel(B, "Vault");
    const text = exportLabels(userLabels.get());
    userLabels.set({});
    expect(importLabels(text)).toEqual({ ok: true, added: 2, skipped: 0 });
    expect(userLabels.get()).toEqual({ [A]: "Router", [B.toLowerCase()]: "Vault" });
  });

  it("imports a plain map or a list of {address, name}, skipping what is not an address with a name", () => {
    expect(parseLabels(JSON.stringify({ [A]: "One", "0x12": "short", [B]: "" }))).toEqual({
      labels: { [A]: "One" },
      skipped: 2,
    });
    expect(parseLabels(JSON.stringify([{ address: B, name: "Two" }, { name: "x" }]))).toEqual({
      labels: { [B.toLowerCase()]: "Two" },
      skipped: 0,
    });
  });

  it("says why an import found nothing, and keeps the stored labels", () => {
    setLabel(A, "Router");
    const bad = importLabels("{not json");
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message).toMatch(/^Not JSON/);
    const empty = importLabels("[]");
    expect(empty.ok).toBe(false);
    if (!empty.ok) expect(empty.message).toMatch(/No labels found/);
    expect(userLabels.get()).toEqual({ [A]: "Router" });
  });
});
