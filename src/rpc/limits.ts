/**
 * The eth_getLogs "you asked for too much" answers providers and nodes send (the table in
 * shared/notes/providers.md), read once by the interpret step into a RangeLimitError. Anything
 * not recognised is null: a scanner must show it, never split it away.
 */
import type { BlockRangeHint } from "./errors";

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

/** Infura (newer): "range 1000000 exceeds limit of 10000" — the limit is the second number. */
const RANGE_EXCEEDS_LIMIT = new RegExp(
  String.raw`\brange\s+${NUM}\s+exceeds limit of\s+${NUM}`,
  "i",
);

/** Messages that name the largest block range the endpoint accepts. */
const MAX_RANGE: RegExp[] = [
  // QuickNode: "eth_getLogs and eth_newFilter are limited to a 10,000 blocks range"
  // BlockPI: "eth_getLogs is limited to 1024 block range"
  // Monad, Base (-32614): "eth_getLogs is limited to a 100 range"
  new RegExp(String.raw`limited to (?:a |an )?${NUM}\s*(?:blocks?\s*)?range`, "i"),
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
const UNNUMBERED: RegExp[] = [
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

/** What an eth_getLogs limit message says to do instead; null when it is not a limit message. */
export function readBlockRangeLimit(message: string): BlockRangeHint | null {
  const msg = message;
  if (!msg) return null;
  const isLimitMessage =
    RANGE_EXCEEDS_LIMIT.test(msg) ||
    MAX_RANGE.some((re) => re.test(msg)) ||
    UNNUMBERED.some((re) => re.test(msg)) ||
    /should work|try with this block range|retry with the range/i.test(msg);
  if (!isLimitMessage) return null;

  let suggestedRange: BlockRangeHint["suggestedRange"] = null;
  for (const re of SUGGESTED) {
    const m = re.exec(msg);
    if (m && m[1] !== undefined && m[2] !== undefined) {
      const from = parseAmount(m[1]);
      const to = parseAmount(m[2]);
      if (from !== null && to !== null && from <= to) {
        suggestedRange = { from, to };
        break;
      }
    }
  }
  let maxBlockRange: number | null = null;
  const infura = RANGE_EXCEEDS_LIMIT.exec(msg);
  if (infura && infura[2] !== undefined) maxBlockRange = parseAmount(infura[2]);
  for (const re of MAX_RANGE) {
    if (maxBlockRange !== null) break;
    const m = re.exec(msg);
    if (m && m[1] !== undefined) maxBlockRange = parseAmount(m[1]);
  }
  if (maxBlockRange === null) maxBlockRange = KNOWN_DEFAULTS.find((d) => d.re.test(msg))?.n ?? null;
  if (maxBlockRange !== null && maxBlockRange <= 0) maxBlockRange = null;
  return { suggestedRange, maxBlockRange };
}
