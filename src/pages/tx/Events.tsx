/**
 * The receipt's logs as events, read the way the log table reads them (src/chain/events.ts: the
 * registry of built-ins, verified ABIs, the signature database, the user's ABIs), with token
 * amounts in whole units where the token's decimals are known. A pure view.
 */
import { useId, useState } from "react";
import { getAddress } from "viem";
import {
  decodeEvent,
  formatDecimal,
  shownArg,
  withTokenUnits,
  type AbiRegistry,
  type DecodedEvent,
} from "../../chain";
import { href } from "../../routing/links";
import type { TokenMeta } from "../../decoding/tokenMeta";
import { amountText, Button, ShortAddress } from "../../ui";
import type { ReceiptLog } from "../../transaction/receipt";

/** Rows drawn at first: a receipt with thousands of logs shows the rest on demand. */
const FIRST_ROWS = 200;

const CELL = "px-2 py-1 align-top";

export interface EventsProps {
  logs: readonly ReceiptLog[];
  registry: AbiRegistry;
  tokenMeta: ReadonlyMap<string, TokenMeta> | undefined;
  blockHash: string | null;
}

export function Events({ logs, registry, tokenMeta, blockHash }: EventsProps) {
  const headingId = useId();
  const [all, setAll] = useState(false);
  const shown = all ? logs : logs.slice(0, FIRST_ROWS);
  const contracts = [...new Set(logs.map((l) => l.address.toLowerCase()))];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline gap-x-3">
        <h3 id={headingId} className="text-sm font-semibold text-slate-800 dark:text-slate-200">
          Events ({logs.length})
        </h3>
        {blockHash && logs.length > 0 ? (
          <a
            className="text-sm text-indigo-800 underline dark:text-indigo-200"
            href={href("logs", { blockHash, address: contracts.join(",") })}
          >
            Open in the log table
          </a>
        ) : null}
      </div>
      {logs.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">It emitted no events.</p>
      ) : (
        <div className="overflow-x-auto">
          <table aria-label="Events" className="w-full text-left text-sm">
            <thead className="text-xs text-slate-700 dark:text-slate-300">
              <tr>
                <th className={CELL}>#</th>
                <th className={CELL}>Contract</th>
                <th className={CELL}>Event</th>
                <th className={CELL}>Arguments</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((log, i) => (
                <EventRow
                  key={log.logIndex !== null ? log.logIndex.toString() : `at-${i}`}
                  log={log}
                  position={i}
                  registry={registry}
                  meta={tokenMeta?.get(safeChecksum(log.address))}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {!all && logs.length > FIRST_ROWS ? (
        <Button onClick={() => setAll(true)}>Show all {logs.length} events</Button>
      ) : null}
    </section>
  );
}

/** WETH-shaped events: one indexed account and the amount wrapped or unwrapped. */
const WRAP_EVENTS = new Set(["Deposit", "Withdrawal"]);

/**
 * A WETH `Deposit wad` / `Withdrawal wad` in whole tokens beside the raw integer, as Transfer's
 * amount is ("2 WETH (2000000000000000000)"): the token's decimals, where known.
 */
export function withWrapUnits(
  ev: DecodedEvent | null,
  meta: { symbol?: string; decimals?: number } | undefined,
): DecodedEvent | null {
  if (!ev || meta?.decimals === undefined || !WRAP_EVENTS.has(ev.name) || ev.args.length !== 2)
    return ev;
  const decimals = meta.decimals;
  const args = ev.args.map((a) => {
    if (a.indexed || !/^uint\d*$/.test(a.type) || !/^\d+$/.test(a.value)) return a;
    const text = amountText(BigInt(a.value), decimals, meta.symbol);
    return {
      ...a,
      value: `${text} (${a.value})`,
      shown: `${text} (${formatDecimal(BigInt(a.value))})`,
    };
  });
  return { ...ev, args };
}

function safeChecksum(address: string): string {
  try {
    return getAddress(address.toLowerCase());
  } catch {
    return address;
  }
}

function EventRow({
  log,
  position,
  registry,
  meta,
}: {
  log: ReceiptLog;
  position: number;
  registry: AbiRegistry;
  meta: TokenMeta | undefined;
}) {
  const ev = withWrapUnits(withTokenUnits(decodeEvent(log, registry), meta), meta);
  return (
    <tr className="border-t border-slate-100 dark:border-slate-800">
      <td className={`${CELL} font-mono`}>
        {log.logIndex !== null ? formatDecimal(log.logIndex) : `(${position})`}
      </td>
      <td className={`${CELL} font-mono`}>
        <ShortAddress value={log.address} />
      </td>
      <td className={CELL}>
        {ev ? (
          <span className="font-mono font-semibold" title={ev.signature}>
            {ev.name}
          </span>
        ) : (
          <span className="text-slate-700 dark:text-slate-300">
            unknown event{" "}
            <span className="break-all font-mono text-xs">{log.topics[0] ?? "(anonymous)"}</span>
          </span>
        )}
      </td>
      <td className={CELL}>
        {ev ? (
          <ul className="flex flex-col gap-0.5">
            {ev.args.map((a, k) => (
              <li key={`${k}-${a.name}`}>
                <span className="text-slate-700 dark:text-slate-300">{a.name || `arg ${k}`}:</span>{" "}
                <span className="break-all font-mono">{shownArg(a)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <ul className="flex flex-col gap-0.5 font-mono text-xs">
            {log.topics.slice(1).map((t, k) => (
              <li key={`t${k}`} className="break-all">
                topic{k + 1}: {t}
              </li>
            ))}
            <li className="break-all">data: {log.data}</li>
          </ul>
        )}
      </td>
    </tr>
  );
}
