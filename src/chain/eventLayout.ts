/**
 * Where each argument of an event sits in a log, from the ABI alone: the one reading of an
 * event's layout that the decoder (decode.ts: which indexed values are hashes) and the log table
 * (eth_getLogs/kinds.ts: reading arguments in place, without decoding each log) share.
 *
 * Indexed arguments take topics 1…3 in order; a string, bytes, array or tuple there is only the
 * keccak256 hash of its value. Non-indexed arguments are ABI-encoded together in data: each has a
 * head, placed after the heads of those before it. A static value (a scalar, a static array, a
 * static tuple, nested) is its head, as many words as its size; a dynamic one (string, bytes,
 * `T[]`, or an array or tuple holding one) takes one head word, an offset to its tail.
 */

/** An ABI parameter as the ABI gives it (`tuple` with components) or as a canonical type (`(uint256,bool)[2]`). */
export interface LayoutParam {
  type: string;
  indexed?: boolean;
  components?: readonly LayoutParam[];
}

export interface ArgPlace {
  indexed: boolean;
  /** An indexed string, bytes, array or tuple: its topic holds the value's keccak256 hash. */
  hashed: boolean;
  /** The topic (1…3) holding an indexed argument; null when in data. */
  topic: number | null;
  /** The data word where a non-indexed argument's head starts; null when in a topic. */
  head: number | null;
  /** Words its head takes in data: its static size, or 1 (the offset) when dynamic; 0 in a topic. */
  headWords: number;
  /** Its value has no fixed size: its head holds an offset into data. */
  dynamic: boolean;
}

export interface EventLayout {
  args: ArgPlace[];
  /** Words every log of the event holds in data at least: the heads of its non-indexed arguments. */
  headWords: number;
}

const ARRAY_RE = /^(.*)\[(\d*)\]$/;

/** An indexed value of this type is stored as its hash: string, bytes, any array, any tuple. */
export function isHashedWhenIndexed(type: string): boolean {
  return (
    type === "string" ||
    type === "bytes" ||
    type.startsWith("tuple") ||
    type.startsWith("(") ||
    type.endsWith("]")
  );
}

/** The component types of a canonical tuple type `(a,(b,c)[2],d)`, split at its top-level commas. */
function tupleParts(type: string): string[] {
  const body = type.slice(1, -1);
  if (body === "") return [];
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body.charAt(i);
    if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "," && depth === 0) {
      out.push(body.slice(start, i));
      start = i + 1;
    }
  }
  out.push(body.slice(start));
  return out;
}

/** The words a value of this type takes where it is encoded in place, or null when it is dynamic. */
export function staticWords(p: LayoutParam): number | null {
  const array = ARRAY_RE.exec(p.type);
  if (array !== null) {
    if (array[2] === "") return null;
    const inner = staticWords({ ...p, type: array[1] ?? "" });
    return inner === null ? null : inner * Number(array[2]);
  }
  let parts: readonly LayoutParam[] | null = null;
  if (p.type === "tuple") parts = p.components ?? [];
  else if (p.type.startsWith("(") && p.type.endsWith(")"))
    parts = tupleParts(p.type).map((type) => ({ type }));
  if (parts !== null) {
    let sum = 0;
    for (const c of parts) {
      const n = staticWords(c);
      if (n === null) return null;
      sum += n;
    }
    return sum;
  }
  if (p.type === "string" || p.type === "bytes") return null;
  return 1;
}

/** Where each of an event's inputs sits: its topic, or its head in data and the head's size. */
export function eventLayout(inputs: readonly LayoutParam[]): EventLayout {
  let topic = 1;
  let word = 0;
  const args = inputs.map((p): ArgPlace => {
    if (p.indexed === true)
      return {
        indexed: true,
        hashed: isHashedWhenIndexed(p.type),
        topic: topic++,
        head: null,
        headWords: 0,
        dynamic: false,
      };
    const size = staticWords(p);
    const head = word;
    word += size ?? 1;
    return {
      indexed: false,
      hashed: false,
      topic: null,
      head,
      headWords: size ?? 1,
      dynamic: size === null,
    };
  });
  return { args, headWords: word };
}
