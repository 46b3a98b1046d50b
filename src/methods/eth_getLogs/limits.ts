/**
 * Recognises the eth_getLogs "your range is too big" answers providers and nodes send (the table
 * in shared/notes/providers.md) and says how to split. Anything not recognised is `null`: the
 * scanner must show it, never split it away.
 */
export type LimitAdvice =
  | { kind: "suggested"; from: number; to: number }
  | { kind: "max-range"; n: number }
  | { kind: "halve" }
  | null;

export interface ErrorFacts {
  /** JSON-RPC error code, when the answer was a JSON-RPC error object. */
  code?: number | undefined;
  /** The node's own message (for JSON-RPC errors, `error.message`). */
  message: string;
  /** HTTP status, when the answer was an HTTP error. */
  status?: number | undefined;
}

/** A number as providers write it: hex (`0x1f`), decimal, with thousands separators, or `10K`. */
function parseAmount(text: string): number | null {
  const t = text.trim();
  if (/^0x[0-9a-f]+$/i.test(t)) return Number.parseInt(t, 16);
  const m = /^(\d[\d,_]*)(k)?$/i.exec(t);
  if (!m || m[1] === undefined) return null;
  const n = Number(m[1].replace(/[,_]/g, ""));
  if (!Number.isSafeInteger(n)) return null;
  return m[2] ? n * 1000 : n;
}

const NUM = String.raw`(0x[0-9a-f]+|\d[\d,_]*k?)`;

/** "[0xA, 0xB]" (Infura, Alchemy) or "retry with the range A-B" (reth). */
const SUGGESTED: RegExp[] = [
  new RegExp(String.raw`\[\s*${NUM}\s*,\s*${NUM}\s*\]`, "i"),
  new RegExp(String.raw`retry with the range\s+${NUM}\s*[-–]\s*${NUM}`, "i"),
];

/** Messages that name the largest block range the endpoint accepts. */
const MAX_RANGE: RegExp[] = [
  // Infura (newer): "range 1000000 exceeds limit of 10000"
  new RegExp(String.raw`\brange\s+${NUM}\s+exceeds limit of\s+${NUM}`, "i"),
  // QuickNode: "eth_getLogs and eth_newFilter are limited to a 10,000 blocks range"
  // BlockPI: "eth_getLogs is limited to 1024 block range"
  new RegExp(String.raw`limited to (?:a |an )?${NUM}\s*blocks? range`, "i"),
  // Alchemy: "You can make eth_getLogs requests with up to a 500 block range"
  new RegExp(String.raw`up to an? ${NUM}\s*blocks? range`, "i"),
  // BSC / PublicNode / geth / reth: "exceed maximum block range: 5000", "maximum block range: N",
  // "exceed maximum block range N", "query exceeds max block range N"
  new RegExp(String.raw`max(?:imum)? block range:?\s*(?:of\s+|is\s+)?${NUM}`, "i"),
  new RegExp(
    String.raw`block range (?:limit|is limited to|cannot exceed|too large, max(?:imum)?(?: is)?)\s*:?\s*${NUM}`,
    "i",
  ),
];

/** Limit messages that give no usable number (or a result count, not a block count). */
const HALVE: RegExp[] = [
  /query returned more than \d[\d,]* results/i, // Infura without a suggested range
  /log response size exceeded/i, // Alchemy without a suggested range
  /logs matched by query exceeds limit/i, // Arbitrum (N is a result count)
  /query exceeds max results/i, // reth without a suggested range
  /backend response too large/i, // Optimism
  /block range is too large/i, // Optimism
  /block range is too wide/i, // Ankr
  /block range limit exceeded/i, // Chainstack
  /requested range exceeds maximum rpc range limit/i, // Besu
  /query timeout exceeded/i, // any (-32005)
  /response size (?:is )?(?:too large|exceeded)/i,
  /too many (?:results|logs)/i,
  /result(?:s)? (?:set )?(?:too large|exceed)/i,
];

/** Besu's and Ankr's documented defaults: a first guess that saves a few halvings. */
const KNOWN_DEFAULTS: { re: RegExp; n: number }[] = [
  { re: /requested range exceeds maximum rpc range limit/i, n: 5000 },
  { re: /block range is too wide/i, n: 3000 },
];

export function recogniseLimit(facts: ErrorFacts): LimitAdvice {
  const msg = facts.message;
  if (!msg) return null;
  const isLimitMessage =
    MAX_RANGE.some((re) => re.test(msg)) ||
    HALVE.some((re) => re.test(msg)) ||
    /should work|try with this block range|retry with the range/i.test(msg);
  if (!isLimitMessage) return null;

  for (const re of SUGGESTED) {
    const m = re.exec(msg);
    if (m && m[1] !== undefined && m[2] !== undefined) {
      const from = parseAmount(m[1]);
      const to = parseAmount(m[2]);
      if (from !== null && to !== null && from <= to) return { kind: "suggested", from, to };
    }
  }
  // "range X exceeds limit of N": the limit is the second number.
  const infura = MAX_RANGE[0]?.exec(msg);
  if (infura && infura[2] !== undefined) {
    const n = parseAmount(infura[2]);
    if (n !== null && n > 0) return { kind: "max-range", n };
  }
  for (const re of MAX_RANGE.slice(1)) {
    const m = re.exec(msg);
    if (m && m[1] !== undefined) {
      const n = parseAmount(m[1]);
      if (n !== null && n > 0) return { kind: "max-range", n };
    }
  }
  for (const { re, n } of KNOWN_DEFAULTS) if (re.test(msg)) return { kind: "max-range", n };
  return { kind: "halve" };
}

const RATE_MESSAGES = [
  /compute units per second/i,
  /rate limit/i,
  /too many requests/i,
  /requests per second/i,
  /exceeded .*capacity/i,
  /throughput/i,
];

/**
 * A rate-limit answer: wait and send the same range again. "ran out of cu" is the month's quota
 * (also HTTP 429): waiting does not help, so it is not a rate limit but an error to show.
 */
export function isRateLimit(facts: ErrorFacts): boolean {
  if (/ran out of cu|quota/i.test(facts.message)) return false;
  if (facts.status === 429) return true;
  if (facts.code === -32005 || facts.code === 429 || facts.code === -32029)
    return RATE_MESSAGES.some((re) => re.test(facts.message));
  return RATE_MESSAGES.slice(0, 3).some((re) => re.test(facts.message));
}
