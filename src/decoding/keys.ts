/** What a view holds that may need decoding: call inputs, log topics, contract addresses. */
export interface DecodingKeys {
  inputs: Iterable<string>;
  topics: Iterable<string>;
  addresses: Iterable<string>;
}

/** Addresses asked of Sourcify per view, in order of first appearance. */
export const MAX_ADDRESSES = 40;
