/**
 * The simulation's form ↔ URL params ↔ JSON-RPC params. The call's fields are the estimate's
 * (src/call/params.ts, checked the same way); the state and block overrides are this
 * folder's (overrides.ts). debug_traceCall needs a block: an empty one is `latest`.
 */
import {
  checkValues,
  describeCall,
  emptyForm,
  SEARCH_KEYS,
  fromSearch as callFromSearch,
  type EstimateFormValues,
  type FieldProblems,
  type TxObject,
} from "../call/params";
import {
  blockOverridesParam,
  blockValuesFromJson,
  checkAccounts,
  checkBlockOverrides,
  overridesParam,
  rowsFromJson,
  type AccountRow,
  type BlockOverrideValues,
  type BlockOverrides,
  type StateOverrideSet,
} from "./overrides";
import { CALL_TRACER, type TraceTarget } from "../trace/requests";

export const DEFAULT_BLOCK = "latest";

/** The call tracer the simulation runs: the call tree with each frame's logs (token flow). */
export { CALL_TRACER };

export interface SimulateRequest {
  tx: TxObject;
  /** A tag or a 0x block number (never empty: the node needs one). */
  block: string;
  overrides: StateOverrideSet | null;
  blockOverrides: BlockOverrides | null;
}

/** The tracer part of the config: a built-in tracer with its config, or the app's own JS tracer. */
export interface TracerChoice {
  tracer: string;
  tracerConfig?: Readonly<Record<string, boolean>>;
  /** The node's own time limit (geth's default is 5 s; the storage tracer asks for more). */
  timeout?: string;
}

/** The tracer config as sent: the tracer, then the overrides (geth's `stateOverrides`). */
export interface TraceCallConfig extends TracerChoice {
  stateOverrides?: StateOverrideSet;
  blockOverrides?: BlockOverrides;
}

/** What the config carries besides the tracer: the overrides, when there are any. */
function overridesConfig(r: SimulateRequest): Omit<TraceCallConfig, keyof TracerChoice> {
  const config: Omit<TraceCallConfig, keyof TracerChoice> = {};
  if (r.overrides) config.stateOverrides = r.overrides;
  if (r.blockOverrides) config.blockOverrides = r.blockOverrides;
  return config;
}

/** The exact JSON-RPC params: `[tx, block, { tracer, tracerConfig, stateOverrides?, blockOverrides? }]`. */
export function toParams(
  r: SimulateRequest,
  tracer: TracerChoice = CALL_TRACER,
): [TxObject, string, TraceCallConfig] {
  return [r.tx, r.block, { ...tracer, ...overridesConfig(r) }];
}

/** The call as the shared trace runs take it (state changes, storage tracer): same params shape. */
export function callTarget(r: SimulateRequest): TraceTarget {
  return { lead: [r.tx, r.block], extra: overridesConfig(r) };
}

/** Everything the form edits: the call's fields, the accounts overridden, the block overrides. */
export interface SimulateValues {
  call: EstimateFormValues;
  accounts: AccountRow[];
  block: BlockOverrideValues;
}

export const emptyBlockValues = (): BlockOverrideValues => ({ number: "", time: "", baseFee: "" });

export interface SimulateProblems {
  call: FieldProblems;
  /** Any account or block override is wrong (the editor shows which, under each field). */
  overrides: boolean;
}

export function checkSimulate(
  v: SimulateValues,
): { ok: true; request: SimulateRequest } | { ok: false; problems: SimulateProblems } {
  const call = checkValues(v.call);
  const accounts = checkAccounts(v.accounts);
  const block = checkBlockOverrides(v.block);
  if (!call.ok || !accounts.ok || !block.ok)
    return {
      ok: false,
      problems: { call: call.ok ? {} : call.problems, overrides: !accounts.ok || !block.ok },
    };
  return {
    ok: true,
    request: {
      tx: call.request.tx,
      block: call.request.block ?? DEFAULT_BLOCK,
      overrides: accounts.value,
      blockOverrides: block.value,
    },
  };
}

/** The link's params for a checked request; `tx` (the mined transaction re-run) is carried along. */
export function toSearch(
  r: SimulateRequest,
  extra: { tx?: string; view?: string } = {},
): Record<string, string | undefined> {
  return {
    ...r.tx,
    block: r.block,
    overrides: overridesParam(r.overrides),
    blockOverrides: blockOverridesParam(r.blockOverrides),
    tx: extra.tx,
    view: extra.view,
  };
}

/** The params that make the request (not `view`, which only picks what is shown). */
export const REQUEST_PARAMS: readonly string[] = [
  ...SEARCH_KEYS,
  "input",
  "overrides",
  "blockOverrides",
  "tx",
];

export interface SimulateLink {
  values: SimulateValues;
  request: SimulateRequest | null;
  /** The call's field problems (shown at once, as a submit would). */
  problems: FieldProblems;
  /** The `overrides` / `blockOverrides` param cannot be read at all (the editor cannot show it). */
  overridesError: string | null;
  /** The link names the call (`to` or `data`): it runs on load. */
  complete: boolean;
  /** The link has any request param at all. */
  any: boolean;
  /** The mined transaction this call re-runs (`tx=`), when it is a hash. */
  minedTx: string | null;
}

/** A deep link's params → the form's values, and the request when every one of them is valid. */
export function fromSearch(search: URLSearchParams): SimulateLink {
  const call = callFromSearch(search);
  const rows = rowsFromJson((search.get("overrides") ?? "").trim());
  const block = blockValuesFromJson((search.get("blockOverrides") ?? "").trim());
  const values: SimulateValues = {
    call: call.values,
    accounts: rows.ok ? rows.rows : [],
    block: block.ok ? block.values : emptyBlockValues(),
  };
  const overridesError = !rows.ok
    ? `The link's overrides cannot be read: ${rows.message}`
    : !block.ok
      ? `The link's block overrides cannot be read: ${block.message}`
      : null;
  const checked = checkSimulate(values);
  const tx = (search.get("tx") ?? "").trim();
  return {
    values,
    request: checked.ok && overridesError === null ? checked.request : null,
    problems: checked.ok ? {} : checked.problems.call,
    overridesError,
    complete: call.complete,
    any: REQUEST_PARAMS.some((k) => (search.get(k) ?? "").trim() !== ""),
    minedTx: /^0x[0-9a-f]{64}$/i.test(tx) ? tx.toLowerCase() : null,
  };
}

export const emptyValues = (): SimulateValues => ({
  call: emptyForm(),
  accounts: [],
  block: emptyBlockValues(),
});

/** The call in one line, for the folded form, with what it overrides. */
export function describeRequest(r: SimulateRequest): string {
  const accounts = r.overrides ? Object.keys(r.overrides).length : 0;
  const parts = [
    describeCall(r.tx, r.block),
    accounts > 0 ? `${accounts} account${accounts === 1 ? "" : "s"} overridden` : null,
    r.blockOverrides ? "block overridden" : null,
  ];
  return parts.filter((p) => p !== null).join(" · ");
}
