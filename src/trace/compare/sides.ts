/**
 * The comparison's link: `#/compare?a=…&b=…`, each side a transaction hash or a dry run carried
 * as `sim:` and the dry run's own link params (so `b=sim%3Afrom%3D…` round-trips through
 * URLSearchParams and the dry run's own parser, params.ts, reads it).
 */
import { href } from "../../routing/links";
import { REPLAY_SIDE_PREFIX } from "../../replay/onDemand";
import { fromSearch, REQUEST_PARAMS, type SimulateLink } from "../../simulation/params";

export const SIM_PREFIX = "sim:";

export type Side =
  /** `replay`: replayed in this browser (`replay:0x…`), beside the node's own trace of it. */
  | { kind: "tx"; hash: string; replay?: boolean }
  | { kind: "sim"; params: string; link: SimulateLink }
  | { kind: "empty" }
  | { kind: "invalid"; reason: string };

const HASH = /^0x[0-9a-fA-F]{64}$/;

/** The dry run's request params alone (not its view or frame), in the link's order. */
function requestParams(search: URLSearchParams): string {
  const out = new URLSearchParams();
  search.forEach((v, k) => {
    if (REQUEST_PARAMS.includes(k) && v !== "") out.append(k, v);
  });
  return out.toString();
}

/** One side's param as the link carries it. */
export function parseSide(value: string | null): Side {
  const v = (value ?? "").trim();
  if (v === "") return { kind: "empty" };
  if (HASH.test(v)) return { kind: "tx", hash: v.toLowerCase() };
  const replayed = v.startsWith(REPLAY_SIDE_PREFIX) ? v.slice(REPLAY_SIDE_PREFIX.length) : null;
  if (replayed !== null && HASH.test(replayed))
    return { kind: "tx", hash: replayed.toLowerCase(), replay: true };
  if (v.startsWith(SIM_PREFIX)) {
    const params = requestParams(new URLSearchParams(v.slice(SIM_PREFIX.length)));
    const link = fromSearch(new URLSearchParams(params));
    if (link.overridesError) return { kind: "invalid", reason: link.overridesError };
    if (!link.request || !link.complete)
      return { kind: "invalid", reason: "The dry run's link does not name a complete call." };
    return { kind: "sim", params, link };
  }
  return {
    kind: "invalid",
    reason:
      "Not a transaction hash (0x and 64 hex digits, or replay: and one), or a dry run (sim: and its link).",
  };
}

/**
 * What a person pastes for a side, as the link's param: a hash as it is; a dry run's link
 * (`…#/simulate?…`) or its params as `sim:<params>`; anything else unchanged (parseSide says why
 * it is not one).
 */
export function sideParam(input: string): string {
  const t = input.trim();
  if (HASH.test(t) || t.startsWith(SIM_PREFIX) || t.startsWith(REPLAY_SIDE_PREFIX)) return t;
  const at = t.indexOf("#/simulate");
  if (at >= 0) {
    const q = t.indexOf("?", at);
    return `${SIM_PREFIX}${q >= 0 ? requestParams(new URLSearchParams(t.slice(q + 1))) : ""}`;
  }
  return t;
}

/** `#/compare?a=…&b=…` (and a view). */
export function compareHref(a: string, b: string, view?: string): string {
  return href("compare", { a, b, view });
}

/** The side on its own page: the trace page for a hash, the dry run for a call. */
export function sideHref(side: Side): string | null {
  if (side.kind === "tx") return href("trace", { hash: side.hash, tracer: "callTracer" });
  if (side.kind === "sim") return `#/simulate?${side.params}`;
  return null;
}

/** How a side is named in words: its hash shortened, or "dry run". */
export function sideName(side: Side): string {
  if (side.kind === "tx")
    return `transaction ${side.hash.slice(0, 10)}…${side.hash.slice(-4)}${side.replay ? " replayed in this browser" : ""}`;
  if (side.kind === "sim")
    return side.link.minedTx ? "dry run of the mined transaction" : "dry run";
  return "—";
}
