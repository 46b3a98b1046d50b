/**
 * Deep links between the four views: `#/<route>?<params>`. The param names are the public
 * contract of the app's URLs (share links, outside checks), so they live in one place.
 */
export type RouteId =
  "tx" | "logs" | "trace" | "estimate" | "simulate" | "address" | "compare" | "block";

export interface RouteParams {
  tx: { blockHash?: string; index?: string; hash?: string };
  logs: {
    fromBlock?: string;
    toBlock?: string;
    blockHash?: string;
    address?: string;
    topics?: string;
    /** An address whose activity (transfers, transactions) the page shows instead of a filter. */
    activity?: string;
  };
  trace: {
    hash?: string;
    tracer?: string;
    tracerConfig?: string;
    frame?: string;
    view?: string;
    /** The Debug view's step in the frame (0-based). */
    step?: string;
  };
  estimate: { from?: string; to?: string; value?: string; data?: string; block?: string };
  /** A block by its number (decimal or 0x hex) or tag, or by its hash. */
  block: { number?: string; hash?: string };
  simulate: {
    from?: string;
    to?: string;
    value?: string;
    data?: string;
    gas?: string;
    gasPrice?: string;
    maxFeePerGas?: string;
    maxPriorityFeePerGas?: string;
    nonce?: string;
    block?: string;
    /** A state override set, as JSON (geth's `stateOverrides`). */
    overrides?: string;
    /** Block overrides (number, time, baseFee), as JSON. */
    blockOverrides?: string;
    /** The mined transaction this call re-runs: its hash, for the note and the way back. */
    tx?: string;
    view?: string;
    frame?: string;
    /** The Debug view's step in the frame (0-based). */
    step?: string;
  };
  /** An account at a block (`latest` by default): its balance, nonce, code, storage. */
  address: { address?: string; block?: string };
  compare: {
    /** Each side: a transaction hash, or `sim:` and a dry run's own link params, encoded. */
    a?: string;
    b?: string;
    view?: string;
  };
}

export function href<R extends RouteId>(route: R, params: RouteParams[R] = {}): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (typeof v === "string" && v !== "") search.set(k, v);
  }
  const qs = search.toString();
  return `#/${route}${qs ? `?${qs}` : ""}`;
}

/**
 * Goes to a link from code, as a click on an `<a href>` would: for a button that checks its form
 * before it leaves (the estimate's "Simulate"). The shell's router follows the hash change like
 * any link's; pages themselves never write `location`.
 */
export function followLink(link: string): void {
  window.location.hash = link;
}
