/**
 * Event kinds: what a log's event is and where each of its arguments sits (which topic, which
 * data word), learnt once per distinct (topic0, topic count, contract) by decoding ONE log of it.
 * Every other log of that kind then gives its arguments column-wise, straight from its topics
 * and data (a slice, a BigInt), without decoding: that is what lets the filter, grouping and the
 * typed sorts pass over 100,000 logs in tens of milliseconds from the moment they arrive, instead
 * of waiting for each log to be decoded in idle time. Places come from the ABI through the one
 * layout reader (chain/eventLayout.ts): a scalar's word is its head, after the static sizes of
 * the arguments before it (a `uint256[2]` takes two words, a static tuple its components'). Values
 * with no single word — strings, bytes, arrays, tuples — are read by decoding that log (`textOf`),
 * never from a word; an indexed one of them is its topic, the hash the decoder also gives.
 */
import { eventLayout } from "../chain";
import type { Decode, DecodedEvent } from "./model";
import type { LogRow } from "./result";

/** How an argument compares and sums: as a number, an address, a flag, or text. */
export type ArgType = "uint" | "int" | "address" | "bool" | "bytes" | "text";

export interface ArgSpec {
  name: string;
  /** The ABI type, e.g. `uint256`. */
  abiType: string;
  type: ArgType;
  indexed: boolean;
  /** The topic (1…3) holding an indexed value (a hashed one: the hash). */
  topic: number | null;
  /** The data word holding a scalar's value (its head); null: not one word, read by decoding. */
  word: number | null;
  /** The data word where a non-indexed argument's head starts (any type); null in a topic. */
  head: number | null;
  /** int<N>: the bits (two's complement). */
  bits: number;
}

export interface EventKind {
  /** Small integer, stable for the life of its index. */
  id: number;
  name: string;
  signature: string;
  /** name + signature, lower case: what free text matches of the event. */
  text: string;
  args: ArgSpec[];
  /** Data words every log of this kind holds: the heads of its non-indexed arguments. */
  minWords: number;
}

export type ArgValue = bigint | string | boolean | null;

function argType(t: string): ArgType {
  if (/^uint\d*$/.test(t)) return "uint";
  if (/^int\d*$/.test(t)) return "int";
  if (t === "address") return "address";
  if (t === "bool") return "bool";
  if (/^bytes\d+$/.test(t)) return "bytes";
  return "text";
}

function kindFrom(id: number, ev: DecodedEvent): EventKind {
  const layout = eventLayout(ev.args);
  const args = ev.args.map((a, i): ArgSpec => {
    const place = layout.args[i];
    const bits = /^int\d*$/.test(a.type) ? Number(a.type.slice(3) || "256") : 0;
    const spec = { name: a.name, abiType: a.type, indexed: a.indexed, bits };
    if (a.indexed) {
      // The decoder's own notion: a hashed topic is shown as the topic itself (32-byte hex text).
      const type = a.hashed ? "bytes" : argType(a.type);
      return { ...spec, type, topic: place?.topic ?? null, word: null, head: null };
    }
    const type = argType(a.type);
    const head = place?.head ?? null;
    return { ...spec, type, topic: null, word: type === "text" ? null : head, head };
  });
  return {
    id,
    name: ev.name,
    signature: ev.signature,
    text: `${ev.name} ${ev.signature}`.toLowerCase(),
    args,
    minWords: layout.headWords,
  };
}

/**
 * The kinds of one decoder's logs. `kindOf` costs two map lookups for a log whose kind is known;
 * the first log of a new kind is decoded once. A log its kind's places do not fit (short data)
 * is read as undecoded.
 */
export class KindIndex {
  readonly kinds: EventKind[] = [];
  private readonly byTopic = new Map<string, Map<string, (EventKind | null)[]>>();
  private readonly bySignature = new Map<string, number>();

  constructor(readonly decode: Decode) {}

  kindOf(row: LogRow): EventKind | null {
    const t0 = row.topics[0];
    if (t0 === undefined) return null;
    let byAddress = this.byTopic.get(t0);
    if (byAddress === undefined) {
      byAddress = new Map();
      this.byTopic.set(t0, byAddress);
    }
    let byCount = byAddress.get(row.address);
    if (byCount === undefined) {
      byCount = [];
      byAddress.set(row.address, byCount);
    }
    let k = byCount[row.topics.length];
    if (k === undefined) {
      k = this.learn(row);
      byCount[row.topics.length] = k;
    }
    if (k !== null && k.minWords > 0 && row.data.length < 2 + 64 * k.minWords) return null;
    return k;
  }

  private learn(row: LogRow): EventKind | null {
    const ev = (this.decode.fresh ?? this.decode)(row);
    if (!ev) return null;
    // One kind per event signature: the same event from many contracts groups and sorts as one.
    const sig = `${ev.name}\n${ev.signature}\n${ev.args.map((a) => `${a.type}${a.indexed ? "!" : ""}`).join(",")}`;
    const known = this.bySignature.get(sig);
    if (known !== undefined) return this.kinds[known] ?? null;
    const kind = kindFrom(this.kinds.length, ev);
    this.kinds.push(kind);
    this.bySignature.set(sig, kind.id);
    return kind;
  }

  /**
   * The argument's exact value: bigint (uint, int), lower-case 0x text (address, bytes), boolean,
   * or the decoder's text (strings as sent, arrays and tuples as `[a, b]`, `{x: 1}`).
   */
  value(row: LogRow, kind: EventKind, i: number): ArgValue {
    const a = kind.args[i];
    if (!a) return null;
    const hex = wordOf(row, a);
    if (hex === null) return this.textOf(row, i);
    switch (a.type) {
      case "address":
        return `0x${hex.slice(24).toLowerCase()}`;
      case "uint":
        return BigInt(`0x${hex}`);
      case "int":
        return BigInt.asIntN(a.bits, BigInt(`0x${hex}`));
      case "bool":
        return hex.charCodeAt(63) !== 48; // not "0"
      case "bytes": {
        // A bytesN (N < 32) is its word's first N bytes, in a topic as in data (an indexed value
        // type is its topic, not a hash); a hashed indexed value (string, bytes, array) is the
        // whole topic.
        const n = /^bytes\d+$/.test(a.abiType) ? Number(a.abiType.slice(5)) : 32;
        return `0x${hex.slice(0, n * 2).toLowerCase()}`;
      }
      case "text":
        return this.textOf(row, i);
    }
  }

  /** The argument as the decoder gives it (strings, bytes, arrays, tuples), its case kept. */
  textOf(row: LogRow, i: number): string | null {
    const ev = (this.decode.fresh ?? this.decode)(row);
    const v = ev?.args[i]?.value;
    return v === undefined ? null : v;
  }
}

/** The 64 hex digits holding an argument, or null when it has no fixed place. */
export function wordOf(row: LogRow, a: ArgSpec): string | null {
  if (a.topic !== null) {
    const t = row.topics[a.topic];
    return t === undefined ? null : t.slice(2);
  }
  if (a.word !== null) return row.data.slice(2 + a.word * 64, 2 + (a.word + 1) * 64);
  return null;
}

/** An argument's value as text: what free text and `name:` terms match, and what cells show. */
export function valueText(v: ArgValue): string {
  if (v === null) return "";
  if (typeof v === "boolean") return v ? "true" : "false";
  return v.toString();
}

const indexes = new WeakMap<Decode, KindIndex>();
/** The one kind index of a decoder (a new decoder, after an ABI was added, learns anew). */
export function kindIndexOf(decode: Decode): KindIndex {
  let k = indexes.get(decode);
  if (k === undefined) {
    k = new KindIndex(decode);
    indexes.set(decode, k);
  }
  return k;
}

/**
 * The one event the rows are, or null when they are several (or none decodes): the rows' decoded
 * argument columns come from it.
 */
export function singleKind(rows: readonly LogRow[], index: KindIndex): EventKind | null {
  let only: EventKind | null = null;
  for (const r of rows) {
    const k = index.kindOf(r);
    if (k === null) return null;
    if (only === null) only = k;
    else if (only !== k) return null;
  }
  return only;
}

/** The events among the rows, with how many logs each. */
export function kindsPresent(
  rows: readonly LogRow[],
  index: KindIndex,
): { kind: EventKind; count: number }[] {
  const counts = new Map<EventKind, number>();
  for (const r of rows) {
    const k = index.kindOf(r);
    if (k !== null) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts].map(([kind, count]) => ({ kind, count })).sort((a, b) => b.count - a.count);
}
