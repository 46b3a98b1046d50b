/**
 * What the page says about a replay, in words, built once from the records (activity.ts) so the
 * trace page, the dry run and the comparison say it the same way. No React.
 */
import type { TraceRecord } from "./activity";
import type { Refusal } from "./refusals";
import type { ReplayProgress } from "./types";
import { groupedNumber } from "../ui/basics/numberText";

/** "the node's state at block N−1": the parent of the block the run started in. */
export function stateBlockText(blockNumber: bigint): string {
  const parent = blockNumber > 0n ? blockNumber - 1n : 0n;
  return `block ${groupedNumber(parent)}`;
}

/** The refusal, named: which method, and what the node said. */
export function refusalText(r: Refusal): string {
  return r.kind === "js-tracer"
    ? `The node refused JavaScript tracers on ${r.method} (error ${r.code}: "${r.message}")`
    : `The node does not offer ${r.method} (error ${r.code}: "${r.message}")`;
}

/** One sentence per distinct replay of the subject (several tracers on the same state say it once). */
export interface ReplayStatement {
  key: string;
  headline: string;
  /** What the replay could not vouch for, or where it differs from the receipt (both numbers). */
  notes: readonly string[];
  tracers: readonly string[];
}

export function replayStatements(records: readonly TraceRecord[]): ReplayStatement[] {
  const out = new Map<string, { headline: string; notes: Set<string>; tracers: Set<string> }>();
  for (const r of records) {
    if (r.state.at !== "done" || r.state.origin.from !== "replay") continue;
    const o = r.state.origin;
    const why = o.refusal ? `${refusalText(o.refusal)}, so the` : "As you asked, the";
    const headline = `${why} trace was replayed in this browser from the node's state at ${stateBlockText(o.blockNumber)} (hardfork ${o.hardfork}).`;
    const entry = out.get(headline) ?? { headline, notes: new Set(), tracers: new Set() };
    for (const n of o.notes) entry.notes.add(n);
    entry.tracers.add(r.tracer);
    out.set(headline, entry);
  }
  return [...out.values()].map((e) => ({
    key: e.headline,
    headline: e.headline,
    notes: [...e.notes],
    tracers: [...e.tracers],
  }));
}

/** Replays that failed after a refusal: the refusal and what went wrong, once each. */
export function failedReplays(records: readonly TraceRecord[]): string[] {
  const out = new Set<string>();
  for (const r of records) {
    if (r.state.at !== "failed") continue;
    const why = r.state.refusal ? `${refusalText(r.state.refusal)}. ` : "";
    out.add(`${why}Replaying ${r.tracer} in this browser failed: ${r.state.message}`);
  }
  return [...out];
}

/** The engine's own line, with its counts when it knows the total ("replaying 3 of 41" says them). */
export function progressText(p: ReplayProgress): string {
  if (p.total <= 0 || p.text.includes(groupedNumber(p.total)) || p.text.includes(String(p.total)))
    return p.text;
  return `${p.text} (${groupedNumber(p.done)} of ${groupedNumber(p.total)})`;
}
