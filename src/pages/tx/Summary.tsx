/**
 * The summary above the transaction's fields: what it did, from its receipt. A pure view of the
 * summary model (summary.ts) and the input reading the card already made.
 */
import type { ReactNode } from "react";
import { formatDecimal } from "../../chain";
import { href } from "../../routing/links";
import { Address, Amount, BlockLink, Gas, Hash, Time } from "../../ui";
import type { InputReading } from "./decode";
import type { ReceiptSummary, ReceiptStatus } from "./receiptSummary";

const TERM = "text-sm font-semibold text-slate-800 dark:text-slate-200";
const SMALL = "text-xs text-slate-700 dark:text-slate-300";
const MONO = "break-all font-mono text-sm text-slate-900 dark:text-slate-100";

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-x-3 gap-y-0.5 border-b border-slate-100 py-1.5 last:border-b-0 sm:grid-cols-[9rem_minmax(0,1fr)] dark:border-slate-800">
      <dt className={TERM}>{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

const TONES = {
  success: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50",
  failed: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-50",
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50",
  other: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
};

function StatusValue({ status, polling }: { status: ReceiptStatus; polling: ReactNode }) {
  const badge = (tone: keyof typeof TONES, text: string) => (
    <span className={`inline-block rounded px-1.5 py-0.5 text-sm font-semibold ${TONES[tone]}`}>
      {text}
    </span>
  );
  switch (status.kind) {
    case "success":
      return badge("success", "Success");
    case "failed":
      return badge("failed", "Failed");
    case "pending":
      return (
        <span className="flex flex-wrap items-center gap-2">
          {badge("pending", "Pending")}
          <span className={SMALL}>no receipt yet: not mined (or not yet known to this node)</span>
          {polling}
        </span>
      );
    case "root":
      return (
        <span className="flex flex-col gap-0.5">
          <span className="flex flex-wrap items-center gap-2">
            {badge("other", "Not recorded")}
            <span className={SMALL}>
              a pre-Byzantium receipt: it carries the post-transaction state root instead of a
              status
            </span>
          </span>
          <Hash value={status.root} label="Copy root" />
        </span>
      );
    case "unknown":
      return (
        <span className="flex flex-wrap items-center gap-2">
          {badge("other", "Unknown")}
          <span className={SMALL}>the node sent status {status.raw || "(none)"}</span>
        </span>
      );
  }
}

function methodText(input: InputReading | null, creation: boolean): string {
  if (creation) return "contract creation";
  if (!input) return "—";
  switch (input.kind) {
    case "empty":
      return "plain transfer (no data)";
    case "creation":
      return "contract creation";
    case "short":
      return `${input.bytes} bytes of data (no selector)`;
    case "unknown":
      return `unknown function, selector ${input.selector}`;
    case "decoded":
      return input.signature;
  }
}

export interface SummaryProps {
  summary: ReceiptSummary;
  input: InputReading | null;
  symbol: string;
  /** The pending lookup's state and its "Check again" action. */
  polling?: ReactNode;
  /** A quiet note when the node gave no receipt (refused or failed). */
  receiptNote?: ReactNode;
  /**
   * The receipt is being asked for: its rows (gas used, fee) are drawn waiting, at their size, so
   * the links and sections below do not move down by them when it comes.
   */
  receiptPending?: boolean;
  /**
   * Native value moved by inner calls, read from a trace already in the cache (never asked for
   * this); null: no trace at hand, a link to the trace's balance changes instead; undefined: not
   * shown (a plain transfer, or nothing mined yet).
   */
  inner?: bigint | null | undefined;
  /** The transaction's hash (the trace link). */
  hash: string;
  /** Why a failed transaction failed: shown beside its status, the first thing read. */
  why?: ReactNode;
}

export function Summary({
  summary: s,
  input,
  symbol,
  polling,
  receiptNote,
  receiptPending = false,
  inner,
  hash,
  why,
}: SummaryProps) {
  const creation = s.to === null;
  return (
    <dl aria-label="Summary" className="flex flex-col">
      <Row term="Status">
        {receiptNote ? (
          <span className={SMALL}>{receiptNote}</span>
        ) : (
          <StatusValue status={s.status} polling={polling} />
        )}
        {why ? <div className="mt-1">{why}</div> : null}
      </Row>
      {s.blockNumber !== null ? (
        <Row term="Block">
          <span className="flex flex-wrap items-center gap-x-2">
            <BlockLink number={s.blockNumber} className="break-all" />
            {s.confirmations !== null ? (
              <span className={SMALL}>
                {formatDecimal(s.confirmations)} confirmation{s.confirmations === 1n ? "" : "s"}
              </span>
            ) : null}
          </span>
        </Row>
      ) : null}
      {s.timestamp !== null ? (
        <Row term="Time">
          <Time seconds={s.timestamp} />
        </Row>
      ) : null}
      <Row term="From → to">
        <span className="flex flex-wrap items-center gap-1">
          <Address
            value={s.from}
            label="Copy from address"
            href={href("address", { address: s.from })}
          />
          <span aria-hidden="true">→</span>
          <span className="sr-only">to</span>
          {s.to ? (
            <Address
              value={s.to}
              label="Copy to address"
              href={href("address", { address: s.to })}
            />
          ) : (
            <span className="text-sm">contract creation</span>
          )}
        </span>
      </Row>
      {creation || s.contractCreated ? (
        <Row term="Contract created">
          {s.contractCreated ? (
            <Address
              value={s.contractCreated}
              label="Copy created contract address"
              href={href("address", { address: s.contractCreated })}
            />
          ) : (
            <span className={SMALL}>
              {s.status.kind === "pending"
                ? "known once mined"
                : "none (the creation failed, or the node did not say)"}
            </span>
          )}
        </Row>
      ) : null}
      <Row term="Method">
        <span className={MONO}>{methodText(input, creation)}</span>
      </Row>
      <Row term="Value">
        <Amount raw={s.value} unit={symbol} label="value" />
      </Row>
      {inner !== undefined ? (
        <Row term="Inside calls">
          {inner === null ? (
            <a
              className="text-sm text-indigo-700 underline dark:text-indigo-300"
              href={href("trace", { hash, view: "balances" })}
            >
              see value moved inside calls
            </a>
          ) : (
            <span className="flex flex-wrap items-baseline gap-x-2">
              <Amount raw={inner} unit={symbol} label="value moved inside calls" />
              <span className={SMALL}>moved by inner calls (from the trace already loaded)</span>
            </span>
          )}
        </Row>
      ) : null}
      {s.gasUsed !== null ? (
        <Row term="Gas used">
          <Gas used={s.gasUsed} limit={s.gasLimit} />
        </Row>
      ) : receiptPending ? (
        <>
          <Row term="Gas used">
            <span className={SMALL}>from its receipt…</span>
          </Row>
          <Row term="Fee">
            <span className="flex flex-col gap-0.5">
              {/* as tall as the amount's line (its Show wei button) */}
              <span className="min-h-5.5 text-sm text-slate-600 dark:text-slate-400">
                from its receipt…
              </span>
              <span className={SMALL}>gas used × the price it paid</span>
            </span>
          </Row>
        </>
      ) : null}
      {s.fee?.kind === "none" ? (
        <Row term="Fee">
          <span className="flex flex-col gap-0.5">
            <span className={MONO}>{s.fee.label}</span>
            <span className={SMALL}>{s.fee.detail}</span>
          </span>
        </Row>
      ) : s.fee ? (
        <Row term="Fee">
          <span className="flex flex-col gap-0.5">
            <Amount raw={s.fee.wei} unit={symbol} label="fee" />
            <span className={SMALL}>
              {s.fee.priceSource === "effectiveGasPrice"
                ? `gas used × effectiveGasPrice (${formatDecimal(s.fee.price)} wei)`
                : `gas used × the transaction's gasPrice (${formatDecimal(s.fee.price)} wei): this node's receipt has no effectiveGasPrice`}
            </span>
            {s.fee.parts.length > 0 ? (
              <ul aria-label="Fee parts" className="flex flex-col gap-0.5">
                {s.fee.parts.map((p) => (
                  <li key={p.name} className="text-sm">
                    <span className="font-mono">{p.name}</span>: {p.exact}
                    {p.reading ? ` (${p.reading})` : ""} <span className={SMALL}>— {p.label}</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </span>
        </Row>
      ) : null}
    </dl>
  );
}
