/**
 * The page's lookup part (the card and its model, input decoding, error advice, the raw JSON) is
 * a chunk of its own: a first visit shows the form and the ABI panel without it. It loads as soon
 * as a lookup is in sight — beside the boot on a deep link (main.tsx), at the first focus or
 * pointer on the form, or when the page is opened on a lookup — and, once loaded, renders at
 * once (no Suspense round trip). No React here: main.tsx imports this before React loads.
 */
import type { ComponentType } from "react";
import type { TxResultProps } from "./Result";

export type TxResultModule = { default: ComponentType<TxResultProps> };

let loaded: TxResultModule | null = null;
let loading: Promise<TxResultModule> | null = null;

/** Starts loading the lookup part (once); resolves when it is in. */
export function preloadTxResult(): Promise<TxResultModule> {
  if (loading) return loading;
  const p = import("./Result").then((m) => {
    loaded = m;
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
export function loadedTxResult(): TxResultModule | null {
  return loaded;
}

/** A transaction route whose link carries params: its lookup part is wanted at once. */
export function isTxLookupLink(hash: string): boolean {
  return /^#\/*(?:tx)?\?./.test(hash);
}
