import { useQuery } from "@tanstack/react-query";
import { useNativeSymbol } from "../../connection/nativeUnit";
import { useMemo, useState } from "react";
import { Card, EndpointProblem, PageHeader } from "../../ui";
import { RpcErrorPanel } from "../../advice/RpcErrorPanel";

import { useRpc } from "../../connection/context";
import type { DevnetManifest } from "../../connection/manifest";
import { endpointTarget, type MethodPageProps } from "../../routing/page";
import { useCallBuilder } from "../../call/useCallBuilder";
import { useLinkFormSync } from "../../call/useLinkFormSync";
import { useDecodingRegistry } from "../../decoding/useDecodingRegistry";
import { ExecutionRevertedError } from "../../rpc";
import { linkFieldErrors } from "../../forms/form";
import { FoldingForm } from "../../forms/FoldingForm";
import { searchStringOf } from "../../routing/route";
import { ExplainedError } from "../../call/ErrorView";
import { explainError } from "../../call/explain";
import { EstimateForm, type EstimateExample } from "../../call/Form";
import {
  checkValues,
  describeCall,
  emptyForm,
  fromSearch,
  toSearch,
  valueForForm,
  type EstimateFormValues,
} from "../../call/params";
import { followLink } from "../../routing/links";
import { estimateQueryOptions, METHOD } from "./query";
import { EstimateResult } from "./ResultView";
import { simulateHrefOf } from "./simulate";

function contractAbiFor(devnet: DevnetManifest, to: string | undefined): string | null {
  if (!to) return null;
  const c = Object.values(devnet.contracts).find(
    (x) => x.address.toLowerCase() === to.toLowerCase(),
  );
  return c?.abi ? JSON.stringify(c.abi) : null;
}

function examplesFrom(devnet: DevnetManifest | null): EstimateExample[] {
  if (!devnet) return [];
  const out: EstimateExample[] = [];
  const add = (label: string, call: DevnetManifest["calls"][string] | undefined) => {
    if (!call || (!call.to && !call.data)) return;
    const values: EstimateFormValues = {
      ...emptyForm(),
      from: call.from ?? "",
      to: call.to ?? "",
      data: call.data ?? "",
    };
    if (call.value && /^0x[0-9a-f]+$/i.test(call.value)) {
      const v = valueForForm(BigInt(call.value));
      values.value = v.amount;
      values.valueUnit = v.unit;
    }
    out.push({ label, values, abi: contractAbiFor(devnet, call.to) });
  };
  add("try: token transfer", devnet.calls.transfer);
  add("try: reverting call", devnet.calls.revertingCall);
  add("try: panic", devnet.calls.panicCall);
  add("try: custom error", devnet.calls.customErrorCall);
  return out;
}

export default function EstimatePage({ search, setSearch }: MethodPageProps) {
  const { client, resolve, devnet } = useRpc();
  const searchString = search.toString();
  const link = useMemo(() => fromSearch(new URLSearchParams(searchString)), [searchString]);
  const resolved = resolve(METHOD);

  // A link from outside fills the form; the form's own submit keeps the values as typed.
  const sync = useLinkFormSync(searchString, () => ({
    values: link.values,
    // A link with form params shows its field errors at once, as a submit would.
    errors: linkFieldErrors<EstimateFormValues>(link.any ? link.problems : {}),
  }));
  const form = sync.values;

  const builder = useCallBuilder();
  const pastedAbis = builder.pastedAbis;

  // A link runs on load when it names the transaction (to or data); anything else runs once submitted.
  const request =
    link.request && (link.complete || sync.submitted(searchString)) ? link.request : null;
  const endpoint = resolved.ok ? resolved.endpoint : null;
  const query = useQuery(estimateQueryOptions(client, endpoint, request));
  const symbol = useNativeSymbol(endpoint, query.data !== undefined);

  const [editing, setEditing] = useState(false);
  const onSubmit = (values: EstimateFormValues) => {
    const r = checkValues(values);
    if (!r.ok) return; // the form shows the messages; nothing is sent
    setEditing(false);
    const next = toSearch(r.request);
    if (sync.submit(searchStringOf(next), { values, errors: {} })) {
      // The same request again: ask the node again (state may have changed).
      if (request && endpoint) void query.refetch();
      return;
    }
    setSearch(next);
  };

  // The same call, traced: checked as for a submit (the form has done so before this runs).
  const simulate = {
    label: "Simulate",
    onRun: (values: EstimateFormValues) => {
      const r = checkValues(values);
      if (r.ok) followLink(simulateHrefOf(r.request));
    },
  };

  const examples = useMemo(() => examplesFrom(devnet), [devnet]);
  // A revert's custom error is named like a trace's: the called contract's verified ABI, the
  // signature database, then what the device knows.
  const revertData = query.error instanceof ExecutionRevertedError ? query.error.revertData : null;
  const to = request?.tx.to ?? null;
  const decodingKeys = useMemo(
    () =>
      revertData && revertData.length >= 10
        ? { inputs: [revertData.slice(0, 10)], topics: [], addresses: to ? [to] : [] }
        : null,
    [revertData, to],
  );
  const decoding = useDecodingRegistry(endpoint, decodingKeys, {
    extra: pastedAbis,
    withDevnet: true,
  });
  const registry = decoding.registry;
  const explanation = useMemo(
    () => (query.isError ? explainError(query.error, registry, to) : null),
    [query.isError, query.error, registry, to],
  );
  const showing = endpoint && request;

  return (
    <div className="flex flex-col gap-3">
      <PageHeader title="Gas estimate" {...endpointTarget(resolved)}>
        Asks the node how much gas a transaction would use, without sending it. Reverts are decoded
        and explained.
      </PageHeader>

      <FoldingForm
        name="Estimate request"
        folded={Boolean(request) && !editing}
        onUnfold={() => setEditing(true)}
        onFold={request ? () => setEditing(false) : undefined}
        summary={request ? describeCall(request.tx, request.block) : ""}
      >
        <Card>
          <EstimateForm
            values={form.values}
            linkErrors={form.errors}
            onSubmit={onSubmit}
            secondary={simulate}
            examples={examples}
            busy={query.isFetching}
            {...builder.formProps}
          />
        </Card>
      </FoldingForm>

      {!resolved.ok ? (
        <EndpointProblem problem={resolved} title="No endpoint for eth_estimateGas" />
      ) : null}

      {showing && query.isPending ? (
        <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
          Estimating…
        </p>
      ) : null}
      {showing && explanation ? (
        explanation.kind === "other" ? (
          <RpcErrorPanel
            title="The estimate failed"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <ExplainedError
            explanation={explanation}
            onRetry={() => void query.refetch()}
            action={
              explanation.kind === "revert" ? (
                // The simulation's call tree shows the frame that failed, with its reason.
                <a href={simulateHrefOf(request)} className="font-medium underline">
                  See where it reverts
                </a>
              ) : null
            }
          />
        )
      ) : null}
      {showing && query.data !== undefined && !query.isError ? (
        <EstimateResult estimate={query.data} tx={request.tx} symbol={symbol} />
      ) : null}
    </div>
  );
}
