/**
 * The replay's state: what the run wrote, over what the node had at the parent block (read on
 * first use through `StateReads`). Writes are journaled, so a checkpoint costs nothing and a
 * revert undoes only what its frame wrote. While a recorder is set, the first value each account
 * and slot had is kept: the prestate tracer's `pre`.
 */
import type { AccountFields, StateManagerInterface } from "@ethereumjs/common";
import {
  Account,
  Address,
  bytesToHex,
  createAccount,
  hexToBytes,
  KECCAK256_NULL,
  unpadBytes,
} from "@ethereumjs/util";
import type { Hex } from "viem";
import { keccak256 } from "viem";
import { ReplayError } from "./errors";
import type { StateReads } from "./reads";

const NO_CODE = new Uint8Array(0);

/** The values every touched account and slot had when recording began. */
export interface Recording {
  accounts: Map<string, Account | undefined>;
  code: Map<string, Uint8Array>;
  storage: Map<string, Map<Hex, Uint8Array>>;
}

const copy = (a: Account | undefined): Account | undefined =>
  a === undefined
    ? undefined
    : createAccount({
        nonce: a.nonce,
        balance: a.balance,
        storageRoot: a.storageRoot,
        codeHash: a.codeHash,
      });

export class ReplayState implements StateManagerInterface {
  private readonly accounts = new Map<string, Account | undefined>();
  private readonly code = new Map<string, Uint8Array>();
  private readonly storage = new Map<string, Map<Hex, Uint8Array>>();
  /** Accounts whose storage at the parent block no longer counts (created again, destroyed). */
  private readonly cleared = new Set<string>();
  private readonly journal: (() => void)[] = [];
  private readonly checkpoints: number[] = [];
  private recording: Recording | null = null;
  private readonly original = new Map<string, Uint8Array>();

  readonly originalStorageCache = {
    get: async (address: Address, key: Uint8Array): Promise<Uint8Array> => {
      const k = `${address.toString()}:${bytesToHex(key)}`;
      let v = this.original.get(k);
      if (v === undefined) {
        v = await this.getStorage(address, key);
        this.original.set(k, v);
      }
      return v;
    },
    clear: (): void => this.original.clear(),
  };

  constructor(private readonly remote: StateReads) {}

  /** Starts keeping first values (a fresh recording); `stopRecording` hands them over. */
  startRecording(): void {
    this.recording = { accounts: new Map(), code: new Map(), storage: new Map() };
  }

  stopRecording(): Recording | null {
    const r = this.recording;
    this.recording = null;
    return r;
  }

  private async current(key: string): Promise<Account | undefined> {
    if (this.accounts.has(key)) return this.accounts.get(key);
    const a = await this.remote.account(key);
    if (!a) return undefined;
    if (!this.code.has(key)) this.code.set(key, hexToBytes(a.code));
    return createAccount({
      nonce: a.nonce,
      balance: a.balance,
      storageRoot: hexToBytes(a.storageRoot),
      codeHash: hexToBytes(a.codeHash),
    });
  }

  async getAccount(address: Address): Promise<Account | undefined> {
    const key = address.toString();
    const a = await this.current(key);
    if (this.recording && !this.recording.accounts.has(key))
      this.recording.accounts.set(key, copy(a));
    // A copy: the EVM changes what it gets and puts it back, and the journal must see the put.
    return copy(a);
  }

  private async write(key: string, account: Account | undefined): Promise<void> {
    if (this.recording && !this.recording.accounts.has(key))
      this.recording.accounts.set(key, copy(await this.current(key)));
    const had = this.accounts.has(key);
    const before = this.accounts.get(key);
    this.journal.push(() => {
      if (had) this.accounts.set(key, before);
      else this.accounts.delete(key);
    });
    this.accounts.set(key, copy(account));
  }

  async putAccount(address: Address, account?: Account): Promise<void> {
    await this.write(address.toString(), account);
  }

  async deleteAccount(address: Address): Promise<void> {
    const key = address.toString();
    await this.write(key, undefined);
    const had = this.code.has(key);
    const before = this.code.get(key);
    this.journal.push(() => {
      if (had && before) this.code.set(key, before);
      else this.code.delete(key);
    });
    this.code.set(key, NO_CODE);
    await this.clearStorage(address);
  }

  async modifyAccountFields(address: Address, fields: AccountFields): Promise<void> {
    const a = (await this.getAccount(address)) ?? new Account();
    if (fields.nonce !== undefined) a.nonce = fields.nonce;
    if (fields.balance !== undefined) a.balance = fields.balance;
    if (fields.storageRoot !== undefined) a.storageRoot = fields.storageRoot;
    if (fields.codeHash !== undefined) a.codeHash = fields.codeHash;
    await this.putAccount(address, a);
  }

  async getCode(address: Address): Promise<Uint8Array> {
    const key = address.toString();
    if (!this.code.has(key)) await this.current(key);
    const code = this.code.get(key) ?? NO_CODE;
    if (this.recording && !this.recording.code.has(key)) {
      this.recording.code.set(key, code);
      // Running an account's code touches it (a DELEGATECALL target is never asked for otherwise).
      if (!this.recording.accounts.has(key))
        this.recording.accounts.set(key, copy(await this.current(key)));
    }
    return code;
  }

  async putCode(address: Address, value: Uint8Array): Promise<void> {
    const key = address.toString();
    const before = await this.getCode(address);
    const had = this.code.has(key);
    this.journal.push(() => {
      if (had) this.code.set(key, before);
      else this.code.delete(key);
    });
    this.code.set(key, value);
    const codeHash = value.length === 0 ? KECCAK256_NULL : hexToBytes(keccak256(value));
    await this.modifyAccountFields(address, { codeHash });
  }

  async getCodeSize(address: Address): Promise<number> {
    return (await this.getCode(address)).length;
  }

  private async slot(key: string, slot: Hex): Promise<Uint8Array> {
    const own = this.storage.get(key);
    if (own?.has(slot)) return own.get(slot) ?? NO_CODE;
    if (this.cleared.has(key)) return NO_CODE;
    const account = await this.remote.account(key);
    if (!account || !account.storageMayHold) return NO_CODE;
    return unpadBytes(hexToBytes(await this.remote.storage(key, slot)));
  }

  async getStorage(address: Address, key: Uint8Array): Promise<Uint8Array> {
    const a = address.toString();
    const slot = bytesToHex(key) as Hex;
    const v = await this.slot(a, slot);
    this.record(a, slot, v);
    return v;
  }

  private record(a: string, slot: Hex, v: Uint8Array): void {
    if (!this.recording) return;
    let m = this.recording.storage.get(a);
    if (!m) this.recording.storage.set(a, (m = new Map()));
    if (!m.has(slot)) m.set(slot, v);
  }

  async putStorage(address: Address, key: Uint8Array, value: Uint8Array): Promise<void> {
    const a = address.toString();
    const slot = bytesToHex(key) as Hex;
    if (this.recording) this.record(a, slot, await this.slot(a, slot));
    let m = this.storage.get(a);
    if (!m) this.storage.set(a, (m = new Map()));
    const own = m;
    const had = own.has(slot);
    const before = own.get(slot);
    this.journal.push(() => {
      if (had && before) own.set(slot, before);
      else own.delete(slot);
    });
    own.set(slot, unpadBytes(value));
  }

  async clearStorage(address: Address): Promise<void> {
    const a = address.toString();
    const own = this.storage.get(a);
    const wasCleared = this.cleared.has(a);
    this.storage.set(a, new Map());
    this.cleared.add(a);
    this.journal.push(() => {
      if (own) this.storage.set(a, own);
      else this.storage.delete(a);
      if (!wasCleared) this.cleared.delete(a);
    });
  }

  /** Every slot the run has written, per account (the prestate tracer's `post` reads them). */
  async currentStorage(address: string, slot: Hex): Promise<Uint8Array> {
    return this.slot(address, slot);
  }

  async checkpoint(): Promise<void> {
    this.checkpoints.push(this.journal.length);
  }

  async commit(): Promise<void> {
    this.checkpoints.pop();
    // Outside every checkpoint nothing can be undone any more.
    if (this.checkpoints.length === 0) this.journal.length = 0;
  }

  async revert(): Promise<void> {
    const to = this.checkpoints.pop() ?? 0;
    while (this.journal.length > to) this.journal.pop()?.();
  }

  async flush(): Promise<void> {}
  clearCaches(): void {}

  // No trie here: roots are asked of pre-Byzantium receipts only, which the replay does not compare.
  async getStateRoot(): Promise<Uint8Array> {
    return new Uint8Array(32);
  }
  async setStateRoot(): Promise<void> {
    throw new ReplayError("the replay's state has no state root to set");
  }
  async hasStateRoot(): Promise<boolean> {
    return false;
  }
  shallowCopy(): StateManagerInterface {
    throw new ReplayError("the replay's state cannot be copied");
  }
}

export { Address };
