/**
 * The simulation's state and block overrides: the rows the editor shows ↔ the checked override
 * sets sent in debug_traceCall's tracer config (`stateOverrides`, `blockOverrides`) ↔ the link's
 * `overrides=` and `blockOverrides=` params. Every typed value is checked here with a message that
 * names the field; only values that passed are sent, in the exact shapes geth decodes (hex
 * quantities without leading zeros, storage keys and values as 32-byte hashes).
 */
import { MAX_UINT256, MAX_UINT64, toQuantity } from "../chain";
import { parseAddress, parseHexData } from "../call/params";
import { parseWei, parseWhole, parseWord } from "./values";

export { parseWei, parseWhole, parseWord };

/** stateDiff patches the listed slots; state replaces ALL storage of the account. */
export type StorageMode = "stateDiff" | "state";
export interface SlotRow {
  id: string;
  slot: string;
  value: string;
}
export interface AccountRow {
  id: string;
  address: string;
  balance: string;
  nonce: string;
  code: string;
  storageMode: StorageMode;
  slots: SlotRow[];
}
export interface BlockOverrideValues {
  number: string;
  time: string;
  baseFee: string;
}

export interface AccountOverride {
  balance?: string;
  nonce?: string;
  code?: string;
  state?: Record<string, string>;
  stateDiff?: Record<string, string>;
}
/** geth's state override set, as sent in debug_traceCall's tracer config `stateOverrides`. */
export type StateOverrideSet = Record<string, AccountOverride>;
/**
 * geth's BlockOverrides as sent in the tracer config `blockOverrides`. The base fee is
 * `baseFeePerGas`: geth since 1.14 (and current Erigon) read only that name and silently drop
 * `baseFee`; anvil and Reth accept either, but refuse both at once.
 */
export interface BlockOverrides {
  number?: string;
  time?: string;
  baseFeePerGas?: string;
}

export type AccountField = "address" | "balance" | "nonce" | "code" | "slots";
export type SlotProblems = { slot?: string; value?: string };
export type AccountProblems = Partial<Record<AccountField, string>> & {
  slotProblems?: Record<string, SlotProblems>;
};
export type BlockProblems = Partial<Record<keyof BlockOverrideValues, string>>;

let nextId = 0;
const freshId = (prefix: string) => `${prefix}${++nextId}`;

export function newSlotRow(): SlotRow {
  return { id: freshId("slot-"), slot: "", value: "" };
}

export function newAccountRow(): AccountRow {
  return {
    id: freshId("account-"),
    address: "",
    balance: "",
    nonce: "",
    code: "",
    storageMode: "stateDiff",
    slots: [],
  };
}

export const emptyBlockValues = (): BlockOverrideValues => ({ number: "", time: "", baseFee: "" });

// ---------------------------------------------------------------------------------------------
// Rows → the override set

const hasText = (s: string) => s.trim() !== "";
const slotIsEmpty = (s: SlotRow) => !hasText(s.slot) && !hasText(s.value);

/** A row with nothing typed and nothing chosen: ignored, not an error. */
export function isEmptyAccountRow(row: AccountRow): boolean {
  return (
    !hasText(row.address) &&
    !hasText(row.balance) &&
    !hasText(row.nonce) &&
    !hasText(row.code) &&
    row.storageMode === "stateDiff" &&
    row.slots.every(slotIsEmpty)
  );
}

/** "Override 2 (0x…)": how messages name an account row. */
function rowName(index: number, address: string): string {
  return address ? `Override ${index + 1} (${address})` : `Override ${index + 1}`;
}

function checkSlots(row: AccountRow, problems: AccountProblems): Record<string, string> {
  const words: Record<string, string> = {};
  const listed = new Set<string>();
  const slotProblems: Record<string, SlotProblems> = {};
  for (const s of row.slots) {
    if (slotIsEmpty(s)) continue;
    const p: SlotProblems = {};
    const slot = parseWord(s.slot, "Slot");
    const value = parseWord(s.value, "Value");
    if (!slot.ok) p.slot = slot.message;
    else if (slot.value === null)
      p.slot =
        "Slot is required: the storage slot to set (0x hex of at most 32 bytes, or decimal).";
    else if (listed.has(slot.value))
      p.slot = `Slot ${slot.value} is listed twice in this override: keep one row for it.`;
    else listed.add(slot.value);
    if (!value.ok) p.value = value.message;
    else if (value.value === null)
      p.value = "Value is required: the 32-byte word to store in the slot (0x0 clears it).";
    if (p.slot || p.value) slotProblems[s.id] = p;
    else if (slot.ok && slot.value !== null && value.ok && value.value !== null)
      words[slot.value] = value.value;
  }
  if (Object.keys(slotProblems).length > 0) problems.slotProblems = slotProblems;
  return words;
}

function checkAccount(
  row: AccountRow,
  index: number,
  seen: Map<string, number>,
): { override: AccountOverride; address: string | null; problems: AccountProblems } {
  const problems: AccountProblems = {};
  const override: AccountOverride = {};
  const address = parseAddress(row.address, "Address");
  let key: string | null = null;
  if (!address.ok) problems.address = address.message;
  else if (address.value === null)
    problems.address =
      "Address is required: the account whose state is overridden (0x followed by 40 hex digits).";
  else {
    const first = seen.get(address.value.toLowerCase());
    if (first !== undefined)
      problems.address = `Address ${address.value} is already overridden in Override ${first + 1}: put everything for one account in one override.`;
    else {
      seen.set(address.value.toLowerCase(), index);
      key = address.value;
    }
  }
  const balance = parseWei(row.balance, "Balance");
  if (!balance.ok) problems.balance = balance.message;
  else if (balance.value !== null) override.balance = toQuantity(balance.value);
  const nonce = parseWhole(row.nonce, "Nonce", MAX_UINT64, 1n);
  if (!nonce.ok) problems.nonce = nonce.message;
  else if (nonce.value !== null) override.nonce = toQuantity(nonce.value);
  const code = parseHexData(row.code, "Code");
  if (!code.ok) problems.code = code.message;
  else if (code.value !== null) override.code = code.value;
  const words = checkSlots(row, problems);
  if (!problems.slotProblems) {
    if (row.storageMode === "state") override.state = words;
    else if (Object.keys(words).length > 0) override.stateDiff = words;
  }
  const anyField = ["balance", "nonce", "code"].some((k) => k in override);
  const anySlot = row.slots.some((s) => !slotIsEmpty(s));
  if (
    !anyField &&
    !anySlot &&
    row.storageMode === "stateDiff" &&
    !problems.balance &&
    !problems.nonce &&
    !problems.code
  )
    problems.slots = `${rowName(index, row.address.trim())} overrides nothing: give a balance, nonce, code or a storage slot.`;
  return { override, address: key, problems };
}

/** Checks every row; the override set (null when every row is empty), or each row's problems. */
export function checkAccounts(
  rows: readonly AccountRow[],
):
  | { ok: true; value: StateOverrideSet | null }
  | { ok: false; problems: Record<string, AccountProblems> } {
  const set: StateOverrideSet = {};
  const problems: Record<string, AccountProblems> = {};
  const seen = new Map<string, number>();
  rows.forEach((row, index) => {
    if (isEmptyAccountRow(row)) return;
    const r = checkAccount(row, index, seen);
    if (Object.keys(r.problems).length > 0) problems[row.id] = r.problems;
    else if (r.address !== null) set[r.address] = r.override;
  });
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, value: Object.keys(set).length > 0 ? set : null };
}

/** Checks the block override fields; the overrides (null when all are empty), or the problems. */
export function checkBlockOverrides(
  v: BlockOverrideValues,
): { ok: true; value: BlockOverrides | null } | { ok: false; problems: BlockProblems } {
  const problems: BlockProblems = {};
  const out: BlockOverrides = {};
  const number = parseWhole(v.number, "Block number", MAX_UINT64, 19_000_000n);
  if (!number.ok) problems.number = number.message;
  else if (number.value !== null) out.number = toQuantity(number.value);
  const time = parseWhole(v.time, "Timestamp", MAX_UINT64, 1_700_000_000n);
  if (!time.ok) problems.time = time.message;
  else if (time.value !== null) out.time = toQuantity(time.value);
  const baseFee = parseWei(v.baseFee, "Base fee");
  if (!baseFee.ok) problems.baseFee = baseFee.message;
  else if (baseFee.value !== null) out.baseFeePerGas = toQuantity(baseFee.value);
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, value: Object.keys(out).length > 0 ? out : null };
}

// ---------------------------------------------------------------------------------------------
// The link's params

/** Compact JSON for the link's `overrides=`; undefined (no param) when there is nothing. */
export function overridesParam(set: StateOverrideSet | null): string | undefined {
  return set === null ? undefined : JSON.stringify(set);
}

/** Compact JSON for the link's `blockOverrides=`; undefined (no param) when there is nothing. */
export function blockOverridesParam(b: BlockOverrides | null): string | undefined {
  return b === null ? undefined : JSON.stringify(b);
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const ACCOUNT_KEYS = ["balance", "nonce", "code", "state", "stateDiff"];

type Friendly = { ok: true; text: string } | { ok: false; message: string };

/** A quantity from JSON as the form shows it: decimal when it is a valid quantity, else as given. */
function friendlyQuantity(raw: unknown, what: string, max: bigint): Friendly {
  if (raw === undefined || raw === null) return { ok: true, text: "" };
  if (typeof raw === "number") {
    if (Number.isSafeInteger(raw) && raw >= 0) return { ok: true, text: String(raw) };
    return { ok: false, message: `${what} must be a whole number written as a 0x hex string.` };
  }
  if (typeof raw !== "string")
    return { ok: false, message: `${what} must be a 0x hex string, not ${typeof raw}.` };
  const t = raw.trim();
  if (/^(?:0x[0-9a-f]+|\d+)$/i.test(t) && BigInt(t) <= max)
    return { ok: true, text: BigInt(t).toString() };
  return { ok: true, text: raw };
}

function slotRowsFromJson(
  raw: unknown,
  where: string,
): { ok: true; slots: SlotRow[] } | { ok: false; message: string } {
  if (!isObject(raw))
    return {
      ok: false,
      message: `${where} must be an object of slot → value, e.g. {"0x0…0": "0x0…1"}.`,
    };
  const slots: SlotRow[] = [];
  for (const [slot, value] of Object.entries(raw)) {
    if (typeof value !== "string")
      return { ok: false, message: `${where}: the value of slot ${slot} must be a 0x hex string.` };
    slots.push({ ...newSlotRow(), slot, value });
  }
  return { ok: true, slots };
}

function accountFromJson(
  address: string,
  raw: unknown,
): { ok: true; row: AccountRow } | { ok: false; message: string } {
  const where = `The override for ${address}`;
  if (!isObject(raw))
    return {
      ok: false,
      message: `${where} must be an object with balance, nonce, code, state or stateDiff.`,
    };
  const unknown = Object.keys(raw).filter((k) => !ACCOUNT_KEYS.includes(k));
  if (unknown.length > 0)
    return {
      ok: false,
      message: `${where} uses ${unknown.join(", ")}, which this editor does not support: remove ${unknown.length > 1 ? "them" : "it"} (supported: balance, nonce, code, state, stateDiff).`,
    };
  const hasState = raw.state !== undefined && raw.state !== null;
  const hasDiff = raw.stateDiff !== undefined && raw.stateDiff !== null;
  if (hasState && hasDiff)
    return {
      ok: false,
      message: `${where} has both state and stateDiff, which nodes refuse: keep state (replace all storage) or stateDiff (patch slots).`,
    };
  const row: AccountRow = { ...newAccountRow(), address };
  const balance = friendlyQuantity(raw.balance, `${where}: balance`, MAX_UINT256);
  if (!balance.ok) return balance;
  row.balance = balance.text;
  const nonce = friendlyQuantity(raw.nonce, `${where}: nonce`, MAX_UINT64);
  if (!nonce.ok) return nonce;
  row.nonce = nonce.text;
  if (raw.code !== undefined && raw.code !== null) {
    if (typeof raw.code !== "string")
      return { ok: false, message: `${where}: code must be a 0x hex string.` };
    row.code = raw.code;
  }
  if (hasState || hasDiff) {
    const slots = slotRowsFromJson(
      hasState ? raw.state : raw.stateDiff,
      `${where}: ${hasState ? "state" : "stateDiff"}`,
    );
    if (!slots.ok) return slots;
    row.slots = slots.slots;
    row.storageMode = hasState ? "state" : "stateDiff";
  }
  return { ok: true, row };
}

/** A link param that must hold a JSON object; `what` names it in the message, `shape` says what it must be. */
function jsonObject(
  text: string,
  what: string,
  shape: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return {
      ok: false,
      message: `${what} are not valid JSON (${e instanceof Error ? e.message : String(e)}).`,
    };
  }
  return isObject(parsed)
    ? { ok: true, value: parsed }
    : { ok: false, message: `${what} must be ${shape}.` };
}

/** The link's `overrides=` (a state override set as JSON) → the editor's rows. Empty → no rows. */
export function rowsFromJson(
  text: string,
): { ok: true; rows: AccountRow[] } | { ok: false; message: string } {
  if (text.trim() === "") return { ok: true, rows: [] };
  const json = jsonObject(
    text,
    "The state overrides",
    'a JSON object of address → override, e.g. {"0x…": {"balance": "0x56bc75e2d63100000"}}',
  );
  if (!json.ok) return json;
  const parsed = json.value;
  const rows: AccountRow[] = [];
  for (const [address, raw] of Object.entries(parsed)) {
    const r = accountFromJson(address, raw);
    if (!r.ok) return r;
    rows.push(r.row);
  }
  return { ok: true, rows };
}

const BLOCK_KEYS: Readonly<Record<string, keyof BlockOverrideValues>> = {
  number: "number",
  time: "time",
  baseFeePerGas: "baseFee",
  // geth before 1.14 (and anvil, Reth) spell it baseFee: links written for them still load.
  baseFee: "baseFee",
};

/** The link's `blockOverrides=` (JSON) → the editor's values. Empty → all empty. */
export function blockValuesFromJson(
  text: string,
): { ok: true; values: BlockOverrideValues } | { ok: false; message: string } {
  const values = emptyBlockValues();
  if (text.trim() === "") return { ok: true, values };
  const json = jsonObject(
    text,
    "The block overrides",
    'a JSON object, e.g. {"number": "0x1", "time": "0x65"}',
  );
  if (!json.ok) return json;
  const parsed = json.value;
  if ("baseFee" in parsed && "baseFeePerGas" in parsed)
    return {
      ok: false,
      message: "The block overrides give both baseFee and baseFeePerGas: keep one (baseFeePerGas).",
    };
  const unknown = Object.keys(parsed).filter((k) => !Object.hasOwn(BLOCK_KEYS, k));
  if (unknown.length > 0)
    return {
      ok: false,
      message: `The block overrides use ${unknown.join(", ")}, which this editor does not support (supported: number, time, baseFeePerGas).`,
    };
  for (const [key, raw] of Object.entries(parsed)) {
    const field = BLOCK_KEYS[key];
    if (field === undefined) continue;
    const r = friendlyQuantity(
      raw,
      `The block override ${key}`,
      field === "baseFee" ? MAX_UINT256 : MAX_UINT64,
    );
    if (!r.ok) return r;
    values[field] = r.text;
  }
  return { ok: true, values };
}
