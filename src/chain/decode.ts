/**
 * Calldata, return data and logs decoded with an ABI registry (no React), and the topics a log
 * filter is built from. Revert data has its own room (revert.ts); how values read, decodedArgs.ts.
 */
import {
  decodeAbiParameters,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionData,
  isAddress,
  pad,
  type AbiFunction,
  type AbiParameter,
  type Address,
  type Hex,
} from "viem";
import {
  fallbackText,
  formatArg,
  HEX_DATA_RE,
  toArgs,
  tupleTypeName,
  type DecodedArg,
} from "./decodedArgs";
import type { EventEntry, FunctionEntry, SignatureOrigin } from "./abiItems";
import type { AbiRegistry } from "./registry";
import { entryOrigin, parseSignature } from "./abiItems";
import { guessArguments } from "./sources/guess";
import { isHashedWhenIndexed } from "./eventLayout";

// ---- calldata ----------------------------------------------------------------------------------

export type DecodeOrigin = SignatureOrigin | "guessed";

export interface DecodedCall {
  /** First 4 bytes, lower-case; null when there are fewer than 4. */
  selector: Hex | null;
  name?: string;
  signature?: string;
  /** The built-in group ("ERC-20", …), "user", "verified" or "database". */
  source?: string;
  /** Where the decode came from; "guessed" = argument types guessed from the data's shape. */
  origin?: DecodeOrigin;
  /** How many signatures the selector has (for "1 of N"); absent when guessed or unknown. */
  candidates?: number;
  /** The other signatures with this selector that also decode the data. */
  alternatives?: DecodedCall[];
  args?: DecodedArg[];
  /** Why it could not be (fully) decoded. */
  error?: string;
}

function decodeWith(entry: FunctionEntry, data: Hex, selector: Hex): DecodedCall | null {
  try {
    const decoded = decodeFunctionData({ abi: [entry.item], data });
    return {
      selector,
      name: entry.item.name,
      signature: entry.signature,
      source: entry.source,
      origin: entryOrigin(entry),
      args: toArgs(entry.item.inputs, decoded.args ?? []),
    };
  } catch {
    return null;
  }
}

/** Re-encoding gives back exactly the data: no trailing bytes, no dirty padding. */
function encodesTo(entry: FunctionEntry, call: DecodedCall, data: Hex): boolean {
  try {
    const args = (call.args ?? []).map((a) => a.raw);
    return encodeFunctionData({ abi: [entry.item], args }).toLowerCase() === data.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * Decodes transaction input / call data. With a registry layered with decoding sources and `to`,
 * the verified ABI of `to` (or its implementation's) comes first, then user items, built-ins and
 * the database. When a selector has several signatures (collisions), the first that decodes
 * cleanly (re-encodes to the same bytes) wins and the others that decode are `alternatives`.
 * When no source knows the selector and the guesser is loaded (`loadGuesser`), argument types
 * are guessed (`origin: "guessed"`).
 */
export function decodeCalldata(
  input: string,
  registry: AbiRegistry,
  opts: { to?: string | null } = {},
): DecodedCall {
  const data = input.trim();
  if (data === "" || data === "0x") return { selector: null, error: "no calldata" };
  if (!HEX_DATA_RE.test(data))
    return { selector: null, error: "calldata is not hex data (0x + whole bytes)" };
  const bytes = (data.length - 2) / 2;
  if (bytes < 4)
    return {
      selector: null,
      error: `too short: ${bytes} byte${bytes === 1 ? "" : "s"}, a selector needs 4`,
    };
  const selector = data.slice(0, 10).toLowerCase() as Hex;
  const candidates = registry.lookupFunctions(selector, opts.to);
  if (candidates.length === 0) {
    const guessed = guessArguments(data);
    if (guessed !== null)
      return {
        selector,
        origin: "guessed",
        args: toArgs(
          guessed.params.map((p) => ({ ...p, name: "" })),
          guessed.values,
        ),
      };
    return { selector, error: `unknown function selector ${selector}` };
  }
  if (candidates.length === 1) {
    const [only] = candidates;
    const call = only ? decodeWith(only, data as Hex, selector) : null;
    if (call) return { ...call, candidates: 1 };
  } else {
    // Collisions: the round trip is only paid for here, never for a selector with one signature.
    const decoded: { entry: FunctionEntry; call: DecodedCall }[] = [];
    for (const entry of candidates) {
      const call = decodeWith(entry, data as Hex, selector);
      if (call) decoded.push({ entry, call });
    }
    const best = decoded.find((d) => encodesTo(d.entry, d.call, data as Hex)) ?? decoded[0];
    if (best) {
      const alternatives = decoded
        .filter((d) => d !== best)
        .map((d) => ({ ...d.call, candidates: candidates.length }));
      return {
        ...best.call,
        candidates: candidates.length,
        ...(alternatives.length > 0 ? { alternatives } : {}),
      };
    }
  }
  const first = candidates[0];
  return {
    selector,
    name: first?.item.name,
    signature: first?.signature,
    source: first?.source,
    origin: first ? entryOrigin(first) : undefined,
    candidates: candidates.length,
    error: `calldata does not match ${first?.signature ?? selector}: the arguments could not be decoded`,
  };
}

/** Decodes a function's return data with its ABI item. */
export function decodeReturn(
  output: string,
  fnItem: AbiFunction,
): { ok: true; values: DecodedArg[] } | { ok: false; message: string } {
  const data = output.trim();
  if (!HEX_DATA_RE.test(data))
    return { ok: false, message: "return data is not hex data (0x + whole bytes)" };
  if (fnItem.outputs.length === 0) return { ok: true, values: [] };
  if (data === "0x")
    return { ok: false, message: "empty return data (is there a contract at this address?)" };
  try {
    const values = decodeAbiParameters(fnItem.outputs, data as Hex);
    return { ok: true, values: toArgs(fnItem.outputs, values) };
  } catch (err) {
    const detail =
      err instanceof Error
        ? "shortMessage" in err && typeof err.shortMessage === "string"
          ? err.shortMessage
          : err.message
        : String(err);
    return { ok: false, message: `return data does not match ${fnItem.name}'s outputs: ${detail}` };
  }
}

// ---- logs --------------------------------------------------------------------------------------

export interface DecodedLogArg extends DecodedArg {
  indexed: boolean;
  /** An indexed string/bytes/array/tuple: the topic holds only its keccak256 hash. */
  hashed: boolean;
}

export interface DecodedLog {
  topic0: Hex | null;
  name?: string;
  signature?: string;
  source?: string;
  /** Where the decode came from. */
  origin?: SignatureOrigin;
  /** How many signatures/layouts fit the topic0 and topic count (for "1 of N"). */
  candidates?: number;
  /** The other candidates that also decode the log. */
  alternatives?: DecodedLog[];
  args?: DecodedLogArg[];
  error?: string;
}

/**
 * The values of an event's inputs, in ABI order: indexed ones from topics 1…n (a hashed type
 * keeps its 32-byte topic, as viem's decodeEventLog gives it), the others from data. The
 * candidate was already picked by topic0, so this skips decodeEventLog's per-call selector
 * hashing (a keccak per log: half the decoding time of a 100,000-log table). Throws when data
 * does not hold the non-indexed values.
 */
function decodeEventValues(
  inputs: readonly AbiParameter[],
  topics: readonly Hex[],
  data: Hex,
): unknown[] {
  const out: unknown[] = new Array(inputs.length);
  const nonIndexed: AbiParameter[] = [];
  const nonIndexedAt: number[] = [];
  // Static indexed values are decoded in one pass over their topics laid end to end.
  const words: AbiParameter[] = [];
  const wordsAt: number[] = [];
  let wordHex = "";
  let topic = 1;
  inputs.forEach((p, i) => {
    if (!("indexed" in p) || p.indexed !== true) {
      nonIndexed.push(p);
      nonIndexedAt.push(i);
      return;
    }
    const t = topics[topic++];
    if (t === undefined || t.length !== 66) throw new Error("missing or short topic");
    if (isHashedWhenIndexed(p.type)) {
      out[i] = t;
    } else {
      words.push(p);
      wordsAt.push(i);
      wordHex += t.slice(2);
    }
  });
  if (words.length > 0) {
    const values = decodeAbiParameters(words, `0x${wordHex}`);
    wordsAt.forEach((at, k) => (out[at] = values[k]));
  }
  if (nonIndexed.length > 0) {
    if (data === "0x") throw new Error("no data for the non-indexed values");
    const values = decodeAbiParameters(nonIndexed, data);
    nonIndexedAt.forEach((at, k) => (out[at] = values[k]));
  }
  return out;
}

function decodeLogWith(
  entry: EventEntry,
  topics: readonly Hex[],
  data: Hex,
  t0: Hex,
): { log: DecodedLog; values: unknown[] } | null {
  try {
    const values = decodeEventValues(entry.item.inputs, topics, data);
    const args = entry.item.inputs.map((p, i): DecodedLogArg => {
      const v = values[i];
      const indexed = p.indexed === true;
      const hashed = indexed && isHashedWhenIndexed(p.type);
      return {
        name: p.name ?? "",
        type: p.type === "tuple" || p.type.startsWith("tuple[") ? tupleTypeName(p) : p.type,
        indexed,
        hashed,
        value: hashed ? fallbackText(v) : formatArg(v, p),
        // Integers read grouped where people read (as a call's arguments do, toArgs); `value`
        // keeps bare digits for copy, export and the log table's filter.
        ...(hashed ? {} : { shown: formatArg(v, p, { grouped: true }) }),
        raw: v,
      };
    });
    return {
      log: {
        topic0: t0,
        name: entry.item.name,
        signature: entry.signature,
        source: entry.source,
        origin: entryOrigin(entry),
        args,
      },
      values,
    };
  } catch {
    return null;
  }
}

/** Re-encoding the values gives back the log's data and (static) indexed topics exactly. */
function logEncodesTo(
  entry: EventEntry,
  values: readonly unknown[],
  topics: readonly Hex[],
  data: Hex,
): boolean {
  try {
    const nonIndexed: AbiParameter[] = [];
    const nonIndexedValues: unknown[] = [];
    let topic = 1;
    for (let i = 0; i < entry.item.inputs.length; i++) {
      const p = entry.item.inputs[i];
      if (p === undefined) return false;
      if (p.indexed === true) {
        const t = topics[topic++];
        if (t === undefined) return false;
        if (
          !isHashedWhenIndexed(p.type) &&
          encodeAbiParameters([p], [values[i]]) !== t.toLowerCase()
        )
          return false;
      } else {
        nonIndexed.push(p);
        nonIndexedValues.push(values[i]);
      }
    }
    const encoded =
      nonIndexed.length === 0 ? "0x" : encodeAbiParameters(nonIndexed, nonIndexedValues);
    return encoded === data.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * Decodes a log. Candidates with the log's topic0 are tried only when their indexed-param count
 * matches the log's topic count (ERC-20 Transfer has 3 topics, ERC-721 Transfer 4). With a
 * registry layered with decoding sources and the log's `address`, the verified ABI of the emitter
 * (or of its implementation) comes first. Several candidates: the first that decodes cleanly wins,
 * the others that decode are `alternatives`.
 */
export function decodeLog(
  log: { address?: string | null; topics: readonly string[]; data: string },
  registry: AbiRegistry,
): DecodedLog {
  const [topic0] = log.topics;
  if (topic0 === undefined) return { topic0: null, error: "no topics (an anonymous event)" };
  const t0 = topic0.toLowerCase() as Hex;
  const indexedCount = log.topics.length - 1;
  const candidates = registry.lookupEvents(t0, indexedCount, log.address);
  const topics = log.topics as readonly Hex[];
  const data = log.data as Hex;
  if (candidates.length === 1) {
    const [only] = candidates;
    const one = only ? decodeLogWith(only, topics, data, t0) : null;
    if (one) return { ...one.log, candidates: 1 };
  } else if (candidates.length > 1) {
    const decoded: { entry: EventEntry; log: DecodedLog; values: unknown[] }[] = [];
    for (const entry of candidates) {
      const d = decodeLogWith(entry, topics, data, t0);
      if (d) decoded.push({ entry, ...d });
    }
    const best = decoded.find((d) => logEncodesTo(d.entry, d.values, topics, data)) ?? decoded[0];
    if (best) {
      const alternatives = decoded
        .filter((d) => d !== best)
        .map((d) => ({ ...d.log, candidates: candidates.length }));
      return {
        ...best.log,
        candidates: candidates.length,
        ...(alternatives.length > 0 ? { alternatives } : {}),
      };
    }
  }
  const all =
    candidates.length > 0 ? candidates : registry.lookupEvents(t0, undefined, log.address);
  const first = all[0];
  if (first === undefined) return { topic0: t0, error: `unknown event topic ${t0}` };
  const reason =
    candidates.length === 0
      ? `${first.signature} is known, but not with ${indexedCount} indexed topic${indexedCount === 1 ? "" : "s"}`
      : `log data does not match ${first.signature}`;
  return {
    topic0: t0,
    name: first.item.name,
    signature: first.signature,
    origin: entryOrigin(first),
    error: reason,
  };
}

// ---- topics ------------------------------------------------------------------------------------

/** topic0 of an event signature: `Transfer(address,address,uint256)` or with names/`indexed`/`event`. Throws on a malformed signature. */
export function eventTopic0(signature: string): Hex {
  const parsed = parseSignature(signature, "event");
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.selector;
}

/** An address as a log topic: left-padded to 32 bytes, lower-case. Throws on a non-address. */
export function addressToTopic(addr: string): Hex {
  if (!isAddress(addr, { strict: false }))
    throw new TypeError(`not an address: ${JSON.stringify(addr)}`);
  return pad(addr.toLowerCase() as Address, { size: 32 });
}
