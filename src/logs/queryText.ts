/**
 * The results filter's words: a query's text split into terms (quoted phrases and values kept
 * whole), each read as free text or a field term, and a term added to a query. query.ts matches
 * rows against them. No React.
 */

export type Op = ":" | "=" | "!=" | ">" | ">=" | "<" | "<=";

export type Term =
  | { type: "text"; text: string; negate: boolean }
  | { type: "field"; field: string; op: Op; value: string; negate: boolean; source: string };

/** Shown beside the filter box. */
export const FILTER_HINT =
  'Free text matches any shown value (addresses in full or as 0xabcd…1234, hashes, arguments). Field terms: contract=0x…, event=Transfer, tx=0x…, to=0x…, block:100..200, value>1000000, value <= 5, note="two words" (= equals, : contains); spaces around the operator are allowed. On a token amount, a number with a point or the token symbol is in whole tokens by the token\'s decimals (value>0.5, value>2nst); a plain integer is the exact amount. A leading - excludes; terms combine with AND.';

const TERM_RE = /^([A-Za-z_][\w]*)(>=|<=|!=|:|=|>|<)([\s\S]+)$/;
const FIELD_RE = /^-?[A-Za-z_][\w]*$/;
const OP_RE = /^(>=|<=|!=|:|=|>|<)$/;
const ENDS_WITH_OP_RE = /^-?[A-Za-z_][\w]*(>=|<=|!=|:|=|>|<)$/;
const STARTS_WITH_OP_RE = /^(>=|<=|!=|=|>|<)[^=]/;

/**
 * Field terms written with spaces around the operator joined back into one term, as typed
 * without them: `value > 5`, `value >5`, `value> 5` all read `value>5`. (`:` must touch its
 * field — `note :x` — so a word followed by `:text` stays free text.)
 */
export function joinSpacedTerms(tokens: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const a = tokens[i] ?? "";
    const b = tokens[i + 1];
    const c = tokens[i + 2];
    if (FIELD_RE.test(a) && b !== undefined && OP_RE.test(b) && c !== undefined) {
      out.push(a + b + c);
      i += 2;
    } else if (FIELD_RE.test(a) && b !== undefined && STARTS_WITH_OP_RE.test(b)) {
      out.push(a + b);
      i += 1;
    } else if (ENDS_WITH_OP_RE.test(a) && b !== undefined) {
      out.push(a + b);
      i += 1;
    } else out.push(a);
  }
  return out;
}

/**
 * The query split into terms as typed: at white space outside double quotes. Inside quotes, `\"`
 * and `\\` stand for a quote and a backslash, so any value can be written (`quoteValue`).
 */
export function splitTerms(input: string): string[] {
  const out: string[] = [];
  let token = "";
  let started = false;
  let quoted = false;
  for (let i = 0; i < input.length; i++) {
    const c = input.charAt(i);
    if (quoted && c === "\\" && i + 1 < input.length) {
      token += c + input.charAt(++i);
      continue;
    }
    if (c === '"') quoted = !quoted;
    else if (!quoted && /\s/.test(c)) {
      if (started) out.push(token);
      token = "";
      started = false;
      continue;
    }
    token += c;
    started = true;
  }
  if (started) out.push(token);
  return out;
}

/** A term's text with its quotes taken away and its escapes read: what it stands for. */
function unquote(raw: string): string {
  let out = "";
  let quoted = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charAt(i);
    if (c === '"') quoted = !quoted;
    // an escape still being typed (a lone backslash at the end) stands for nothing yet, so the
    // text only grows as the user types on (useLogFilter searches the last matches again)
    else if (quoted && c === "\\") out += raw.charAt(++i);
    else out += c;
  }
  return out;
}

/**
 * A value as a term writes it so that `parseQuery` reads back exactly it: bare when it has no
 * white space, quote or backslash (and is not empty), otherwise quoted with `\"` and `\\`.
 */
export function quoteValue(value: string): string {
  if (value !== "" && !/[\s"\\]/.test(value)) return value;
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** Other names of the row fields a term may use. */
const FIELD_ALIASES: Record<string, string> = {
  address: "contract",
  hash: "tx",
  transaction: "tx",
  txhash: "tx",
};

/**
 * Splits the filter text into terms (lower case); a quoted value or phrase keeps its spaces:
 * `note="south side"`, `"two words"`.
 */
export function parseQuery(input: string): Term[] {
  const out: Term[] = [];
  for (const raw of joinSpacedTerms(splitTerms(input))) {
    let token = raw;
    let negate = false;
    if (token.length > 1 && token.startsWith("-")) {
      negate = true;
      token = token.slice(1);
    }
    const f = token.startsWith('"') ? null : TERM_RE.exec(token);
    if (f && f[1] !== undefined && f[2] !== undefined && f[3] !== undefined) {
      const field = f[1].toLowerCase();
      const op = f[2] as Op;
      const value = unquote(f[3]).toLowerCase();
      out.push({
        type: "field",
        field: FIELD_ALIASES[field] ?? field,
        op: op === "!=" ? "=" : op,
        value,
        negate: negate !== (op === "!="),
        source: `${field}${op}${value}`,
      });
      continue;
    }
    const text = (token.startsWith('"') ? unquote(token).trim() : unquote(token)).toLowerCase();
    if (text !== "") out.push({ type: "text", text, negate });
  }
  return out;
}

/** The query with `term` added (or its opposite replaced): a facet's or a group's click. */
export function withTerm(query: string, term: string): string {
  const base = term.startsWith("-") ? term.slice(1) : term;
  const kept = joinSpacedTerms(splitTerms(query)).filter((t) => t !== base && t !== `-${base}`);
  return [...kept, term].join(" ");
}
