/**
 * Where to go from a transaction card: its trace, its block's logs, a new estimate of the call, a
 * simulation of it at its parent block.
 */
import { useId } from "react";
import { href } from "../../routing/links";
import { minedSimulateLink } from "../../routing/simulateLink";
import type { TxModel } from "./model";

function OnwardLink({
  href: to,
  describedBy,
  children,
}: {
  href: string;
  describedBy?: string;
  children: string;
}) {
  return (
    <a
      href={to}
      aria-describedby={describedBy}
      className="rounded border border-indigo-300 px-2 py-1 font-medium text-indigo-800 hover:bg-indigo-50 dark:border-indigo-700 dark:text-indigo-200 dark:hover:bg-indigo-950"
    >
      {children}
    </a>
  );
}

export function OnwardLinks({ model }: { model: TxModel }) {
  // A call with data to an address: the callee may have logged something in this block (a plain
  // transfer to an account logs nothing, and a creation has no `to` yet).
  const calledContract = model.to !== null && model.input !== "0x" ? model.to : null;
  const noteId = useId();
  const simulate = minedSimulateLink(model);
  return (
    <nav aria-label="Onward" className="flex flex-col gap-1">
      <div className="flex flex-wrap gap-2 text-sm">
        <OnwardLink href={href("trace", { hash: model.hash })}>Trace this transaction</OnwardLink>
        {model.blockHash ? (
          <OnwardLink href={href("logs", { blockHash: model.blockHash })}>
            Logs of this block
          </OnwardLink>
        ) : null}
        {model.blockHash && calledContract ? (
          <OnwardLink href={href("logs", { blockHash: model.blockHash, address: calledContract })}>
            Logs of the called contract in this block
          </OnwardLink>
        ) : null}
        <OnwardLink
          href={href("estimate", {
            from: model.from,
            ...(model.to ? { to: model.to } : {}),
            value: model.value,
            data: model.input,
          })}
        >
          Estimate again
        </OnwardLink>
        <OnwardLink href={simulate.href} describedBy={noteId}>
          Simulate
        </OnwardLink>
      </div>
      <p className="text-xs text-slate-700 dark:text-slate-300">
        Simulate: <span id={noteId}>{simulate.note}</span>
      </p>
    </nav>
  );
}
