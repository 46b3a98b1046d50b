/**
 * What the app says for each fault mode of the devnet gateway (devnet/gateway/faults.mjs), met by
 * the transaction page's eth_getTransactionByBlockHashAndIndex: one table for the unit test that
 * proves every mode against the real gateway (devnet/gateway.test.mjs, "every fault mode through
 * the app's client") and for the e2e spec that walks a few of them through the browser
 * (e2e/faults.spec.ts), so both hold the same words and retry counts.
 */
export interface FaultCase {
  mode: string;
  /** Distinctive words of the message (headline + advice): what happened and what to try. */
  says: RegExp[];
  /** Retries the client makes (HTTP 429/502/503/504 and dropped connections: 2; others 0). */
  retries: number;
}

export const FAULTS: FaultCase[] = [
  {
    mode: "401",
    says: [/HTTP 401 Unauthorized/, /rejected the API key/, /check the key/],
    retries: 0,
  },
  { mode: "403", says: [/HTTP 403 Forbidden/, /Access denied/, /allow-list/], retries: 0 },
  {
    mode: "404",
    says: [/HTTP 404 Not Found/, /Nothing answers at this URL path/, /check the endpoint URL/],
    retries: 0,
  },
  { mode: "413", says: [/HTTP 413 Payload Too Large/, /too large for the endpoint/], retries: 0 },
  {
    mode: "429",
    says: [/HTTP 429 Too Many Requests/, /Rate limited/, /wait 1 s and try again/],
    retries: 2,
  },
  {
    mode: "500",
    says: [/HTTP 500 Internal Server Error/, /The node failed while handling/, /try again/],
    retries: 0,
  },
  {
    mode: "502",
    says: [/HTTP 502 Bad Gateway/, /got no valid answer from the node/, /use another endpoint/],
    retries: 2,
  },
  {
    mode: "503",
    says: [/HTTP 503 Service Unavailable/, /unavailable or overloaded/, /try again in a moment/],
    retries: 2,
  },
  {
    mode: "504",
    says: [/HTTP 504 Gateway Timeout/, /gave up waiting for the node/, /narrow it/],
    retries: 2,
  },
  { mode: "html", says: [/HTML page instead of JSON/, /Check the endpoint URL/], retries: 0 },
  { mode: "empty", says: [/empty body/, /try again/], retries: 0 },
  { mode: "truncated", says: [/cut off before the JSON ended/, /try again/], retries: 0 },
  { mode: "wrong-id", says: [/does not belong to this request/, /mixing up answers/], retries: 0 },
  { mode: "no-jsonrpc", says: [/not a valid JSON-RPC 2\.0 response/], retries: 0 },
  {
    mode: "drop",
    says: [/could not be sent/, /Could not reach 127\.0\.0\.1/, /Check the endpoint URL/],
    retries: 2,
  },
  {
    // Met at the response size limit's lowest setting (50 MB): the gateway sends ~60 MB.
    mode: "oversized",
    says: [/over the 50\.0 MB limit/, /Ask for less/, /Settings → “Response size limit”/],
    retries: 0,
  },
  { mode: "rpc-error", says: [/error -32603 \(Internal error\)/, /"internal error"/], retries: 0 },
];

/** A mode's case; throws for a mode the table does not hold. */
export function faultCase(mode: string): FaultCase {
  const f = FAULTS.find((c) => c.mode === mode);
  if (!f) throw new Error(`no fault case for ${mode}`);
  return f;
}
