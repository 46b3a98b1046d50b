import { MAX_ADDRESSES, type DecodingKeys } from "../decoding/keys";
import type { CallFrame } from "./result";

const precomputed = new WeakMap<readonly CallFrame[], DecodingKeys>();

/** Keys the trace Worker computed for these frames (posted with the model): not walked again here. */
export function rememberDecodingKeys(frames: readonly CallFrame[], keys: DecodingKeys): void {
  precomputed.set(frames, keys);
}

/**
 * What the services may name in a trace: every frame's selector, every log's topic0, and the
 * contracts called (in pre-order, so the top of the tree is asked first), as many as a view asks
 * about: a 100k-frame trace can call as many contracts, and the Worker posts these to the page.
 * One pass, sets only.
 */
export function traceDecodingKeys(frames: readonly CallFrame[]): DecodingKeys {
  const known = precomputed.get(frames);
  if (known) return known;
  const inputs = new Set<string>();
  const topics = new Set<string>();
  const addresses = new Set<string>();
  for (const f of frames) {
    if (typeof f.input === "string" && f.input.length >= 10)
      inputs.add(f.input.slice(0, 10).toLowerCase());
    if (typeof f.to === "string" && addresses.size < MAX_ADDRESSES)
      addresses.add(f.to.toLowerCase());
    for (const l of Array.isArray(f.logs) ? f.logs : []) {
      const t0 = l.topics[0];
      if (typeof t0 === "string") topics.add(t0.toLowerCase());
      if (typeof l.address === "string" && addresses.size < MAX_ADDRESSES)
        addresses.add(l.address.toLowerCase());
    }
  }
  return { inputs, topics, addresses };
}
