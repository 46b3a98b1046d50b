/**
 * One run's state changes by variable name, for the comparison: the diff-mode prestate and the
 * storage tracer on the run (requests.ts builds both, as for the trace pages), the slots named
 * from Sourcify's layouts with the named-state machinery (source/namedState.ts), as entries to
 * set beside the other run's (state.ts). Asked on the user's word: each is another paid run.
 */
import { useNativeSymbol } from "../../connection/nativeUnit";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { ResolvedEndpoint } from "../../endpoints";
import type { RpcClient, RpcError } from "../../rpc";
import type { TraceModel } from "../model";
import { stateDiffQueryOptions, storageTraceQueryOptions, type TraceTarget } from "../requests";
import { bundleAddresses, nameStorage } from "../source/namedState";
import { readStorageTrace } from "../source/storageTrace";
import { useSourceBundles } from "../source/useSourceBundles";
import { stateEntries, type StateEntry } from "./state";

export interface RunStateArgs {
  client: RpcClient;
  endpoint: ResolvedEndpoint | null;
  /** The key's method while no endpoint is resolved. */
  method: string;
  target: TraceTarget | null;
  model: TraceModel | null;
  asked: boolean;
}

export interface RunState {
  entries: StateEntry[] | null;
  busy: boolean;
  error: RpcError | null;
  /** Why the state cannot be compared though it was read (a node without diff mode…). */
  problem: string | null;
  /** Still asking Sourcify for layouts: names may follow. */
  naming: boolean;
  /**
   * Why slots are shown by number where names were wanted: the node refused the storage tracer
   * (a JavaScript tracer: many providers refuse them), so mapping keys are unknown. Null otherwise.
   */
  unnamed: string | null;
}

export function useRunState(args: RunStateArgs): RunState {
  const { client, endpoint, method, model } = args;
  const target = args.asked && model ? args.target : null;
  const state = useQuery(stateDiffQueryOptions(client, endpoint, method, target));
  const storage = useQuery(storageTraceQueryOptions(client, endpoint, method, target));
  const trace = useMemo(() => {
    if (storage.data === undefined || !model) return null;
    const read = readStorageTrace(storage.data, model);
    return read.kind === "trace" ? read.trace : null;
  }, [storage.data, model]);
  const accounts = state.data?.kind === "diff" ? state.data.accounts : null;
  const addresses = useMemo(
    () => (accounts ? bundleAddresses(accounts, trace) : null),
    [accounts, trace],
  );
  const bundles = useSourceBundles(endpoint, addresses);
  const symbol = useNativeSymbol(endpoint, accounts !== null);
  // Names wait for the storage tracer (mapping keys) unless it failed: then slots stay by number.
  const storageSettled = storage.data !== undefined || storage.isError;
  const entries = useMemo(
    () =>
      accounts && storageSettled
        ? stateEntries(accounts, nameStorage(accounts, trace, bundles.bundles), symbol)
        : null,
    [accounts, storageSettled, trace, bundles.bundles, symbol],
  );
  return {
    entries,
    busy: state.isFetching || storage.isFetching,
    error: state.error ?? null,
    problem:
      state.data?.kind === "prestate"
        ? "The node ignored diffMode and sent the plain prestate."
        : state.data?.kind === "unreadable"
          ? state.data.reason
          : null,
    naming: bundles.pending,
    unnamed: storage.isError
      ? `The node refused the storage tracer (a JavaScript tracer${storage.error instanceof Error ? `: ${storage.error.message}` : ""}): mapping and array slots are shown by number, not by variable name.`
      : null,
  };
}
