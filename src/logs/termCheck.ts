/**
 * What is wrong with a filter's terms, said before the table answers "0 of N logs match": a term
 * the matcher would read but that can match no row as typed (`value>>`, `to=0xzz`, `value>`).
 * Free text and unknown fields are never wrong (they are searched for as typed). No React.
 */
import { parseNumber, SHORT_RE, TOKEN_AMOUNT_RE } from "./query";
import { joinSpacedTerms, splitTerms, type Term, parseQuery } from "./queryText";

const OPS = /^(>=|<=|!=|=|>|<|:)/;
/** Row fields that are names or hex, never amounts: matched with = or :, not compared. */
const NOT_AMOUNTS = new Set(["contract", "tx", "event", "topic0", "topic1", "topic2", "topic3"]);

function fieldProblem(t: Extract<Term, { type: "field" }>): string | null {
  const shown = t.source;
  // The operator as typed (`!=` is read as a negated `=`).
  const op = /(>=|<=|!=|=|>|<|:)$/.exec(t.source.slice(0, t.source.length - t.value.length))?.[1];
  if (OPS.test(t.value))
    return `“${shown}”: one operator per term (${op ?? t.op} is followed by another), e.g. ${t.field}${op ?? t.op}1000.`;
  const numeric = t.op === ">" || t.op === ">=" || t.op === "<" || t.op === "<=";
  if (t.field === "block") {
    if (/^\d+\.\.\d+$/.test(t.value) || parseNumber(t.value) !== null) return null;
    return `“${shown}”: a block is a number or a range (block>100, block:100..200).`;
  }
  if (numeric && parseNumber(t.value) === null && !TOKEN_AMOUNT_RE.test(t.value))
    return `“${shown}”: ${op ?? t.op} compares with a number (${t.field}${op ?? t.op}1000, 0x3e8, 1e18, or 0.5 in whole tokens).`;
  if (numeric && NOT_AMOUNTS.has(t.field))
    return `“${shown}”: ${t.field} is matched with = (equals) or : (contains), not ${op ?? t.op}.`;
  if (/^0x/.test(t.value) && !/^0x[0-9a-f]*$/.test(t.value) && !SHORT_RE.test(t.value))
    return `“${shown}”: ${t.value} is not hex — an address or hash has only 0–9 and a–f after 0x (or is written short, 0xabcd…1234).`;
  return null;
}

/** The first problem in a filter's text, in a sentence; null when every term can be read. */
export function queryProblem(input: string): string | null {
  // A field and an operator with nothing after them (`value>` at the end): no value yet.
  const tokens = joinSpacedTerms(splitTerms(input));
  for (const raw of tokens) {
    const m = /^-?([A-Za-z_]\w*)(>=|<=|!=|=|>|<|:)$/.exec(raw);
    if (m)
      return `“${raw}”: a value comes after ${m[2] ?? "the operator"} (e.g. ${m[1] ?? ""}${m[2] ?? ""}1000).`;
  }
  for (const t of parseQuery(input)) {
    if (t.type !== "field") continue;
    const problem = fieldProblem(t);
    if (problem) return problem;
  }
  return null;
}
