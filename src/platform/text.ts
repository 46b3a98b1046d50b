/**
 * Substring tests for search boxes over chain data, where a plain `includes` can be slow: hex data
 * is full of zeros (32-byte words are padded with them, an address in a topic opens with 24, and
 * some addresses — precompiles, vanity ones, the bench's — hold long runs), and the engine's
 * search for a term opening with such a run stops at each of them for a partial match. The trace's
 * search of a 100,000-frame tree for a zero-padded address spent 90–300 ms in those partial
 * matches; looking for the term's rare core first, it spends 10–30 ms.
 */

/**
 * The piece of `q` to look for first: its longest stretch between runs of one character (4 or
 * more), without the zeros it opens with. `q` itself when no stretch of 3 characters is left,
 * or the zeros are all it has.
 */
export function anchorOf(q: string): string {
  let best = "";
  for (const piece of q.split(/(.)\1{3,}/)) if (piece && piece.length > best.length) best = piece;
  if (best.length < 3) return q;
  const core = best.replace(/^0+/, "");
  return core.length >= 2 ? core : best;
}

/** `(s) => s.includes(q)`, the anchor (anchorOf) tested first: the same answers, fewer stalls. */
export function includer(q: string): (s: string) => boolean {
  const anchor = anchorOf(q);
  if (anchor === q) return (s) => s.includes(q);
  return (s) => s.includes(anchor) && s.includes(q);
}

/**
 * `(s, at) => s.startsWith(q, at)`, the prefix's last character compared first: hashes and padded
 * words often share a long run of leading zeros with the term, which a plain startsWith reads
 * through on every value before the digit that differs; one character at the prefix's end sets
 * most aside.
 */
export function starter(q: string): (s: string, at?: number) => boolean {
  const n = q.length;
  if (n < 2) return (s, at = 0) => s.startsWith(q, at);
  const last = q.charCodeAt(n - 1);
  return (s, at = 0) =>
    s.length >= at + n && s.charCodeAt(at + n - 1) === last && s.startsWith(q, at);
}
