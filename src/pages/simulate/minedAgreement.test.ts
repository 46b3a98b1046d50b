import { describe, expect, it } from "vitest";
import { flatten } from "../../trace/flatten";
import type { CallFrame } from "../../trace/result";
import type { AccountChange } from "../../trace/insight/stateDiff";
import {
  compareEvents,
  compareState,
  createdAddress,
  emittedLogs,
  minedSentence,
} from "./minedAgreement";

describe("the mined transaction beside its simulation", () => {
  it("the same outcome and gas: said to be the same", () => {
    expect(minedSentence(true, "0x5208", true, 21_000n)).toBe(
      "On chain it succeeded using 21,000 gas: the same as here.",
    );
  });
  it("the same outcome, other gas: how far apart", () => {
    expect(minedSentence(true, "0x5208", true, 21_500n)).toBe(
      "On chain it succeeded using 21,000 gas: the same outcome, with more gas here (500 apart).",
    );
  });
  it("another outcome: says so and why it can differ", () => {
    expect(minedSentence(false, "0x5208", true, 30_000n)).toMatch(
      /^On chain it reverted using 21,000 gas: this simulation succeeds instead — the state it ran on differs/,
    );
  });
});

const A = "0x00000000000000000000000000000000000000aa";
const B = "0x00000000000000000000000000000000000000bb";
const log = (address: string, n: number, position?: number) => ({
  address,
  topics: [`0x${n.toString(16).padStart(64, "0")}`],
  data: "0x",
  ...(position === undefined ? {} : { position: `0x${position.toString(16)}` }),
});

describe("the events a simulation emitted, in the chain's order", () => {
  const tree: CallFrame = {
    type: "CALL",
    from: B,
    to: A,
    logs: [log(A, 1, 0), log(A, 4, 2), log(A, 5)],
    calls: [
      { type: "CALL", from: A, to: B, logs: [log(B, 2)] },
      // a reverted subcall: its event was undone, the chain never saw it
      { type: "CALL", from: A, to: B, error: "execution reverted", logs: [log(B, 9)] },
      { type: "CALL", from: A, to: B, logs: [log(B, 3)] },
    ],
  };
  it("interleaves a frame's logs with its subcalls by position and leaves out reverted frames", () => {
    const order = emittedLogs(flatten(tree)).map((l) => Number(l.topics[0]));
    expect(order).toEqual([1, 2, 4, 3, 5]);
  });
});

describe("the receipt's events beside the simulation's", () => {
  it("the same events: one count", () => {
    expect(
      compareEvents(
        [log(A, 1), log(B, 2)],
        [log(A, 1), { ...log(B, 2), address: B.toUpperCase().replace("0X", "0x") }],
      ),
    ).toEqual({ same: true, count: 2 });
  });
  it("a missing and a changed event: which positions, from both sides", () => {
    const r = compareEvents([log(A, 1), log(B, 2), log(B, 3)], [log(A, 1), log(B, 7)]);
    expect(r).toEqual({
      same: false,
      chainCount: 3,
      simCount: 2,
      differences: [
        { index: 1, chain: log(B, 2), sim: log(B, 7) },
        { index: 2, chain: log(B, 3), sim: null },
      ],
    });
  });
});

const acc = (address: string, slots: [string, string][], balance?: bigint): AccountChange => ({
  address,
  balance: balance === undefined ? null : { before: 0n, after: balance },
  nonce: null,
  code: null,
  deleted: false,
  storage: slots.map(([slot, after]) => ({ slot, before: "0x0", after })),
});

describe("the state each run left", () => {
  it("the same slots and balances: the same", () => {
    expect(
      compareState([acc(A, [["0x01", "0x05"]], 3n)], [acc(A, [["0x01", "0x05"]], 3n)]),
    ).toEqual({
      same: true,
      accounts: 1,
      slots: 1,
    });
  });
  it("another slot value and a slot only one side wrote: named per account", () => {
    const r = compareState(
      [acc(A, [["0x01", "0x05"]]), acc(B, [], 1n)],
      [
        acc(A, [
          ["0x01", "0x06"],
          ["0x02", "0x01"],
        ]),
        acc(B, [], 1n),
      ],
    );
    expect(r).toEqual({
      same: false,
      differences: [{ address: A, what: ["slot 0x1", "slot 0x2"] }],
    });
  });
});

it("the sender's gas and the fee recipient's tip are left out when named", () => {
  const sender = "0x00000000000000000000000000000000000000cc";
  const chainSide = [acc(A, [["0x01", "0x05"]]), acc(sender, [], 90n), acc(B, [], 7n)];
  const simSide = [acc(A, [["0x01", "0x05"]]), acc(sender, [], 100n)];
  expect(compareState(chainSide, simSide).same).toBe(false);
  expect(compareState(chainSide, simSide, [sender, B])).toEqual({
    same: true,
    accounts: 3,
    slots: 1,
  });
});

describe("the address a simulated creation would make", () => {
  it("the call tree's own `to` for a CREATE", () => {
    expect(createdAddress({ type: "CREATE", to: A }, B, null)).toBe(
      "0x00000000000000000000000000000000000000AA",
    );
  });
  it("else from the sender and its nonce (dev account 0's first contract)", () => {
    expect(
      createdAddress({ type: "CREATE" }, "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266", 0n),
    ).toBe("0x5FbDB2315678afecb367f032d93F642f64180aa3");
  });
});
