import { describe, expect, it } from "vitest";
import type { CallFrame } from "../trace/result";
import { onwardLinks } from "./onward";
import type { SimulateRequest } from "./params";

const FROM = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
const TO = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const r: SimulateRequest = {
  tx: { from: FROM, to: TO },
  block: "0x10",
  overrides: { [FROM]: { balance: "0x64" } },
  blockOverrides: null,
};
const frame: CallFrame = {
  type: "CALL",
  from: TO,
  to: FROM,
  value: "0x5",
  gas: "0x100",
  input: "0x12345678",
};

describe("a simulated frame's onward links", () => {
  it("an inner call: estimate it, simulate it alone with the same block and overrides, its logs", () => {
    const links = onwardLinks(frame, false, r);
    expect(links.map((l) => l.label)).toEqual([
      "Estimate gas for this call",
      "Simulate this call alone",
      "Logs of this contract",
    ]);
    expect(links[0]?.href).toBe(
      `#/estimate?from=${TO}&to=${FROM}&value=0x5&data=0x12345678&block=0x10`,
    );
    const alone = new URLSearchParams(links[1]?.href.split("?")[1]);
    expect(alone.get("block")).toBe("0x10");
    expect(alone.get("gas")).toBe("0x100");
    expect(JSON.parse(alone.get("overrides") ?? "null")).toEqual(r.overrides);
  });

  it("the top call is the simulation itself; a DELEGATECALL is not a call of its own", () => {
    expect(onwardLinks(frame, true, r).map((l) => l.label)).not.toContain(
      "Simulate this call alone",
    );
    expect(onwardLinks({ ...frame, type: "DELEGATECALL" }, false, r).map((l) => l.label)).toEqual([
      "Logs of this contract",
    ]);
  });
});
