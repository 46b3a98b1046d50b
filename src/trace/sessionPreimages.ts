/**
 * KECCAK256 preimages the storage tracer saw this session (mapping key ‖ slot, array bases), kept
 * in memory so the address page can name mapping entries by the keys transactions used: a mapping
 * cannot be listed from the node, only read at keys someone knows. Bounded: the oldest go first.
 * No React; the trace views add, the address page reads.
 */
import { createStore, type Store } from "../platform/store";

/** At most this many are kept (a transaction's tracer keeps up to 20,000 entries of all kinds). */
export const MAX_SESSION_PREIMAGES = 20_000;

const PREIMAGE_RE = /^0x(?:[0-9a-f]{2})+$/;

export const sessionPreimages: Store<readonly string[]> = createStore<readonly string[]>([]);

/** Adds preimages (hex); those already kept keep their place. */
export function rememberPreimages(list: readonly string[]): void {
  sessionPreimages.set((prev) => {
    const seen = new Set(prev);
    const added: string[] = [];
    for (const raw of list) {
      const p = raw.toLowerCase();
      if (!PREIMAGE_RE.test(p) || seen.has(p)) continue;
      seen.add(p);
      added.push(p);
    }
    if (added.length === 0) return prev;
    const next = [...prev, ...added];
    return next.length > MAX_SESSION_PREIMAGES
      ? next.slice(next.length - MAX_SESSION_PREIMAGES)
      : next;
  });
}
