/**
 * The log filter in its three shapes: the form's strings, the validated filter, and the URL's
 * search params (`fromBlock, toBlock, blockHash, address=a,b, topics=<JSON>`: null = any,
 * a nested array = OR). One validator serves the form and deep links, so a bad link shows the
 * same field messages as bad typing and sends nothing. The house vocabulary: `fromSearch`
 * (URL → form values), `checkValues` (form values → the checked filter), `toSearch` (→ URL),
 * `toParams` (→ JSON-RPC params of one request).
 */
// From the module itself, not the chain index: early.ts (part of the first-load bundle, on the
// early request's path) needs these, not the ABI decoding the index also brings.
import { isBlockTag, parseBlockInput } from "../chain/hex";
import type { FieldIssue } from "../forms/form";
import type { BlockRef } from "./ranges";

export const TOPIC_POSITIONS = 4;

export interface LogsFormValues {
  fromBlock: string;
  toBlock: string;
  blockHash: string;
  addresses: { value: string }[];
  /** Always four strings: "" = any, one value, or an OR-list separated by commas/whitespace. */
  topics: string[];
}

export interface LogFilter {
  fromBlock: BlockRef | null;
  toBlock: BlockRef | null;
  blockHash: string | null;
  addresses: string[];
  /** Positions up to the last constrained one: null = any, else an OR-list of 32-byte topics. */
  topics: (string[] | null)[];
}

export const emptyForm = (): LogsFormValues => ({
  fromBlock: "",
  toBlock: "",
  blockHash: "",
  addresses: [{ value: "" }],
  topics: ["", "", "", ""],
});

/** Splits a pasted list: commas, whitespace or newlines. */
export function splitList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

export function topicLabel(i: number): string {
  return `Topic ${i}`;
}
export function addressLabel(i: number): string {
  return i === 0 ? "Address" : `Address ${i + 1}`;
}

/** Why `value` is not `bytes` bytes of 0x hex, in words that name the field; null if it is. */
export function hexProblem(
  field: string,
  value: string,
  bytes: number,
  what: string,
): string | null {
  const a = /^[aeiou]/i.test(what) ? "an" : "a";
  if (!/^0x/i.test(value))
    return `${field}: "${short(value)}" must start with 0x (${a} ${what} is 0x followed by ${bytes * 2} hex digits)`;
  const body = value.slice(2);
  const bad = /[^0-9a-fA-F]/.exec(body);
  if (bad) return `${field}: "${bad[0]}" is not a hex digit (only 0-9 and a-f are allowed)`;
  if (body.length !== bytes * 2) {
    const hint =
      what === "topic" && body.length === 40
        ? ' — that is an address; use "Address to topic" to pad it to 32 bytes'
        : "";
    return `${field}: has ${body.length} hex digits; ${a} ${what} has ${bytes * 2} (${bytes} bytes)${hint}`;
  }
  return null;
}

function short(s: string): string {
  return s.length > 24 ? `${s.slice(0, 21)}…` : s;
}

/** A block input: decimal, 0x hex, or a tag. Returns the ref, or a message naming the field. */
export function parseBlockRef(
  field: string,
  input: string,
): { ok: true; value: BlockRef | null } | { ok: false; message: string } {
  // The scanner counts blocks in plain numbers, so a block number stops at 2^53 − 1.
  const r = parseBlockInput(input, BigInt(Number.MAX_SAFE_INTEGER));
  if (r.ok) return { ok: true, value: typeof r.value === "bigint" ? Number(r.value) : r.value };
  switch (r.problem) {
    case "negative":
      return { ok: false, message: `${field}: a block number cannot be negative` };
    case "too-large":
      return {
        ok: false,
        message: `${field}: ${short(input.trim())} is too large for a block number`,
      };
    case "not-a-block":
      return {
        ok: false,
        message: `${field}: enter a block number (decimal like 1200 or hex like 0x4b0) or latest, earliest, pending, safe, finalized`,
      };
  }
}

export function checkValues(
  v: LogsFormValues,
): { ok: true; filter: LogFilter } | { ok: false; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const from = parseBlockRef("From block", v.fromBlock);
  const to = parseBlockRef("To block", v.toBlock);
  if (!from.ok) issues.push({ path: ["fromBlock"], message: from.message });
  if (!to.ok) issues.push({ path: ["toBlock"], message: to.message });

  const blockHash = v.blockHash.trim();
  if (blockHash !== "") {
    const p = hexProblem("Block hash", blockHash, 32, "block hash");
    if (p) issues.push({ path: ["blockHash"], message: p });
    if (v.fromBlock.trim() !== "" || v.toBlock.trim() !== "") {
      issues.push({
        path: ["blockHash"],
        message:
          "Block hash excludes From block / To block: the spec allows a block hash or a block range, not both — clear one of them",
      });
    }
  } else if (
    from.ok &&
    to.ok &&
    typeof from.value === "number" &&
    typeof to.value === "number" &&
    from.value > to.value
  ) {
    issues.push({
      path: ["toBlock"],
      message: `To block (${to.value}) is before From block (${from.value}): fromBlock must be ≤ toBlock`,
    });
  }

  const addresses: string[] = [];
  v.addresses.forEach((row, i) => {
    const a = row.value.trim();
    if (a === "") return;
    const p = hexProblem(addressLabel(i), a, 20, "address");
    if (p) issues.push({ path: ["addresses", i, "value"], message: p });
    else addresses.push(a);
  });

  if (v.topics.length > TOPIC_POSITIONS)
    issues.push({
      path: ["topics"],
      message: `Topics: a log has at most ${TOPIC_POSITIONS} topic positions`,
    });
  const topics: (string[] | null)[] = [];
  v.topics.slice(0, TOPIC_POSITIONS).forEach((text, i) => {
    const items = splitList(text);
    if (items.length === 0) return void topics.push(null);
    const problems = items
      .map((item, k) =>
        hexProblem(
          items.length > 1 ? `${topicLabel(i)}, value ${k + 1}` : topicLabel(i),
          item,
          32,
          "topic",
        ),
      )
      .filter((p): p is string => p !== null);
    if (problems[0]) issues.push({ path: ["topics", i], message: problems[0] });
    topics.push(items.map((t) => t.toLowerCase()));
  });
  while (topics.length > 0 && topics[topics.length - 1] === null) topics.pop();

  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    filter: {
      fromBlock: blockHash ? null : from.ok ? from.value : null,
      toBlock: blockHash ? null : to.ok ? to.value : null,
      blockHash: blockHash ? blockHash.toLowerCase() : null,
      addresses,
      topics,
    },
  };
}

function refToParam(ref: BlockRef | null): unknown {
  if (ref === null) return undefined;
  return typeof ref === "number" ? `0x${ref.toString(16)}` : ref;
}

/** The eth_getLogs params of one request over [from, to] (or the blockHash): `[filter object]`. */
export function toParams(
  filter: LogFilter,
  from: BlockRef | null,
  to: BlockRef | null,
): [Record<string, unknown>] {
  const out: Record<string, unknown> = {};
  if (filter.blockHash) out.blockHash = filter.blockHash;
  else {
    const f = refToParam(from);
    const t = refToParam(to);
    if (f !== undefined) out.fromBlock = f;
    if (t !== undefined) out.toBlock = t;
  }
  if (filter.addresses.length === 1) out.address = filter.addresses[0];
  else if (filter.addresses.length > 1) out.address = filter.addresses;
  if (filter.topics.length > 0)
    out.topics = filter.topics.map((p) => (p === null ? null : p.length === 1 ? p[0] : p));
  return [out];
}

/** Form values → the route's search params (what a shared link carries). */
export function toSearch(v: LogsFormValues): Record<string, string | undefined> {
  const positions = v.topics.slice(0, TOPIC_POSITIONS).map((t) => {
    const items = splitList(t);
    return items.length === 0 ? null : items.length === 1 ? items[0] : items;
  });
  while (positions.length > 0 && positions[positions.length - 1] === null) positions.pop();
  const addresses = v.addresses.map((a) => a.value.trim()).filter((a) => a !== "");
  return {
    fromBlock: normaliseBlockText(v.fromBlock),
    toBlock: normaliseBlockText(v.toBlock),
    blockHash: v.blockHash.trim() || undefined,
    address: addresses.length ? addresses.join(",") : undefined,
    topics: positions.length ? JSON.stringify(positions) : undefined,
  };
}

function normaliseBlockText(s: string): string | undefined {
  const t = s.trim();
  if (t === "") return undefined;
  return isBlockTag(t.toLowerCase()) ? t.toLowerCase() : t;
}

/**
 * Search params → form values. `problems` are things the form cannot hold (a topics value that is
 * not JSON, more than four positions); with any, nothing is sent. `hasFilter`: the link asks for
 * a request (it carries at least one filter param).
 */
export function fromSearch(search: URLSearchParams): {
  values: LogsFormValues;
  problems: string[];
  hasFilter: boolean;
} {
  const values = emptyForm();
  const problems: string[] = [];
  values.fromBlock = search.get("fromBlock") ?? "";
  values.toBlock = search.get("toBlock") ?? "";
  values.blockHash = search.get("blockHash") ?? search.get("blockhash") ?? "";
  const address = search.get("address");
  if (address) {
    const list = splitList(address);
    if (list.length) values.addresses = list.map((value) => ({ value }));
  }
  const topics = search.get("topics");
  if (topics) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(topics);
    } catch {
      problems.push(
        'The link\'s "topics" is not valid JSON: expected an array like ["0x…", null, ["0x…", "0x…"]]',
      );
    }
    if (parsed !== undefined) {
      if (!Array.isArray(parsed))
        problems.push(
          'The link\'s "topics" must be a JSON array (null = any, a nested array = OR)',
        );
      else {
        if (parsed.length > TOPIC_POSITIONS)
          problems.push(
            `The link's "topics" has ${parsed.length} positions; a log has at most ${TOPIC_POSITIONS}`,
          );
        parsed.slice(0, TOPIC_POSITIONS).forEach((p: unknown, i) => {
          if (p === null) values.topics[i] = "";
          else if (typeof p === "string") values.topics[i] = p;
          else if (Array.isArray(p) && p.every((x): x is string => typeof x === "string"))
            values.topics[i] = p.join(", ");
          else
            problems.push(
              `The link's topics position ${i} must be null, a topic, or an array of topics`,
            );
        });
      }
    }
  }
  const hasFilter = ["fromBlock", "toBlock", "blockHash", "address", "topics"].some((k) =>
    search.has(k),
  );
  return { values, problems, hasFilter };
}
