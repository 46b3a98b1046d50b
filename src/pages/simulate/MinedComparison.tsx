/**
 * A dry run of a mined transaction beside what happened on chain: the outcome and gas (the
 * receipt), the events (the receipt's logs against the simulation's callTracer logs), the return
 * data (not in the receipt: only a trace of the mined transaction has it, read when one is cached
 * or asked) and the state (the two prestate diffs, asked on the user's word), with the Compare page
 * one link away for the whole picture.
 */
import { useQuery } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Button, shortAddress, ShortAddress } from "../../ui";
import { useRpc } from "../../connection/context";
import type { TraceDecoder } from "../../trace/decode";
import type { TraceModel } from "../../trace/model";
import type { CallFrame } from "../../trace/result";
import { callTreeQueryOptions, stateDiffQueryOptions } from "../../trace/requests";
import { KEY_TAG, TRACE_METHOD } from "../../trace/compare/useSideRun";
import {
  compareEvents,
  compareState,
  emittedLogs,
  minedSentence,
  type EventLog,
} from "./minedAgreement";
import {
  blockMinerQueryOptions,
  METHOD,
  simulateStateQueryOptions,
  type MinedOutcome,
  type Simulation,
} from "../../simulation/query";

function eventLabel(log: EventLog, decoder: TraceDecoder): string {
  const topic0 = log.topics[0];
  const name = topic0 ? decoder.eventName(topic0, log.address) : undefined;
  const what = name ?? (topic0 ? `event ${topic0.slice(0, 10)}…` : "anonymous event");
  return `${what} from ${shortAddress(log.address)}`;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-x-3 gap-y-0.5 sm:grid-cols-[7rem_minmax(0,1fr)]">
      <dt className="font-semibold">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

export function MinedComparison({
  hash,
  mined,
  simulation,
  model,
  top,
  decoder,
  compareLink,
}: {
  hash: string;
  mined: MinedOutcome;
  simulation: Simulation;
  model: TraceModel;
  top: CallFrame;
  decoder: TraceDecoder;
  compareLink: string;
}) {
  const { client, resolve } = useRpc();
  const traceResolved = resolve(TRACE_METHOD);
  const traceEndpoint = traceResolved.ok ? traceResolved.endpoint : null;
  const callResolved = resolve(METHOD);
  const callEndpoint = callResolved.ok ? callResolved.endpoint : null;
  const [askTrace, setAskTrace] = useState(false);
  const [askState, setAskState] = useState(false);
  const minedTarget = { lead: [hash] };

  // The mined transaction's call tree as the Compare page keeps it: read when cached, asked on a click.
  const minedTrace = useQuery({
    ...callTreeQueryOptions(client, traceEndpoint, TRACE_METHOD, minedTarget, KEY_TAG),
    enabled: askTrace,
  });
  // Both state runs share their cache with the State changes tab and the trace page.
  const simState = useQuery({
    ...simulateStateQueryOptions(client, callEndpoint, simulation),
    enabled: askState,
  });
  const minedState = useQuery({
    ...stateDiffQueryOptions(client, traceEndpoint, TRACE_METHOD, minedTarget),
    enabled: askState,
  });

  const miner = useQuery({
    ...blockMinerQueryOptions(client, callEndpoint, mined?.blockNumber ?? null),
    enabled: askState,
  });

  if (!mined) return null;
  const simOk = model.failed[0] !== 1;
  const simGas = typeof top.gasUsed === "string" ? BigInt(top.gasUsed) : null;
  const events = compareEvents(mined.logs, emittedLogs(model));

  const simOutput = typeof top.output === "string" ? top.output.toLowerCase() : "0x";
  const minedTop = minedTrace.isError ? undefined : minedTrace.data?.top;
  const minedOutput = minedTop
    ? typeof minedTop.output === "string"
      ? minedTop.output.toLowerCase()
      : "0x"
    : null;

  const simDiff = simState.data?.kind === "diff" ? simState.data : null;
  const minedDiff = minedState.data?.kind === "diff" ? minedState.data : null;
  // The sender pays gas on chain and not in a call; the fee recipient takes the tip.
  const feeAccounts = [simulation.request.tx.from, mined.from, miner.data].filter(
    (a): a is string => typeof a === "string",
  );
  const state =
    simDiff && minedDiff && !miner.isFetching
      ? compareState(minedDiff.accounts, simDiff.accounts, feeAccounts)
      : null;
  const stateProblem =
    simState.isError || minedState.isError
      ? "The node did not give both state changes (prestateTracer in diff mode)."
      : (simState.data && simState.data.kind !== "diff") ||
          (minedState.data && minedState.data.kind !== "diff")
        ? "The node's state changes could not be read as a diff."
        : null;

  return (
    <section
      aria-label="Compared with the mined transaction"
      className="rounded-md border border-slate-300 p-3 text-sm dark:border-slate-600"
    >
      <h2 className="mb-2 font-semibold">Compared with what happened on chain</h2>
      <dl className="flex flex-col gap-2">
        {mined.status === "0x1" || mined.status === "0x0" ? (
          <Row label="Outcome">
            <span data-testid="mined-outcome">
              {minedSentence(mined.status === "0x1", mined.gasUsed ?? null, simOk, simGas)}
            </span>
          </Row>
        ) : null}
        <Row label="Events">
          {events.same ? (
            <span data-testid="events-agreement">
              {events.count === 0
                ? "Same: no events, on chain or here."
                : `Same: the ${events.count} event${events.count === 1 ? "" : "s"} the chain recorded, in the same order.`}
            </span>
          ) : (
            <>
              <span data-testid="events-agreement">
                Differ: {events.chainCount} on chain, {events.simCount} here.
              </span>
              <ul className="mt-1 list-disc pl-5">
                {events.differences.slice(0, 8).map((d) => (
                  <li key={d.index}>
                    #{d.index + 1}: on chain {d.chain ? eventLabel(d.chain, decoder) : "no event"};
                    here {d.sim ? eventLabel(d.sim, decoder) : "no event"}
                    {d.chain && d.sim && eventLabel(d.chain, decoder) === eventLabel(d.sim, decoder)
                      ? " (other topics or data)"
                      : ""}
                  </li>
                ))}
              </ul>
              {events.differences.length > 8 ? (
                <p>and {events.differences.length - 8} more positions.</p>
              ) : null}
            </>
          )}
        </Row>
        <Row label="Return data">
          {minedOutput === null ? (
            <span className="flex flex-wrap items-center gap-2">
              <span data-testid="return-agreement">
                Return data: not recorded on chain (a receipt has none; the mined transaction&apos;s
                trace has it).
              </span>
              <Button onClick={() => setAskTrace(true)} disabled={minedTrace.isFetching}>
                {minedTrace.isFetching ? "Tracing…" : "Trace the mined transaction to compare"}
              </Button>
              {minedTrace.isError ? (
                <span>The trace was refused: {minedTrace.error.message}</span>
              ) : null}
            </span>
          ) : (
            <span data-testid="return-agreement" className="break-all">
              {minedOutput === simOutput
                ? minedOutput === "0x"
                  ? "Same: nothing returned, on chain or here."
                  : `Same as on chain (${(minedOutput.length - 2) / 2} bytes).`
                : `Differ: on chain ${minedOutput === "0x" ? "nothing" : `${(minedOutput.length - 2) / 2} bytes`}, here ${simOutput === "0x" ? "nothing" : `${(simOutput.length - 2) / 2} bytes`}.`}
            </span>
          )}
        </Row>
        <Row label="State">
          {state ? (
            state.same ? (
              <span data-testid="state-agreement">
                Same: {state.accounts} account{state.accounts === 1 ? "" : "s"} and {state.slots}{" "}
                slot{state.slots === 1 ? "" : "s"} end as they did on chain (gas paid by the sender
                and the block&apos;s fees left out).
              </span>
            ) : (
              <>
                <span data-testid="state-agreement">
                  Differ in {state.differences.length} account
                  {state.differences.length === 1 ? "" : "s"}:
                </span>
                <ul className="mt-1 list-disc pl-5">
                  {state.differences.slice(0, 8).map((d) => (
                    <li key={d.address} className="break-all">
                      <ShortAddress value={d.address} link />:{" "}
                      <span className="font-mono text-xs">{d.what.slice(0, 4).join(", ")}</span>
                      {d.what.length > 4 ? ` and ${d.what.length - 4} more` : ""}
                    </li>
                  ))}
                </ul>
              </>
            )
          ) : stateProblem ? (
            <span role="alert">{stateProblem}</span>
          ) : (
            <span className="flex flex-wrap items-center gap-2">
              <span>
                {simState.data
                  ? "This run's state changes are here; the mined transaction's are not asked yet."
                  : "Not compared yet: both runs' state changes (prestateTracer) are needed."}
              </span>
              <Button
                onClick={() => setAskState(true)}
                disabled={simState.isFetching || minedState.isFetching}
              >
                {simState.isFetching || minedState.isFetching
                  ? "Reading state changes…"
                  : "Compare state changes"}
              </Button>
            </span>
          )}
        </Row>
      </dl>
      <p className="mt-2">
        <a className="font-medium underline" href={compareLink}>
          Open the full comparison (call trees, state and assets side by side)
        </a>
      </p>
    </section>
  );
}
