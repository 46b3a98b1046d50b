/**
 * The page's lookup part (the card and its model, input decoding, error advice, the raw JSON) is
 * a chunk of its own: a first visit shows the form and the ABI panel without it. It loads as soon
 * as a lookup is in sight — beside the boot on a deep link (main.tsx), at the first focus or
 * pointer on the form, or when the page is opened on a lookup. The page reads it as an external
 * store, not through React.lazy: a lazy component that suspends has its content revealed up to
 * 300 ms after its fallback (React's throttle), a store re-renders as soon as the module is in.
 * No React here: main.tsx imports this before React loads.
 */
import { parseHash } from "../../routing/route";
import type { ComponentType } from "react";
import { createStore } from "../../platform/store";
import type { TxResultProps } from "./Result";

export type TxResultModule = { default: ComponentType<TxResultProps> };

/** The lookup part once it has loaded. */
const txResult = createStore<TxResultModule | null>(null);
let loading: Promise<TxResultModule> | null = null;

/** Starts loading the lookup part (once); resolves when it is in. */
export function preloadTxResult(): Promise<TxResultModule> {
  if (loading) return loading;
  const p = import("./Result").then((m) => {
    txResult.set(m);
    return m;
  });
  loading = p;
  // A failed download is tried again on the next ask.
  p.catch(() => {
    if (loading === p) loading = null;
  });
  return p;
}

/** The lookup part, if it has loaded. */
export const loadedTxResult = txResult.get;

/** Calls `listener` once the lookup part has loaded. */
export const subscribeTxResult = txResult.subscribe;

/** A transaction route whose link carries params: its lookup part is wanted at once. */
export function isTxLookupLink(hash: string): boolean {
  const link = parseHash(hash);
  return link.route === "tx" && link.searchString !== "";
}
