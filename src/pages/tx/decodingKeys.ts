/**
 * What the decoding services are asked about a transaction: its selector and the contract it
 * calls. Apart from decode.ts (which reads the input with the registry) so the page's start view
 * can ask as soon as the node answers, without the decoding code.
 */
export function txDecodingKeys(tx: { input?: unknown; data?: unknown; to?: unknown }): {
  inputs: string[];
  topics: string[];
  addresses: string[];
} {
  const input =
    typeof tx.input === "string" ? tx.input : typeof tx.data === "string" ? tx.data : "";
  return {
    inputs: input.length >= 10 ? [input.slice(0, 10).toLowerCase()] : [],
    topics: [],
    addresses: typeof tx.to === "string" ? [tx.to.toLowerCase()] : [],
  };
}
