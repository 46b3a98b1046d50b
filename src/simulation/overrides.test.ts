import { describe, expect, it } from "vitest";
import {
  blockOverridesParam,
  blockValuesFromJson,
  checkAccounts,
  checkBlockOverrides,
  emptyBlockValues,
  newAccountRow,
  newSlotRow,
  overridesParam,
  parseWei,
  parseWord,
  rowsFromJson,
  type AccountProblems,
  type AccountRow,
  type SlotRow,
} from "./overrides";

const ADDR = "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed";
const CHECKSUMMED = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const BAD_CHECKSUM = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD";
const OTHER = "0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359";
const word = (hex: string) => `0x${hex.padStart(64, "0")}`;

const slot = (s: string, v: string): SlotRow => ({ ...newSlotRow(), slot: s, value: v });
const account = (v: Partial<AccountRow>): AccountRow => ({ ...newAccountRow(), ...v });

function set(rows: AccountRow[]) {
  const r = checkAccounts(rows);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.value;
}
/** The problems of the one failing row. */
function problemsOf(rows: AccountRow[], index = 0): AccountProblems {
  const r = checkAccounts(rows);
  if (r.ok) throw new Error("expected problems");
  const id = rows[index]?.id ?? "";
  return r.problems[id] ?? {};
}

describe("new rows", () => {
  it("have unique ids and start empty, patching slots", () => {
    const a = newAccountRow();
    const b = newAccountRow();
    expect(a.id).not.toBe(b.id);
    expect(newSlotRow().id).not.toBe(newSlotRow().id);
    expect(a).toMatchObject({ address: "", balance: "", storageMode: "stateDiff", slots: [] });
  });
});

describe("checkAccounts", () => {
  it("ignores rows left empty, and gives null when there is nothing", () => {
    expect(set([])).toBeNull();
    expect(set([newAccountRow(), account({ slots: [newSlotRow()] })])).toBeNull();
    expect(set([newAccountRow(), account({ address: ADDR, balance: "1" })])).toEqual({
      [ADDR]: { balance: "0x1" },
    });
  });

  it("checks the address: required, 40 hex digits, checksum when mixed case", () => {
    expect(problemsOf([account({ balance: "1" })]).address).toMatch(/^Address is required/);
    expect(problemsOf([account({ address: "0x1234", balance: "1" })]).address).toBe(
      "Address must be 40 hex digits after 0x (this one has 4).",
    );
    expect(problemsOf([account({ address: ADDR.slice(2), balance: "1" })]).address).toMatch(
      /^Address must start with 0x/,
    );
    expect(problemsOf([account({ address: BAD_CHECKSUM, balance: "1" })]).address).toMatch(
      /^Address has a checksum that does not match/,
    );
    expect(set([account({ address: CHECKSUMMED, balance: "1" })])).toEqual({
      [CHECKSUMMED]: { balance: "0x1" },
    });
  });

  it("refuses the same address twice, on the second row", () => {
    const rows = [
      account({ address: ADDR, balance: "1" }),
      account({ address: CHECKSUMMED, nonce: "2" }),
    ];
    const r = checkAccounts(rows);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems[rows[0]?.id ?? ""]).toBeUndefined();
    expect(r.problems[rows[1]?.id ?? ""]?.address).toBe(
      `Address ${CHECKSUMMED} is already overridden in Override 1: put everything for one account in one override.`,
    );
  });

  it("sends balance as a hex quantity from wei, hex, or an amount with a unit", () => {
    const balance = (b: string) => set([account({ address: ADDR, balance: b })])?.[ADDR]?.balance;
    expect(balance("100 ether")).toBe("0x56bc75e2d63100000");
    expect(balance("100ether")).toBe("0x56bc75e2d63100000");
    expect(balance("100 ETH")).toBe("0x56bc75e2d63100000");
    expect(balance("1.5 ether")).toBe("0x14d1120d7b160000");
    expect(balance("30 gwei")).toBe("0x6fc23ac00");
    expect(balance("1000 wei")).toBe("0x3e8");
    expect(balance("1000")).toBe("0x3e8");
    expect(balance("1_000")).toBe("0x3e8");
    expect(balance("0x0003e8")).toBe("0x3e8");
    expect(balance("0")).toBe("0x0");
  });

  it("says what a balance must be", () => {
    const msg = (b: string) => problemsOf([account({ address: ADDR, balance: b })]).balance;
    expect(msg("1.5")).toBe(
      "Balance without a unit is in wei, which has no decimals: add a unit (1.5 ether) or give a whole number of wei.",
    );
    expect(msg("-1 ether")).toBe("Balance cannot be negative.");
    expect(msg("lots")).toMatch(/^Balance must be wei \(decimal like 1000000 or 0x hex/);
    expect(msg("abc ether")).toBe("Balance must be a number of ether, e.g. 1.5.");
    expect(msg("0x10 ether")).toMatch(/^Balance: a 0x amount is in wei/);
    expect(msg("ether")).toBe('Balance needs a number before "ether", e.g. 100 ether.');
    expect(msg("0.0000000000000000001 ether")).toMatch(/^Balance: Too many decimals: ether/);
    expect(msg(`0x1${"0".repeat(64)}`)).toBe("Balance is too large: at most 2^256 − 1.");
    expect(msg("1.5 wei")).toMatch(/^Balance: wei is the smallest unit/);
  });

  it("sends the nonce as a hex quantity up to 2^64 − 1", () => {
    expect(set([account({ address: ADDR, nonce: "10" })])).toEqual({ [ADDR]: { nonce: "0xa" } });
    expect(set([account({ address: ADDR, nonce: "0x0a" })])).toEqual({ [ADDR]: { nonce: "0xa" } });
    const msg = (n: string) => problemsOf([account({ address: ADDR, nonce: n })]).nonce;
    expect(msg("18446744073709551616")).toBe("Nonce is too large: at most 2^64 − 1.");
    expect(msg("1.5")).toBe("Nonce must be a whole number: decimal (1) or 0x hex (0x1).");
    expect(msg("-1")).toBe("Nonce cannot be negative.");
  });

  it("sends code as lower-case hex bytes; 0x alone clears it", () => {
    expect(set([account({ address: ADDR, code: "0x60FF" })])).toEqual({
      [ADDR]: { code: "0x60ff" },
    });
    expect(set([account({ address: ADDR, code: "0x" })])).toEqual({ [ADDR]: { code: "0x" } });
    const msg = (c: string) => problemsOf([account({ address: ADDR, code: c })]).code;
    expect(msg("0x123")).toBe("Code has an odd number of hex digits (3): each byte is two digits.");
    expect(msg("6060")).toBe("Code must be hex bytes starting with 0x.");
    expect(msg("0x60zz")).toMatch(/^Code has a character that is not a hex digit: "z"/);
  });

  it("pads slots and values to 32 bytes and patches them with stateDiff", () => {
    const rows = [
      account({
        address: ADDR,
        slots: [slot("0x0", "0x5"), slot("3", "255"), slot(word("AB"), "0x0"), newSlotRow()],
      }),
    ];
    expect(set(rows)).toEqual({
      [ADDR]: {
        stateDiff: {
          [word("0")]: word("5"),
          [word("3")]: word("ff"),
          [word("ab")]: word("0"),
        },
      },
    });
  });

  it("replaces all storage with state; no slots means empty storage", () => {
    expect(
      set([account({ address: ADDR, storageMode: "state", slots: [slot("0x1", "0x2")] })]),
    ).toEqual({ [ADDR]: { state: { [word("1")]: word("2") } } });
    expect(set([account({ address: ADDR, storageMode: "state" })])).toEqual({
      [ADDR]: { state: {} },
    });
    // Choosing "replace all storage" is a choice: the row is not empty, so it needs an address.
    expect(problemsOf([account({ storageMode: "state" })]).address).toMatch(/^Address is required/);
  });

  it("says when a row overrides nothing", () => {
    expect(problemsOf([account({ address: ADDR })]).slots).toBe(
      `Override 1 (${ADDR}) overrides nothing: give a balance, nonce, code or a storage slot.`,
    );
    expect(problemsOf([account({ address: ADDR, slots: [newSlotRow()] })]).slots).toMatch(
      /overrides nothing/,
    );
  });

  it("checks each slot and value: hex, at most 32 bytes, both given, no slot twice", () => {
    const s = [
      slot(`0x${"1".repeat(65)}`, "0x1"),
      slot("0x1", "0xzz"),
      slot("", "0x1"),
      slot("0x9", ""),
      slot("0x02", "0x3"),
      slot("2", "0x4"),
      slot("-1", "x"),
    ];
    const p = problemsOf([account({ address: ADDR, slots: s })]).slotProblems ?? {};
    const of = (i: number) => p[s[i]?.id ?? ""];
    expect(of(0)).toEqual({
      slot: "Slot has 65 hex digits: a storage word is at most 32 bytes (64 hex digits).",
    });
    expect(of(1)).toEqual({ value: 'Value has a character that is not a hex digit: "z".' });
    expect(of(2)?.slot).toMatch(/^Slot is required/);
    expect(of(3)?.value).toMatch(/^Value is required: .*0x0 clears it/);
    expect(of(4)).toBeUndefined();
    expect(of(5)).toEqual({
      slot: `Slot ${word("2")} is listed twice in this override: keep one row for it.`,
    });
    expect(of(6)).toEqual({
      slot: "Slot cannot be negative: a storage word is 32 bytes, written as 0x hex.",
      value: "Value must be 0x hex of at most 32 bytes (e.g. 0x0 or 0x1f), or a decimal number.",
    });
  });

  it("lets the same slot appear in two different accounts", () => {
    expect(
      set([
        account({ address: ADDR, slots: [slot("0x1", "0x1")] }),
        account({ address: OTHER, slots: [slot("0x1", "0x2")] }),
      ]),
    ).toEqual({
      [ADDR]: { stateDiff: { [word("1")]: word("1") } },
      [OTHER]: { stateDiff: { [word("1")]: word("2") } },
    });
  });
});

describe("single values", () => {
  it("parseWord handles the edges of 32 bytes", () => {
    expect(parseWord(`0x${"f".repeat(64)}`, "Slot")).toEqual({
      ok: true,
      value: `0x${"f".repeat(64)}`,
    });
    expect(parseWord((2n ** 256n).toString(), "Value")).toEqual({
      ok: false,
      message: "Value is too large: a storage word is at most 2^256 − 1 (32 bytes).",
    });
    expect(parseWord("0x", "Slot")).toEqual({
      ok: false,
      message: "Slot needs hex digits after 0x, e.g. 0x0 or 0x1f.",
    });
    expect(parseWord("  ", "Slot")).toEqual({ ok: true, value: null });
  });

  it("parseWei names its field", () => {
    expect(parseWei("x", "Base fee")).toMatchObject({
      ok: false,
      message: /^Base fee must be wei/,
    });
    expect(parseWei("0x10 wei", "Base fee")).toEqual({ ok: true, value: 16n });
  });
});

describe("checkBlockOverrides", () => {
  it("gives null when empty, hex quantities under geth's names otherwise", () => {
    expect(checkBlockOverrides(emptyBlockValues())).toEqual({ ok: true, value: null });
    expect(checkBlockOverrides({ number: "100", time: "0x65", baseFee: "30 gwei" })).toEqual({
      ok: true,
      value: { number: "0x64", time: "0x65", baseFeePerGas: "0x6fc23ac00" },
    });
    expect(checkBlockOverrides({ number: "", time: "", baseFee: "7" })).toEqual({
      ok: true,
      value: { baseFeePerGas: "0x7" },
    });
  });

  it("says what each field must be", () => {
    expect(checkBlockOverrides({ number: "latest", time: "-1", baseFee: "1.5" })).toEqual({
      ok: false,
      problems: {
        number: "Block number must be a whole number: decimal (19000000) or 0x hex (0x121eac0).",
        time: "Timestamp cannot be negative.",
        baseFee:
          "Base fee without a unit is in wei, which has no decimals: add a unit (1.5 ether) or give a whole number of wei.",
      },
    });
    expect(
      checkBlockOverrides({ number: "0x10000000000000000", time: "", baseFee: "" }),
    ).toMatchObject({
      ok: false,
      problems: { number: "Block number is too large: at most 2^64 − 1." },
    });
  });
});

describe("the link's params", () => {
  it("are compact JSON, absent when there is nothing", () => {
    expect(overridesParam(null)).toBeUndefined();
    expect(blockOverridesParam(null)).toBeUndefined();
    expect(overridesParam({ [ADDR]: { balance: "0x1" } })).toBe(`{"${ADDR}":{"balance":"0x1"}}`);
    expect(blockOverridesParam({ number: "0x1" })).toBe('{"number":"0x1"}');
  });

  it("round-trips: rows → check → param → rows → check gives the same set", () => {
    const rows = [
      account({
        address: CHECKSUMMED,
        balance: "100 ether",
        nonce: "7",
        code: "0x6000",
        slots: [slot("0x0", "1"), slot("5", "0xabc")],
      }),
      account({ address: OTHER, storageMode: "state" }),
      account({ address: "0x00000000000000000000000000000000000000c0", balance: "0" }),
    ];
    const first = set(rows);
    const param = overridesParam(first);
    const back = rowsFromJson(param ?? "");
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(set(back.rows)).toEqual(first);
    // And again, from the rows the link gave.
    expect(overridesParam(set(back.rows))).toBe(param);
    // The form shows the balance and nonce friendly, as decimals.
    expect(back.rows[0]).toMatchObject({
      address: CHECKSUMMED,
      balance: "100000000000000000000",
      nonce: "7",
      code: "0x6000",
      storageMode: "stateDiff",
    });
    expect(back.rows[0]?.slots.map((s) => [s.slot, s.value])).toEqual([
      [word("0"), word("1")],
      [word("5"), word("abc")],
    ]);
    expect(back.rows[1]).toMatchObject({ address: OTHER, storageMode: "state", slots: [] });
  });

  it("round-trips block overrides", () => {
    const first = checkBlockOverrides({ number: "100", time: "1700000000", baseFee: "1 gwei" });
    if (!first.ok) throw new Error("expected ok");
    const back = blockValuesFromJson(blockOverridesParam(first.value) ?? "");
    expect(back).toEqual({
      ok: true,
      values: { number: "100", time: "1700000000", baseFee: "1000000000" },
    });
    if (back.ok) expect(checkBlockOverrides(back.values)).toEqual(first);
  });

  it("reads any geth state override set", () => {
    const r = rowsFromJson(
      JSON.stringify({
        [ADDR]: { balance: "0x56bc75e2d63100000", nonce: 3, stateDiff: { [word("1")]: word("2") } },
        [OTHER]: { code: "0x00", state: {}, balance: null },
      }),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.rows).toHaveLength(2);
    expect(r.rows[0]).toMatchObject({ balance: "100000000000000000000", nonce: "3" });
    expect(r.rows[1]).toMatchObject({ code: "0x00", storageMode: "state", slots: [], balance: "" });
    expect(set(r.rows)).toEqual({
      [ADDR]: {
        balance: "0x56bc75e2d63100000",
        nonce: "0x3",
        stateDiff: { [word("1")]: word("2") },
      },
      [OTHER]: { code: "0x00", state: {} },
    });
  });

  it("keeps a bad value as given, for the form to point at", () => {
    const r = rowsFromJson(JSON.stringify({ [ADDR]: { balance: "0xZZ" } }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.rows[0]?.balance).toBe("0xZZ");
    expect(problemsOf(r.rows).balance).toMatch(/^Balance must be wei/);
  });

  it("empty text is no rows", () => {
    expect(rowsFromJson("")).toEqual({ ok: true, rows: [] });
    expect(rowsFromJson("  ")).toEqual({ ok: true, rows: [] });
    expect(rowsFromJson("{}")).toEqual({ ok: true, rows: [] });
  });

  it("explains what it cannot read", () => {
    const msg = (text: string) => {
      const r = rowsFromJson(text);
      return r.ok ? null : r.message;
    };
    expect(msg("{nope")).toMatch(/^The state overrides are not valid JSON \(/);
    expect(msg("[1]")).toMatch(/^The state overrides must be a JSON object of address → override/);
    expect(msg(JSON.stringify({ [ADDR]: "0x1" }))).toBe(
      `The override for ${ADDR} must be an object with balance, nonce, code, state or stateDiff.`,
    );
    expect(msg(JSON.stringify({ [ADDR]: { state: {}, stateDiff: {} } }))).toBe(
      `The override for ${ADDR} has both state and stateDiff, which nodes refuse: keep state (replace all storage) or stateDiff (patch slots).`,
    );
    expect(msg(JSON.stringify({ [ADDR]: { movePrecompileToAddress: OTHER } }))).toBe(
      `The override for ${ADDR} uses movePrecompileToAddress, which this editor does not support: remove it (supported: balance, nonce, code, state, stateDiff).`,
    );
    expect(msg(JSON.stringify({ [ADDR]: { stateDiff: [] } }))).toMatch(
      /^The override for 0x.*: stateDiff must be an object of slot → value/,
    );
    expect(msg(JSON.stringify({ [ADDR]: { state: { "0x1": 2 } } }))).toBe(
      `The override for ${ADDR}: state: the value of slot 0x1 must be a 0x hex string.`,
    );
    expect(msg(JSON.stringify({ [ADDR]: { code: 1 } }))).toBe(
      `The override for ${ADDR}: code must be a 0x hex string.`,
    );
    expect(msg(JSON.stringify({ [ADDR]: { nonce: 1.5 } }))).toBe(
      `The override for ${ADDR}: nonce must be a whole number written as a 0x hex string.`,
    );
    expect(msg(JSON.stringify({ [ADDR]: { balance: true } }))).toBe(
      `The override for ${ADDR}: balance must be a 0x hex string, not boolean.`,
    );
  });

  it("reads block overrides, either spelling of the base fee", () => {
    expect(blockValuesFromJson("")).toEqual({ ok: true, values: emptyBlockValues() });
    expect(blockValuesFromJson('{"baseFee":"0x10","number":"0x1"}')).toEqual({
      ok: true,
      values: { number: "1", time: "", baseFee: "16" },
    });
    const msg = (text: string) => {
      const r = blockValuesFromJson(text);
      return r.ok ? null : r.message;
    };
    expect(msg('{"gasLimit":"0x1"}')).toBe(
      "The block overrides use gasLimit, which this editor does not support (supported: number, time, baseFeePerGas).",
    );
    expect(msg('{"toString":"0x1"}')).toMatch(/use toString, which this editor does not support/);
    expect(msg('{"baseFee":"0x1","baseFeePerGas":"0x1"}')).toMatch(
      /both baseFee and baseFeePerGas/,
    );
    expect(msg("[")).toMatch(/^The block overrides are not valid JSON/);
    expect(msg("1")).toMatch(/^The block overrides must be a JSON object/);
  });
});
