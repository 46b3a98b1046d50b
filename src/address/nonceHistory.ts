/**
 * The transactions an account sent, found from standard methods only (any node, no `ots_*`): an
 * account's nonce counts the transactions it sent, so the blocks where it changed are found by
 * bisection over `eth_getTransactionCount(address, block)`, and each transaction is then picked
 * from its block (`eth_getBlockByNumber` with full transactions) by sender and nonce.
 *
 * The search keeps disjoint block intervals (lo, hi] with the nonce known at both ends and a
 * change inside; the newest interval is split first, so the newest transactions come first and a
 * page stops once it has enough. Each sent transaction costs about log2(head / sent) + 1 nonce
 * reads, intervals without a change are never asked again, and the state survives between pages
 * ("Older" goes on where the last page stopped). No React.
 *
 * A pruned node (no state at old blocks: geth's `missing trie node`, `header not found`) stops
 * the search at the oldest block whose state it still holds; what lies below is said, not guessed.
 */
import { MissingStateError } from "../rpc";

/** One transaction of a block, as much as the history reads of it. */
export interface BlockTx {
  hash: string;
  from: string;
  to: string | null;
  nonce: number;
  value: bigint;
  input: string;
  index: number;
}

export interface HistoryBlock {
  number: number;
  timestamp: number;
  txs: readonly BlockTx[];
}

/** What the search asks the node (each call one JSON-RPC request). */
export interface NonceReader {
  /** The account's nonce in the state after `block`; MissingStateError when pruned. */
  nonceAt(block: number, signal?: AbortSignal): Promise<number>;
  block(block: number, signal?: AbortSignal): Promise<HistoryBlock>;
}

export interface SentTx extends BlockTx {
  blockNumber: number;
  timestamp: number;
}

interface Interval {
  lo: number;
  hi: number;
  nLo: number;
  nHi: number;
}

export interface SentHistoryState {
  /** Found, newest first. */
  txs: SentTx[];
  /** Every change above this block has been found (the search's frontier); -1: all found. */
  completeAbove: number;
  /** Nonce changes whose block holds no transaction the account sent (creations by a contract, EIP-7702 authorizations, genesis). */
  unmatched: { block: number; count: number }[];
  /** The state below this block is gone on this node: `olderCount` sent transactions lie there. */
  pruned: { below: number; olderCount: number; said: string } | null;
  /** The account's nonce at the head: the number of transactions it sent. */
  sent: number;
  requests: number;
  done: boolean;
}

/**
 * The search over one account up to `head`, whose nonce there is `headNonce`. `more(n)` finds the
 * next `n` transactions (newest first) and resolves with the state; calls run one after another.
 */
export class SentHistory {
  private readonly pending: Interval[] = [];
  private readonly active = new Set<Interval>();
  private readonly found: SentTx[] = [];
  private readonly unmatched: { block: number; count: number }[] = [];
  private pruned: { below: number; olderCount: number; said: string } | null = null;
  /** What the node answered where the state was gone. */
  private said = "";
  /** The oldest block whose state the node holds, once a pruned block was met. */
  private oldestHeld: number | null = null;
  private requests = 0;

  constructor(
    private readonly reader: NonceReader,
    private readonly address: string,
    head: number,
    private readonly headNonce: number,
    private readonly concurrency = 4,
  ) {
    // Below block 0 the nonce is 0 (a genesis allocation's nonce shows as a change at block 0).
    if (headNonce > 0) this.pending.push({ lo: -1, hi: head, nLo: 0, nHi: headNonce });
  }

  state(): SentHistoryState {
    const frontier = this.frontier();
    return {
      txs: this.found.filter((t) => t.blockNumber > frontier).sort(newestFirst),
      completeAbove: frontier,
      unmatched: [...this.unmatched],
      pruned: this.pruned,
      sent: this.headNonce,
      requests: this.requests,
      done: this.pending.length === 0 && this.active.size === 0,
    };
  }

  /** The highest block a change may still hide at or under (-1 when none is left). */
  private frontier(): number {
    let m = -1;
    for (const i of this.pending) m = Math.max(m, i.hi);
    for (const i of this.active) m = Math.max(m, i.hi);
    return m;
  }

  private shown(): number {
    const f = this.frontier();
    return this.found.filter((t) => t.blockNumber > f).length;
  }

  /** Finds at least `count` more transactions (fewer when none are left), newest first. */
  async more(count: number, signal?: AbortSignal): Promise<SentHistoryState> {
    const target = this.shown() + count;
    const inFlight = new Set<Promise<void>>();
    const failures: unknown[] = [];
    const startOne = (): boolean => {
      // The newest interval next (a scan, not a sort: this runs once per request).
      let at = -1;
      this.pending.forEach((iv, i) => {
        if (at < 0 || iv.hi > (this.pending[at]?.hi ?? -1)) at = i;
      });
      const next = at < 0 ? undefined : this.pending.splice(at, 1)[0];
      if (!next) return false;
      this.active.add(next);
      const p: Promise<void> = this.step(next, signal)
        .catch((e: unknown) => {
          // Put it back: asking again goes on from here.
          this.pending.push(next);
          failures.push(e);
        })
        .finally(() => {
          this.active.delete(next);
          inFlight.delete(p);
        });
      inFlight.add(p);
      return true;
    };
    for (;;) {
      while (
        failures.length === 0 &&
        !signal?.aborted &&
        inFlight.size < this.concurrency &&
        this.shown() < target &&
        startOne()
      );
      if (inFlight.size === 0) break;
      await Promise.race(inFlight);
    }
    if (failures[0] !== undefined) throw failures[0];
    return this.state();
  }

  private async nonceAt(block: number, signal?: AbortSignal): Promise<number> {
    this.requests++;
    return this.reader.nonceAt(block, signal);
  }

  private async blockAt(block: number, signal?: AbortSignal): Promise<HistoryBlock> {
    this.requests++;
    return this.reader.block(block, signal);
  }

  private async step(iv: Interval, signal?: AbortSignal): Promise<void> {
    const held = this.oldestHeld;
    if (held !== null && iv.hi < held) return this.below(iv.nHi - iv.nLo, held);
    if (iv.hi - iv.lo === 1) return this.pick(iv.hi, iv.nLo, iv.nHi, signal);
    const mid = Math.floor((iv.lo + iv.hi) / 2);
    if (held !== null && mid < held) return this.boundary(mid, iv, signal);
    let n: number;
    try {
      n = await this.nonceAt(mid, signal);
    } catch (e) {
      if (!(e instanceof MissingStateError)) throw e;
      this.said = e.rpcMessage;
      return this.boundary(mid, iv, signal);
    }
    if (n > iv.nLo) this.pending.push({ lo: iv.lo, hi: mid, nLo: iv.nLo, nHi: n });
    if (iv.nHi > n) this.pending.push({ lo: mid, hi: iv.hi, nLo: n, nHi: iv.nHi });
  }

  private below(count: number, held: number): void {
    if (count <= 0) return;
    const olderCount = (this.pruned?.olderCount ?? 0) + count;
    this.pruned = {
      below: Math.min(this.pruned?.below ?? held, held),
      olderCount,
      said: this.said,
    };
  }

  /**
   * The state at `missing` is gone: find the oldest block L above it whose state the node holds
   * (bisection between the two, once), search (L, hi] as usual, take what block L itself shows
   * (a block's body outlives its state), and count what lies below.
   */
  private async boundary(missing: number, iv: Interval, signal?: AbortSignal): Promise<void> {
    let held = iv.hi;
    let heldNonce = iv.nHi;
    const known = this.oldestHeld;
    if (known !== null && known <= iv.hi) {
      if (known < iv.hi) {
        heldNonce = await this.nonceAt(known, signal);
        held = known;
      }
    } else {
      let gone = missing;
      while (held - gone > 1) {
        const mid = Math.floor((gone + held) / 2);
        try {
          heldNonce = await this.nonceAt(mid, signal);
          held = mid;
        } catch (e) {
          if (!(e instanceof MissingStateError)) throw e;
          gone = mid;
        }
      }
      this.oldestHeld = this.oldestHeld === null ? held : Math.min(this.oldestHeld, held);
    }
    if (iv.nHi > heldNonce) this.pending.push({ lo: held, hi: iv.hi, nLo: heldNonce, nHi: iv.nHi });
    if (heldNonce <= iv.nLo) return;
    const b = await this.blockAt(held, signal);
    const own = this.sentIn(b, iv.nLo, heldNonce);
    this.below(heldNonce - iv.nLo - own.length, held);
  }

  private sentIn(b: HistoryBlock, from: number, to: number): SentTx[] {
    const a = this.address.toLowerCase();
    const own = b.txs
      .filter((t) => t.from.toLowerCase() === a && t.nonce >= from && t.nonce < to)
      .map((t) => ({ ...t, blockNumber: b.number, timestamp: b.timestamp }));
    this.found.push(...own);
    return own;
  }

  private async pick(block: number, nLo: number, nHi: number, signal?: AbortSignal) {
    const b = await this.blockAt(block, signal);
    const own = this.sentIn(b, nLo, nHi);
    const rest = nHi - nLo - own.length;
    if (rest > 0) this.unmatched.push({ block, count: rest });
  }
}

function newestFirst(a: SentTx, b: SentTx): number {
  return a.blockNumber !== b.blockNumber ? b.blockNumber - a.blockNumber : b.index - a.index;
}
