/**
 * The replay's state reads at one block, through standard methods only: an account by
 * `eth_getProof` without keys (code by `eth_getCode` when it has any) or, once a node refuses
 * proofs, `eth_getBalance` + `eth_getTransactionCount` + `eth_getCode`; a slot by
 * `eth_getStorageAt`; a block hash by `eth_getBlockByNumber`. Each read once (the promise is
 * cached), a bounded number in flight, every request counted. Where the node takes JSON-RPC
 * batches, the reads asked for together (the block's senders and recipients, an account's
 * balance, nonce and code) go out as one batch; once it refuses one, one by one.
 */
import { z } from "../../platform/zod";
import { keccak256, type Hex } from "viem";
import { ReplayReadError } from "./errors";

/** One JSON-RPC request, sent wherever the replay's reads go (the page's client, a test's). */
export type Read = (method: string, params: readonly unknown[]) => Promise<unknown>;

/** Several requests in one batch: each one's answer, or null when the node refuses batches. */
export type ReadBatch = (
  calls: readonly { method: string; params: readonly unknown[] }[],
) => Promise<({ ok: true; result: unknown } | { ok: false; error: Error })[] | null>;

interface Pending {
  method: string;
  params: readonly unknown[];
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

export interface RemoteAccount {
  balance: bigint;
  nonce: bigint;
  codeHash: Hex;
  storageRoot: Hex;
  /** False when a proof says the storage is empty: its slots need no request. */
  storageMayHold: boolean;
  code: Hex;
}

export interface ReadCounts {
  requests: number;
  accounts: number;
  slots: number;
  blockHashes: number;
}

const EMPTY_CODE_HASH = keccak256("0x");
/** The root of an empty trie: what a proof-less read says of an account's storage. */
export const EMPTY_STORAGE_ROOT: Hex =
  "0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421";

const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/));
const data = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/));
const proofSchema = z.looseObject({
  balance: quantity,
  nonce: quantity,
  codeHash: data,
  storageHash: data,
});
const blockHashSchema = z.nullable(z.looseObject({ hash: data }));

/** How many requests are in flight at once: the node's and the browser's limits both allow it. */
export const MAX_IN_FLIGHT = 6;
/** The most reads in one batch (providers cap batches; a small one keeps answers coming). */
export const MAX_BATCH = 20;

const big = (hex: string): bigint => (hex === "0x" ? 0n : BigInt(hex));
const word = (hex: string): Hex => `0x${hex.slice(2).padStart(64, "0")}`;

export class StateReads {
  readonly counts: ReadCounts = { requests: 0, accounts: 0, slots: 0, blockHashes: 0 };
  private readonly accounts = new Map<string, Promise<RemoteAccount | undefined>>();
  private readonly slots = new Map<string, Promise<Hex>>();
  private readonly hashes = new Map<bigint, Promise<Hex>>();
  private proofs = true;
  private inFlight = 0;
  private readonly waiting: Pending[] = [];
  private flushQueued = false;

  constructor(
    private readonly read: Read,
    /** The block whose state is read, as a hex quantity. */
    readonly blockTag: Hex,
    private readonly onRead: (counts: ReadCounts) => void = () => undefined,
    /** Where the reads can go as batches; cleared once the node refuses one. */
    private readBatch?: ReadBatch,
  ) {}

  /** One request, counted; it waits for a free place when MAX_IN_FLIGHT are out. */
  request(method: string, params: readonly unknown[]): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ method, params, resolve, reject });
      // Reads asked for in the same turn (a loop of prefetches) leave together.
      if (!this.flushQueued) {
        this.flushQueued = true;
        queueMicrotask(() => {
          this.flushQueued = false;
          this.flush();
        });
      }
    });
  }

  private flush(): void {
    while (this.inFlight < MAX_IN_FLIGHT && this.waiting.length > 0) {
      const take = this.readBatch ? MAX_BATCH : 1;
      const group = this.waiting.splice(0, take);
      this.inFlight++;
      this.counts.requests += group.length;
      const sent = group.length > 1 ? this.sendBatch(group) : this.sendOne(group);
      void sent.finally(() => {
        this.inFlight--;
        this.flush();
      });
    }
  }

  private async sendOne(group: Pending[]): Promise<void> {
    for (const p of group) await this.read(p.method, p.params).then(p.resolve, p.reject);
  }

  private async sendBatch(group: Pending[]): Promise<void> {
    let answers: Awaited<ReturnType<ReadBatch>>;
    try {
      const calls = group.map(({ method, params }) => ({ method, params }));
      answers = (await this.readBatch?.(calls)) ?? null;
    } catch (e) {
      for (const p of group) p.reject(e);
      return;
    }
    if (answers === null || answers.length !== group.length) {
      // Refused: these and every later read one by one (counted again as they are sent again).
      this.readBatch = undefined;
      this.waiting.unshift(...group);
      return;
    }
    group.forEach((p, i) => {
      const a = answers[i];
      if (a?.ok) p.resolve(a.result);
      else p.reject(a?.error);
    });
  }

  /** An account as it stood at the block (undefined: it does not exist, or is empty). */
  account(address: string): Promise<RemoteAccount | undefined> {
    const key = address.toLowerCase();
    let p = this.accounts.get(key);
    if (!p) {
      p = this.fetchAccount(key).then((a) => {
        this.counts.accounts++;
        this.onRead(this.counts);
        return a;
      });
      this.accounts.set(key, p);
    }
    return p;
  }

  private async fetchAccount(address: string): Promise<RemoteAccount | undefined> {
    let a: RemoteAccount | null = null;
    if (this.proofs) {
      try {
        const raw = await this.request("eth_getProof", [address, [], this.blockTag]);
        a = await this.fromProof(address, proofSchema.parse(raw));
      } catch (e) {
        if (e instanceof ReplayReadError && e.method !== "eth_getProof") throw e;
        // Refused, pruned beyond the node's proof window, or unreadable: plain reads from now on.
        this.proofs = false;
      }
    }
    a ??= await this.plainAccount(address);
    const empty = a.nonce === 0n && a.balance === 0n && a.codeHash === EMPTY_CODE_HASH;
    return empty ? undefined : a;
  }

  private async fromProof(address: string, p: z.infer<typeof proofSchema>): Promise<RemoteAccount> {
    const codeHash = word(p.codeHash) as Hex;
    // Some nodes answer a missing account's code hash with zeros.
    const hasCode = codeHash !== EMPTY_CODE_HASH && BigInt(codeHash) !== 0n;
    const code = hasCode ? await this.code(address) : "0x";
    return {
      balance: big(p.balance),
      nonce: big(p.nonce),
      codeHash: hasCode ? keccak256(code) : EMPTY_CODE_HASH,
      storageRoot: BigInt(p.storageHash) === 0n ? EMPTY_STORAGE_ROOT : word(p.storageHash),
      storageMayHold: BigInt(p.storageHash) !== 0n && word(p.storageHash) !== EMPTY_STORAGE_ROOT,
      code,
    };
  }

  private async plainAccount(address: string): Promise<RemoteAccount> {
    const [balance, nonce, code] = await Promise.all([
      this.request("eth_getBalance", [address, this.blockTag]).then((v) => quantity.parse(v)),
      this.request("eth_getTransactionCount", [address, this.blockTag]).then((v) =>
        quantity.parse(v),
      ),
      this.code(address),
    ]);
    return {
      balance: big(balance),
      nonce: big(nonce),
      codeHash: keccak256(code),
      // Unknown without a proof; its slots are read as they are needed.
      storageRoot: EMPTY_STORAGE_ROOT,
      storageMayHold: true,
      code,
    };
  }

  private async code(address: string): Promise<Hex> {
    return data.parse(await this.request("eth_getCode", [address, this.blockTag])) as Hex;
  }

  /** A storage slot (32-byte word) at the block. */
  storage(address: string, slot: Hex): Promise<Hex> {
    const key = `${address.toLowerCase()}:${slot}`;
    let p = this.slots.get(key);
    if (!p) {
      p = this.request("eth_getStorageAt", [address, slot, this.blockTag]).then((v) => {
        this.counts.slots++;
        this.onRead(this.counts);
        return word(data.parse(v));
      });
      this.slots.set(key, p);
    }
    return p;
  }

  /** The hash of block `n` (BLOCKHASH before EIP-2935 serves it from state). */
  blockHash(n: bigint): Promise<Hex> {
    let p = this.hashes.get(n);
    if (!p) {
      p = this.request("eth_getBlockByNumber", [`0x${n.toString(16)}`, false]).then((v) => {
        const block = blockHashSchema.parse(v);
        if (!block) throw new ReplayReadError(`block ${n} was not found`, "eth_getBlockByNumber");
        this.counts.blockHashes++;
        return word(block.hash);
      });
      this.hashes.set(n, p);
    }
    return p;
  }

  /** Starts reading accounts the run will need (senders, recipients), so they come in parallel. */
  prefetch(addresses: Iterable<string>): void {
    for (const a of addresses) this.account(a).catch(() => undefined);
  }
}
