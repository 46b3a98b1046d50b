/**
 * The lookup queries. A block hash pins the answer (the same block always holds the same
 * transaction at an index), so a result — including "no transaction there" — never goes stale
 * and is kept for the session (answers are small): going back to an index the user saw asks the
 * node nothing. A transaction hash pins it only once the transaction is in a block: "unknown"
 * and "pending" may change, so those answers are asked again when the page asks again.
 */
import { queryOptions } from "@tanstack/react-query";
import type { AbiRegistry } from "../../chain";
import type { ResolvedEndpoint } from "../../endpoints";
import type { RpcClient } from "../../rpc";
import { buildTxModel, type TxModel } from "./model";
import type { BlockLookup, HashLookup } from "./params";
import type { TxResponse } from "../../transaction/txResponse";
import { txByHashRequestOptions, txRequestOptions } from "./request";

export {
  BY_HASH_METHOD,
  METHOD,
  txByHashQueryKey,
  txQueryKey,
  txByHashRequestOptions,
  txRequestOptions,
} from "./request";

/** The node's answer and the card's model, built from it once per answer and ABI registry. */
export interface TxView extends TxResponse {
  model: TxModel | null;
}

// One `select` per registry: react-query re-runs a select only when the data or the function
// changes, so the model is built once per answer and registry, not on every render.
const selectors = new WeakMap<AbiRegistry, (r: TxResponse) => TxView>();
const selectWithoutAbis = (r: TxResponse): TxView => ({
  ...r,
  model: r.tx ? buildTxModel(r.tx, { registry: null, issues: r.issues }) : null,
});

function selectView(registry: AbiRegistry | null): (r: TxResponse) => TxView {
  if (!registry) return selectWithoutAbis;
  let select = selectors.get(registry);
  if (!select) {
    select = (r) => ({
      ...r,
      model: r.tx ? buildTxModel(r.tx, { registry, issues: r.issues }) : null,
    });
    selectors.set(registry, select);
  }
  return select;
}

/**
 * `registry` decodes the input in the model (it changes when the user adds an ABI; the cached
 * answer does not).
 */
export function txQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  lookup: BlockLookup | null,
  registry: AbiRegistry | null = null,
) {
  return queryOptions({
    ...txRequestOptions(client, endpoint, lookup),
    select: selectView(registry),
  });
}

/** The same card's data found by the transaction's own hash; `null` from the node = unknown. */
export function txByHashQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  lookup: HashLookup | null,
  registry: AbiRegistry | null = null,
) {
  return queryOptions({
    ...txByHashRequestOptions(client, endpoint, lookup),
    select: selectView(registry),
  });
}
