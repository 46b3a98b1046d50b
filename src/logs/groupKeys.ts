/**
 * The readers of a group's key that make Group by fast at 100,000 logs: numbers kept in typed
 * tables, amounts read from their word's last digits, texts lower-cased once each. No React.
 */
import type { ArgSpec } from "./kinds";
import type { LogRow } from "./result";

/**
 * Texts (a few contracts' addresses, each log's its own string) lower-cased once each: a short
 * list compared by content before a map hashes them (80,000 groups over 3 contracts).
 */
export class Lower {
  private readonly few: string[] = [];
  private readonly fewLower: string[] = [];
  private readonly many = new Map<string, string>();

  of(s: string): string {
    const few = this.few;
    for (let i = 0; i < few.length; i++) if (few[i] === s) return this.fewLower[i] ?? s;
    let l = this.many.get(s);
    if (l === undefined) {
      l = s.toLowerCase();
      if (few.length < 8) {
        few.push(s);
        this.fewLower.push(l);
      } else this.many.set(s, l);
    }
    return l;
  }
}

/** The largest number an integer argument is read as (smallWordOf): 2^52, or an int's sign bit. */
export function smallLimit(a: ArgSpec): number {
  return a.type === "uint" ? SMALL : Math.min(SMALL, 2 ** (a.bits - 1));
}

/**
 * Numbers (integers below 2^53) to small ids, in typed arrays: open addressing, no object or
 * boxed number per key (a Map of 80,000 amounts above 2^31 boxes each one).
 */
export class NumberIds {
  private keys: Float64Array;
  private ids: Int32Array;
  private mask: number;
  private size = 0;

  /** Sized for `expected` keys at once (amounts: about one per log), else grown as they come. */
  constructor(expected = 0) {
    let slots = 1024;
    while (slots < expected * 2) slots *= 2;
    this.keys = new Float64Array(slots);
    this.ids = new Int32Array(slots).fill(-1);
    this.mask = slots - 1;
  }

  /** The id of `x`, or -1 after adding it with the id `fresh`. */
  idOf(x: number, fresh: number): number {
    let i = slot(x, this.mask);
    for (;;) {
      const id = this.ids[i] ?? -1;
      if (id === -1) break;
      if (this.keys[i] === x) return id;
      i = (i + 1) & this.mask;
    }
    this.ids[i] = fresh;
    this.keys[i] = x;
    // at most half full; grown as the keys come (a few blocks need no table the size of the logs)
    if (++this.size * 2 > this.mask) this.grow();
    return -1;
  }

  private grow(): void {
    const { keys, ids } = this;
    this.mask = this.mask * 2 + 1;
    this.keys = new Float64Array(this.mask + 1);
    this.ids = new Int32Array(this.mask + 1).fill(-1);
    for (let j = 0; j < ids.length; j++) {
      const id = ids[j] ?? -1;
      if (id === -1) continue;
      const x = keys[j] ?? 0;
      let i = slot(x, this.mask);
      while ((this.ids[i] ?? -1) !== -1) i = (i + 1) & this.mask;
      this.ids[i] = id;
      this.keys[i] = x;
    }
  }
}

/**
 * Where a number starts looking in a table: murmur3's finaliser over its low and high 32 bits
 * (amounts that are multiples of a power of ten, the same low bits, still spread).
 */
function slot(x: number, mask: number): number {
  let h = (x >>> 0) ^ Math.imul((x / 4294967296) >>> 0, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) & mask;
}

/** 2^52: a number read from 13 hex digits. */
const SMALL = 2 ** 52;
const ZEROS = "0".repeat(51);

/**
 * An integer argument's value when its word is 51 zeros and then below `max` (at most 2^52), read
 * from the last 13 digits; otherwise (a larger or negative one, or no word) -1.
 */
export function smallWordOf(r: LogRow, a: ArgSpec, max: number): number {
  let s: string | undefined;
  let at: number;
  if (a.topic !== null) {
    s = r.topics[a.topic];
    at = 2;
  } else if (a.word !== null) {
    // the first word's value as the logs reader read it from the bytes (row.ts `word0`)
    const w = a.word === 0 ? r.word0 : undefined;
    if (w !== undefined) return w < max ? w : -1;
    s = r.data;
    at = 2 + a.word * 64;
  } else return -1;
  if (s === undefined || s.length < at + 64 || !s.startsWith(ZEROS, at)) return -1;
  let v = 0;
  for (let i = at + 51; i < at + 64; i++) {
    const c = s.charCodeAt(i);
    // 0-9, a-f, A-F (the node's hex, checked when the answer was read)
    v = v * 16 + (c <= 57 ? c - 48 : (c | 32) - 87);
  }
  return v < max ? v : -1;
}
