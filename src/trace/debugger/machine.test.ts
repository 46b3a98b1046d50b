import { describe, expect, it } from "vitest";
import { LayoutNamer, Preimages, type StorageLayout } from "../../chain/solidity";
import type { FrameDebug, InternalCall, StepDetail } from "../steps";
import fixture from "../source/fixtures/ledger.json";
import { callMarks, stackAt, stackLabels, storageAt } from "./machine";

function call(over: Partial<InternalCall>): InternalCall {
  return {
    id: 0,
    name: "limit",
    path: "Stepper.sol",
    line: 80,
    enterStep: 10,
    exitStep: 20,
    gas: 100,
    gasBefore: 0,
    selfGas: 100,
    depth: 1,
    parent: -1,
    args: [
      { name: "amount", type: "uint256", value: "500" },
      { name: "cap", type: "uint256", value: "100" },
    ],
    returns: [{ name: null, type: "uint256", value: "500" }],
    callPlace: null,
    ...over,
  };
}

const detail = (stack: string[], storage: StepDetail["storage"] = null): StepDetail => ({
  step: 11,
  op: 0x5b,
  stack,
  memory: "0x",
  memoryOffset: 0,
  memorySize: 0,
  storage,
});

describe("the stack as the source says", () => {
  const marks = callMarks([call({})]);

  it("at the jump in: its target, then the arguments last to first", () => {
    expect(stackLabels(10, marks)).toEqual([
      "jump into limit",
      "cap uint256 = 100 (argument)",
      "amount uint256 = 500 (argument)",
    ]);
  });

  it("at the function's first step: the arguments, then the return address", () => {
    expect(stackLabels(11, marks)).toEqual([
      "cap uint256 = 100 (argument)",
      "amount uint256 = 500 (argument)",
      "return address of limit",
    ]);
    // the words top first, each with its label; the rest unlabelled
    const fd = { words: () => null } as unknown as FrameDebug;
    const s = stackAt(fd, 11, detail(["aa", "1f4", "64"]), marks);
    expect(s?.partial).toBe(false);
    expect(s?.words).toEqual([
      { word: "64", label: "cap uint256 = 100 (argument)" },
      { word: "1f4", label: "amount uint256 = 500 (argument)" },
      { word: "aa", label: "return address of limit" },
    ]);
  });

  it("labels a dynamic calldata argument's two words: its length above its offset", () => {
    const withBytes = callMarks([
      call({
        args: [
          { name: "x", type: "uint256", value: "7" },
          { name: "d", type: "bytes", slots: 2, value: "0xdeadbeefcafe" },
        ],
      }),
    ]);
    expect(stackLabels(10, withBytes)).toEqual([
      "jump into limit",
      "d bytes = 0xdeadbeefcafe (argument: its length)",
      "d (argument: its calldata offset)",
      "x uint256 = 7 (argument)",
    ]);
  });

  it("at the jump out: the return address, then the values returned; elsewhere nothing", () => {
    expect(stackLabels(20, marks)).toEqual([
      "return address of limit",
      "(limit's value) uint256 = 500 (returned)",
    ]);
    expect(stackLabels(15, marks)).toEqual([]);
  });

  it("without pass 2: pass 1's words at a jump, marked partial; none elsewhere", () => {
    const fd = {
      words: (k: number) => (k === 10 ? ["1234", "64", "1f4"] : null),
    } as unknown as FrameDebug;
    expect(stackAt(fd, 10, null, marks)).toEqual({
      partial: true,
      words: [
        { word: "1234", label: "jump into limit" },
        { word: "64", label: "cap uint256 = 100 (argument)" },
        { word: "1f4", label: "amount uint256 = 500 (argument)" },
      ],
    });
    expect(stackAt(fd, 12, null, marks)).toBeNull();
  });
});

describe("the storage a step reads or writes, by name", () => {
  const layout = fixture.bundles["0xe7f1725e7734ce288f8367e1bb143e90bb3f0512"]
    .storageLayout as unknown as StorageLayout;
  const namer = new LayoutNamer(layout, new Preimages());

  it("says a write at the step where the frame failed stored nothing", () => {
    const write = detail([], { slot: "0x1", value: "0x7", write: true });
    expect(storageAt(write, null, true)).toMatchObject({ write: true, failed: true });
    expect(storageAt(write, null, false)?.failed).toBeUndefined();
    const read = detail([], { slot: "0x1", value: "0x7", write: false });
    expect(storageAt(read, null, true)?.failed).toBeUndefined();
  });

  it("a packed slot: each variable in it with its value", () => {
    // slot 0: owner (address, bytes 0-19), serial (uint64, from byte 20), epoch (uint32)
    const word = `00000003${"0000000000000002"}${"ab".repeat(20)}`;
    const access = storageAt(detail([], { slot: "0", value: word, write: true }), namer);
    expect(access?.write).toBe(true);
    expect(access?.names.map((n) => [n.name, n.type, n.value])).toEqual([
      ["owner", "address", "0xABaBaBaBABabABabAbAbABAbABabababaBaBABaB"],
      ["serial", "uint64", "2"],
      ["epoch", "uint32", "3"],
    ]);
  });

  it("an EIP-1967 slot by its name; a slot nothing names stays raw; no access: null", () => {
    const admin = storageAt(
      detail([], {
        slot: "b53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103",
        value: "1",
        write: false,
      }),
      null,
    );
    expect(admin?.names[0]?.name).toMatch(/admin/i);
    const unnamed = storageAt(detail([], { slot: "ffff", value: null, write: false }), namer);
    expect(unnamed?.names).toEqual([]);
    expect(storageAt(detail([]), namer)).toBeNull();
  });
});
