/**
 * The open state of a log row: the decoded event (addresses linked to their pages, a token amount
 * in whole tokens with the exact integer a press away), topics, data in 32-byte words, every field.
 */
import type { ReactNode } from "react";
import { Address, Amount, BlockLink, CopyButton, Hash, LinkNav, Time } from "../ui";
import { shownArg } from "../chain";
import { href } from "../routing/links";
import type { KindIndex } from "./kinds";
import { txCardLink } from "./LogCell";
import { dataWords, type DecodedEvent } from "./model";
import type { AmountUnit } from "./query";
import type { LogRow } from "./result";

/** Fields shown in their own rows; any other field the node sent is listed after them. */
const KNOWN_FIELDS = new Set([
  "address",
  "topics",
  "data",
  "blockNumber",
  "blockHash",
  "transactionHash",
  "transactionIndex",
  "logIndex",
  "removed",
  "blockTimestamp",
]);

/**
 * An argument's value as the shared displays show it: an address checksummed and linked, a token
 * amount in its unit (by the table's `unit`, read exact from the log), else the decoder's text.
 */
function argValue(
  row: LogRow,
  ev: DecodedEvent,
  i: number,
  kinds: KindIndex | undefined,
  unit: AmountUnit | undefined,
): ReactNode {
  const a = ev.args[i];
  if (!a) return null;
  if (a.type === "address" && /^0x[0-9a-fA-F]{40}$/.test(a.value))
    return (
      <Address
        value={a.value}
        href={href("address", { address: a.value })}
        label={`Copy ${a.name || "address"}`}
      />
    );
  const kind = kinds?.kindOf(row) ?? null;
  const spec = kind?.args[i];
  if (kinds && kind && spec && spec.type === "uint" && unit) {
    const v = kinds.value(row, kind, i);
    const tokens = typeof v === "bigint" ? unit(row, kind, spec) : undefined;
    if (tokens && typeof v === "bigint")
      return (
        <Amount
          raw={v}
          decimals={tokens.decimals}
          unit={tokens.symbol}
          baseUnit="base units"
          label={a.name || "amount"}
        />
      );
  }
  return shownArg(a);
}

export function LogDetail({
  row,
  ev,
  kinds,
  unit,
}: {
  row: LogRow;
  ev: DecodedEvent | null;
  /** Reads an argument exactly where it sits (a token amount's integer). */
  kinds?: KindIndex;
  /** The unit a token amount is shown in (the table's, as its columns and filter read it). */
  unit?: AmountUnit;
}) {
  const words = dataWords(row.data);
  const extra = Object.entries(row.raw).filter(([k]) => !KNOWN_FIELDS.has(k));
  const card = txCardLink(row);
  const links = [
    ...(card ? [{ label: "Transaction card", href: card }] : []),
    ...(row.transactionHash
      ? [{ label: "Trace", href: href("trace", { hash: row.transactionHash }) }]
      : []),
    ...(row.blockHash
      ? [
          {
            label: "Logs of this contract in this block",
            href: href("logs", { blockHash: row.blockHash, address: row.address }),
          },
        ]
      : []),
  ];
  return (
    <div className="flex flex-col gap-3 text-xs">
      <LinkNav label="This log's transaction in other views" links={links} />
      {row.removed ? (
        <p className="font-semibold text-amber-900 dark:text-amber-200">
          Removed by a chain reorganisation: this log is no longer part of the chain.
        </p>
      ) : null}
      {ev ? (
        <section>
          <h3 className="font-semibold">
            {ev.name}{" "}
            <span className="font-mono font-normal text-slate-700 dark:text-slate-300">
              {ev.signature}
            </span>
          </h3>
          <table className="mt-1 w-full border-collapse text-left">
            <thead>
              <tr className="text-slate-700 dark:text-slate-300">
                <th className="pr-3 font-medium">Name</th>
                <th className="pr-3 font-medium">Type</th>
                <th className="font-medium">Value</th>
              </tr>
            </thead>
            <tbody>
              {ev.args.map((a, i) => (
                <tr key={i}>
                  <td className="pr-3 align-top font-mono">{a.name || `arg${i}`}</td>
                  <td className="pr-3 align-top font-mono">
                    {a.type}
                    {a.indexed ? " indexed" : ""}
                  </td>
                  <td className="font-mono break-all">{argValue(row, ev, i, kinds, unit)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : (
        <p className="text-slate-700 dark:text-slate-300">
          Not decoded: no known event has this topic0. Add the contract's ABI to decode it.
        </p>
      )}
      <section>
        <h3 className="font-semibold">Topics</h3>
        {row.topics.length === 0 ? <p>none (anonymous event)</p> : null}
        <ol className="font-mono">
          {row.topics.map((t, i) => (
            <li key={i} className="flex flex-wrap items-center gap-2 break-all">
              <span className="text-slate-700 dark:text-slate-300">topic{i}</span> {t}{" "}
              <CopyButton text={t} label={`Copy topic ${i}`} />
            </li>
          ))}
        </ol>
      </section>
      <section>
        <h3 className="font-semibold">Data ({(row.data.length - 2) / 2} bytes, 32-byte words)</h3>
        {words.length === 0 ? <p className="font-mono">0x</p> : null}
        <ol className="font-mono">
          {words.map((w, i) => (
            <li key={i} className="break-all">
              <span className="text-slate-700 dark:text-slate-300">{`0x${(i * 32).toString(16).padStart(3, "0")}`}</span>{" "}
              {w}
            </li>
          ))}
        </ol>
      </section>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 font-mono">
        <dt>address</dt>
        <dd className="break-all">
          <Address
            value={row.address}
            href={href("address", { address: row.address })}
            label="Copy the emitting contract's address"
          />
        </dd>
        <dt>blockNumber</dt>
        <dd>
          {row.blockNumber === null ? "pending" : <BlockLink number={row.blockNumber} small />}
        </dd>
        <dt>blockHash</dt>
        <dd className="break-all">
          {row.blockHash ? <Hash value={row.blockHash} label="Copy block hash" /> : "pending"}
        </dd>
        <dt>transactionHash</dt>
        <dd className="break-all">
          {row.transactionHash ? (
            <Hash value={row.transactionHash} label="Copy transaction hash" />
          ) : (
            "pending"
          )}
        </dd>
        <dt>transactionIndex</dt>
        <dd>{row.transactionIndex ?? "pending"}</dd>
        <dt>logIndex</dt>
        <dd>{row.logIndex ?? "pending"}</dd>
        <dt>removed</dt>
        <dd>{row.raw.removed === undefined ? "— (not sent)" : String(row.removed)}</dd>
        {row.blockTimestamp !== null ? (
          <>
            <dt>blockTimestamp</dt>
            <dd>
              <Time seconds={BigInt(row.blockTimestamp)} />
            </dd>
          </>
        ) : null}
        {extra.map(([k, v]) => (
          <FragmentRow key={k} name={k} value={v} />
        ))}
      </dl>
    </div>
  );
}

function FragmentRow({ name, value }: { name: string; value: unknown }) {
  return (
    <>
      <dt>{name}</dt>
      <dd className="break-all">{typeof value === "string" ? value : JSON.stringify(value)}</dd>
    </>
  );
}
