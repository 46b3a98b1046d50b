/**
 * The card's model, built once per result: one row per field, in a fixed order for the fields the
 * app knows and the node's order for the rest ("Other fields"). Each row keeps the canonical
 * field name, the exact raw value as the node sent it, and a human reading.
 */
import { getContractAddress, type Address } from "viem";
import { readQuantity, type AbiRegistry } from "../../chain";
import { isRecord } from "../../rpc";
import { readInput, type InputReading } from "./decode";
import {
  byteLength,
  decimalReading,
  gasPriceReading,
  timestampReading,
  weiReading,
} from "./format";
import { chainName, nativeSymbol } from "../../chain/nativeUnit";
import { typeNameOn } from "../../chain/l2Stack";
import { KNOWN_FIELDS, rawTextOf } from "../../transaction/fields";
import type { TxFieldIssue, TxObject } from "../../transaction/txResponse";

export { rawTextOf };

export interface AuthorizationView {
  chainId: string | null;
  chainReading: string | null;
  address: string | null;
  nonce: string | null;
  nonceReading: string | null;
  yParity: string | null;
  r: string | null;
  s: string | null;
  /** Fields of the authorization the app does not name, as raw JSON. */
  extra: [string, string][];
}

export type FieldView =
  | { kind: "pending" }
  | { kind: "address"; value: string }
  | { kind: "hash"; value: string }
  | { kind: "quantity"; raw: string; reading: string | null }
  | { kind: "data"; value: string; bytes: number; input: InputReading | null }
  | { kind: "creation"; contract: string | null; computed: boolean }
  | { kind: "accessList"; entries: { address: string; storageKeys: string[] }[] }
  | { kind: "hashes"; values: string[] }
  | { kind: "authorizations"; entries: AuthorizationView[] }
  | { kind: "boolean"; value: boolean }
  | { kind: "json"; text: string };

export interface FieldRow {
  /** The canonical camelCase field name (the `<dt>`). */
  name: string;
  view: FieldView;
  /** Verbatim raw text shown next to the reading (strings as sent, anything else as JSON). */
  rawText: string;
  /** What the field is, for fields outside the spec that the app knows (Arbitrum, OP Stack…). */
  label?: string;
  /** Set when the node sent the field with a type the app cannot read (shown raw). */
  warning?: string;
}

/**
 * Fields some clients add, named for people. Kept in "Other fields" (the node's order), with the
 * raw value as sent.
 */
export const OTHER_FIELD_LABELS: Readonly<Record<string, string>> = {
  data: "the calldata again, under its old name",
  condition: "OpenEthereum: when a pending transaction may be sent",
  depositReceiptVersion: "OP Stack: deposit receipt version",
  depositNonce: "OP Stack: deposit nonce",
  l1BlockNumber: "Arbitrum: L1 block number",
  l1BaseFee: "Arbitrum: L1 base fee",
  l1Fee: "L1 data fee (named by its rollup where the chain is known)",
  l1GasPrice: "OP Stack: L1 gas price",
  l1GasUsed: "OP Stack: L1 gas used",
  refundTo: "Arbitrum: refund address",
  depositValue: "Arbitrum: deposited value",
  retryTo: "Arbitrum: retryable's target",
  retryValue: "Arbitrum: retryable's value",
  retryData: "Arbitrum: retryable's calldata",
  beneficiary: "Arbitrum: beneficiary",
  maxSubmissionFee: "Arbitrum: maximum submission fee",
  maxRefund: "Arbitrum: maximum refund",
  submissionFeeRefund: "Arbitrum: submission fee refund",
  ticketId: "Arbitrum: retryable ticket id",
  l1BatchNumber: "zkSync: L1 batch number",
  l1BatchTxIndex: "zkSync: index in the L1 batch",
  transactionLogIndex: "OpenEthereum: index among the transaction's logs",
  queueOrigin: "Optimism (legacy): queue origin",
  l1TxOrigin: "Optimism (legacy): L1 sender",
  feeCurrency: "Celo: fee currency",
  gatewayFee: "Celo: gateway fee",
  gatewayFeeRecipient: "Celo: gateway fee recipient",
  gasUsedForL1: "Arbitrum: gas charged for posting to L1 (part of gasUsed)",
  l1FeeScalar: "OP Stack (before Ecotone): L1 fee scalar",
  l1BaseFeeScalar: "OP Stack: L1 base fee scalar",
  l1BlobBaseFee: "OP Stack: L1 blob base fee",
  l1BlobBaseFeeScalar: "OP Stack: L1 blob base fee scalar",
  operatorFeeScalar: "OP Stack: operator fee scalar",
  operatorFeeConstant: "OP Stack: operator fee constant",
};

export interface TxModel {
  hash: string;
  from: string;
  to: string | null;
  value: string;
  input: string;
  /** The gas limit, as sent; null when the node left it out. */
  gas: string | null;
  blockHash: string | null;
  blockNumber: bigint | null;
  transactionIndex: bigint | null;
  pending: boolean;
  typeName: string | null;
  symbol: string;
  /** The chain's id: the transaction's own, else the connection's; null when neither is known. */
  chainId: bigint | null;
  fields: FieldRow[];
  other: FieldRow[];
}

const HASH_FIELDS = new Set(["hash", "blockHash", "requestId", "sourceHash"]);
const ADDRESS_FIELDS = new Set(["from", "creates"]);
const WEI_FIELDS = new Set(["value", "mint"]);
const PRICE_FIELDS = new Set([
  "gasPrice",
  "maxFeePerGas",
  "maxPriorityFeePerGas",
  "maxFeePerBlobGas",
]);
const DECIMAL_FIELDS = new Set([
  "blockNumber",
  "transactionIndex",
  "nonce",
  "gas",
  "yParity",
  "standardV",
]);
const DATA_FIELDS = new Set(["r", "s", "raw", "publicKey"]);
const BLOCK_FIELDS = new Set(["blockHash", "blockNumber", "transactionIndex", "blockTimestamp"]);

function vReading(v: bigint, typed: boolean): string {
  if (typed) return `${v} — the signature's y parity`;
  if (v === 27n || v === 28n) return `${v} — recovery id ${v - 27n}, no chain id (pre-EIP-155)`;
  if (v >= 35n)
    return `${decimalReading(v)} — recovery id ${(v - 35n) % 2n}, chain id ${decimalReading((v - 35n) / 2n)} (EIP-155)`;
  return decimalReading(v);
}

function quantityView(
  name: string,
  raw: string,
  symbol: string,
  typed: boolean,
  chainId: bigint | null = null,
): FieldView {
  const n = readQuantity(raw);
  if (n === null) return { kind: "quantity", raw, reading: null };
  let reading: string | null = null;
  if (WEI_FIELDS.has(name)) reading = weiReading(n, symbol);
  else if (PRICE_FIELDS.has(name)) reading = gasPriceReading(n, symbol);
  else if (name === "blockTimestamp") {
    const date = timestampReading(n);
    reading = date ? `${date} (${decimalReading(n)} s)` : decimalReading(n);
  } else if (name === "type") {
    reading = typeNameOn(n, chainId);
  } else if (name === "chainId") {
    const chain = chainName(n);
    reading = chain ? `${decimalReading(n)} — ${chain}` : decimalReading(n);
  } else if (name === "v") reading = vReading(n, typed);
  else if (DECIMAL_FIELDS.has(name)) reading = decimalReading(n);
  return { kind: "quantity", raw, reading };
}

function str(x: unknown): string | null {
  return typeof x === "string" ? x : null;
}

const AUTH_KEYS = new Set(["chainId", "address", "nonce", "yParity", "r", "s"]);

function authorizationView(entry: Record<string, unknown>): AuthorizationView {
  const chainId = str(entry.chainId);
  const nonce = str(entry.nonce);
  const chainN = readQuantity(chainId);
  const nonceN = readQuantity(nonce);
  return {
    chainId,
    chainReading:
      chainN === null
        ? null
        : chainN === 0n
          ? "0 — any chain"
          : `${decimalReading(chainN)}${chainName(chainN) ? ` — ${chainName(chainN) ?? ""}` : ""}`,
    address: str(entry.address),
    nonce,
    nonceReading: nonceN === null ? null : decimalReading(nonceN),
    yParity: str(entry.yParity) ?? str(entry.v),
    r: str(entry.r),
    s: str(entry.s),
    extra: Object.entries(entry)
      .filter(([k]) => !AUTH_KEYS.has(k) && !(k === "v" && entry.yParity === undefined))
      .map(([k, v]) => [k, rawTextOf(v)]),
  };
}

/** How an unknown field reads: addresses and hashes as such, quantities in decimal, anything else as JSON. */
export function unknownView(value: unknown, symbol: string): FieldView {
  if (typeof value === "string") {
    if (/^0x[0-9a-fA-F]{40}$/.test(value)) return { kind: "address", value };
    if (/^0x[0-9a-fA-F]{64}$/.test(value)) return { kind: "hash", value };
    if (/^0x[0-9a-fA-F]{1,16}$/.test(value)) return quantityView("", value, symbol, false);
    if (/^0x(?:[0-9a-fA-F]{2})*$/.test(value))
      return { kind: "data", value, bytes: byteLength(value), input: null };
    return { kind: "json", text: value };
  }
  if (typeof value === "boolean") return { kind: "boolean", value };
  return { kind: "json", text: rawTextOf(value) };
}

export interface ModelOptions {
  registry: AbiRegistry | null;
  /** Fields the schema set aside (wrong type): shown raw with a warning, in their place. */
  issues?: readonly TxFieldIssue[];
  /** The connection's chain id, for the native unit when the transaction carries none. */
  chainId?: bigint | null;
}

export function buildTxModel(tx: TxObject, opts: ModelOptions): TxModel {
  const record = tx as Record<string, unknown>;
  const chainId = readQuantity(tx.chainId) ?? opts.chainId ?? null;
  const symbol = nativeSymbol(chainId);
  const typeN = readQuantity(tx.type);
  const typed = typeN !== null && typeN !== 0n;
  const creation = tx.to === null || (tx.to === undefined && "to" in record);
  const input = tx.input ?? "0x";

  const fields: FieldRow[] = [];
  const known = new Set<string>(KNOWN_FIELDS);
  const issueOf = new Map((opts.issues ?? []).map((x) => [x.field, x]));
  const issueRow = (x: TxFieldIssue): FieldRow => ({
    name: x.field,
    view: { kind: "json", text: x.raw === undefined ? "(not sent)" : rawTextOf(x.raw) },
    rawText: rawTextOf(x.raw),
    warning: x.message,
    ...(OTHER_FIELD_LABELS[x.field] ? { label: OTHER_FIELD_LABELS[x.field] } : {}),
  });
  for (const name of KNOWN_FIELDS) {
    const issue = issueOf.get(name);
    if (issue) {
      fields.push(issueRow(issue));
      continue;
    }
    if (!(name in record)) continue;
    const value = record[name];
    const rawText = rawTextOf(value);
    let view: FieldView;
    if (value === null && BLOCK_FIELDS.has(name)) view = { kind: "pending" };
    else if (name === "to" && value === null) {
      const sent = typeof tx.creates === "string";
      let contract: string | null = null;
      if (!sent && typeof tx.nonce === "string") {
        const nonce = readQuantity(tx.nonce);
        if (nonce !== null) contract = getContractAddress({ from: tx.from as Address, nonce });
      }
      view = { kind: "creation", contract, computed: contract !== null };
    } else if (name === "to" && typeof value === "string") view = { kind: "address", value };
    else if (typeof value === "string" && HASH_FIELDS.has(name)) view = { kind: "hash", value };
    else if (typeof value === "string" && ADDRESS_FIELDS.has(name))
      view = { kind: "address", value };
    else if (typeof value === "string" && name === "input")
      view = {
        kind: "data",
        value,
        bytes: byteLength(value),
        input: opts.registry
          ? readInput(value, creation, opts.registry, typeof tx.to === "string" ? tx.to : null)
          : null,
      };
    else if (typeof value === "string" && DATA_FIELDS.has(name))
      view = { kind: "data", value, bytes: byteLength(value), input: null };
    else if (name === "accessList" && Array.isArray(value))
      view = {
        kind: "accessList",
        entries: value.filter(isRecord).map((e) => ({
          address: str(e.address) ?? "",
          storageKeys: Array.isArray(e.storageKeys)
            ? e.storageKeys.filter((k): k is string => typeof k === "string")
            : [],
        })),
      };
    else if (name === "blobVersionedHashes" && Array.isArray(value))
      view = { kind: "hashes", values: value.filter((v): v is string => typeof v === "string") };
    else if (name === "authorizationList" && Array.isArray(value))
      view = { kind: "authorizations", entries: value.filter(isRecord).map(authorizationView) };
    else if (typeof value === "string") {
      view = quantityView(name, value, symbol, typed, chainId);
      // With fee caps, a mined transaction's gasPrice is what it actually paid per gas.
      if (
        name === "gasPrice" &&
        view.kind === "quantity" &&
        view.reading &&
        "maxFeePerGas" in record &&
        typeof tx.blockHash === "string"
      )
        view = { ...view, reading: `${view.reading} (effective price paid)` };
    } else if (typeof value === "boolean") view = { kind: "boolean", value };
    else view = { kind: "json", text: rawText };
    fields.push({ name, view, rawText });
  }

  const other: FieldRow[] = Object.entries(record)
    .filter(([k]) => !known.has(k))
    .map(([name, value]) => {
      const label =
        name === "data" && value === input
          ? "the calldata again, under its old name (same as input)"
          : OTHER_FIELD_LABELS[name];
      return {
        name,
        view: unknownView(value, symbol),
        rawText: rawTextOf(value),
        ...(label ? { label } : {}),
      };
    });
  for (const x of opts.issues ?? []) if (!known.has(x.field)) other.push(issueRow(x));

  return {
    hash: tx.hash,
    from: tx.from,
    to: typeof tx.to === "string" ? tx.to : null,
    value: tx.value ?? "0x0",
    input,
    gas: tx.gas ?? null,
    blockHash: tx.blockHash ?? null,
    blockNumber: readQuantity(tx.blockNumber),
    transactionIndex: readQuantity(tx.transactionIndex),
    pending: tx.blockHash === null || tx.blockNumber === null,
    typeName: typeN === null ? null : typeNameOn(typeN, chainId),
    symbol,
    chainId,
    fields,
    other,
  };
}
