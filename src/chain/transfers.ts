/**
 * Token moves stated by logs: ERC-20 and ERC-721 `Transfer`, ERC-1155 `TransferSingle` and
 * `TransferBatch`, WETH `Deposit` (minted to the sender) and `Withdrawal` (burnt). Read from a
 * receipt's logs or from a trace's frames alike; native value is not in logs (see the trace).
 */
import { decodeAbiParameters, getAddress, isAddress } from "viem";

export type AssetKind = "native" | "erc20" | "erc721" | "erc1155";

export interface Asset {
  kind: AssetKind;
  /** The token contract (checksummed); null for the chain's native coin. */
  token: string | null;
  /** ERC-721 and ERC-1155 token id. */
  tokenId?: bigint;
}

/** One move of one asset, as a log (or a frame's value) states it. */
export interface TokenMove {
  asset: Asset;
  from: string;
  to: string;
  /** In the asset's smallest unit (1 for an ERC-721 token). */
  amount: bigint;
  /** How it was read: the frame's value, or the event that said so. */
  via: "value" | "Transfer" | "TransferSingle" | "TransferBatch" | "Deposit" | "Withdrawal";
}

export const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";

// The events' topic0, written out: hashing them as the page's modules load costs the first paint
// ~10 ms of cold keccak (the trace's insight tests check them against the signatures).
/** Transfer(address,address,uint256) */
export const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
/** TransferSingle(address,address,address,uint256,uint256) */
export const TRANSFER_SINGLE = "0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62";
/** TransferBatch(address,address,address,uint256[],uint256[]) */
export const TRANSFER_BATCH = "0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb";
/** Approval(address,address,uint256) */
export const APPROVAL = "0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925";
/** Deposit(address,uint256) */
export const DEPOSIT = "0xe1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c";
/** Withdrawal(address,uint256) */
export const WITHDRAWAL = "0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65";

/** A checksummed address, or null when the value is not one. */
export function checksummed(value: string | null | undefined): string | null {
  if (typeof value !== "string" || !isAddress(value, { strict: false })) return null;
  return getAddress(value);
}

/** The address in a 32-byte topic, or null when it is not one. */
function topicAddress(topic: string | undefined): string | null {
  if (typeof topic !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(topic)) return null;
  if (!/^0x0{24}/.test(topic)) return null;
  return getAddress(`0x${topic.slice(26)}`);
}

function word(hex: string | undefined, index: number): bigint | null {
  if (typeof hex !== "string" || !/^0x[0-9a-fA-F]*$/.test(hex)) return null;
  const start = 2 + index * 64;
  if (hex.length < start + 64) return null;
  return BigInt(`0x${hex.slice(start, start + 64)}`);
}

/** The moves one log states, or none when it is not a transfer event of a known shape. */
export function transfersOfLog(log: {
  address: string;
  topics: readonly string[];
  data: string;
}): TokenMove[] {
  const token = checksummed(log.address);
  const [topic0, t1, t2, t3] = log.topics;
  if (!token || !topic0) return [];
  const sig = topic0.toLowerCase();
  if (sig === TRANSFER) {
    const from = topicAddress(t1);
    const to = topicAddress(t2);
    if (!from || !to) return [];
    if (log.topics.length === 4) {
      const id = t3 === undefined ? null : word(t3, 0);
      if (id === null) return [];
      return [
        { asset: { kind: "erc721", token, tokenId: id }, from, to, amount: 1n, via: "Transfer" },
      ];
    }
    const amount = word(log.data, 0);
    if (log.topics.length !== 3 || amount === null) return [];
    return [{ asset: { kind: "erc20", token }, from, to, amount, via: "Transfer" }];
  }
  if (sig === TRANSFER_SINGLE && log.topics.length === 4) {
    const from = topicAddress(t2);
    const to = topicAddress(t3);
    const id = word(log.data, 0);
    const amount = word(log.data, 1);
    if (!from || !to || id === null || amount === null) return [];
    return [
      { asset: { kind: "erc1155", token, tokenId: id }, from, to, amount, via: "TransferSingle" },
    ];
  }
  if (sig === TRANSFER_BATCH && log.topics.length === 4) {
    const from = topicAddress(t2);
    const to = topicAddress(t3);
    if (!from || !to) return [];
    try {
      const [ids, amounts] = decodeAbiParameters(
        [{ type: "uint256[]" }, { type: "uint256[]" }],
        log.data as `0x${string}`,
      );
      if (ids.length !== amounts.length) return [];
      return ids.map((id, k) => ({
        asset: { kind: "erc1155", token, tokenId: id },
        from,
        to,
        amount: amounts[k] ?? 0n,
        via: "TransferBatch" as const,
      }));
    } catch {
      return [];
    }
  }
  if ((sig === DEPOSIT || sig === WITHDRAWAL) && log.topics.length === 2) {
    const who = topicAddress(t1);
    const amount = word(log.data, 0);
    if (!who || amount === null) return [];
    return sig === DEPOSIT
      ? [{ asset: { kind: "erc20", token }, from: ZERO_ADDRESS, to: who, amount, via: "Deposit" }]
      : [
          {
            asset: { kind: "erc20", token },
            from: who,
            to: ZERO_ADDRESS,
            amount,
            via: "Withdrawal",
          },
        ];
  }
  return [];
}

export function assetKey(asset: Asset): string {
  return `${asset.kind}:${asset.token ?? ""}:${asset.tokenId?.toString() ?? ""}`;
}
