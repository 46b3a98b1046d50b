/**
 * The block's header fields as a description list: number, hash, parent (a link), time and age,
 * fee recipient (named where known), gas used of the limit, base fee, blob gas, transaction and
 * withdrawal counts. A pure view of the model.
 */
import type { ReactNode } from "react";
import { formatDecimal, formatWei } from "../../chain";
import { href } from "../../routing/links";
import { Address, addressHref, Gas, Hash, Time } from "../../ui";
import { blockHex, type BlockModel } from "./block";

const TERM = "text-sm font-semibold text-slate-800 dark:text-slate-200";
const SMALL = "text-xs text-slate-700 dark:text-slate-300";
const MONO = "break-all font-mono text-sm text-slate-900 dark:text-slate-100";
const LINK = "text-indigo-700 underline dark:text-indigo-300";

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-x-3 gap-y-0.5 border-b border-slate-100 py-1.5 last:border-b-0 sm:grid-cols-[10rem_minmax(0,1fr)] dark:border-slate-800">
      <dt className={TERM}>{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

const none = <span className={SMALL}>not sent by this node</span>;

export function BlockFields({ block }: { block: BlockModel }) {
  const b = block;
  return (
    <dl aria-label="Block" className="flex flex-col">
      <Row term="Number">
        {b.number !== null ? (
          // Written whole (not grouped): a block number is an identifier people copy.
          <span className={MONO}>
            {b.number.toString()} <span className={SMALL}>({blockHex(b.number)})</span>
          </span>
        ) : (
          none
        )}
      </Row>
      <Row term="Hash">{b.hash ? <Hash value={b.hash} label="Copy block hash" /> : none}</Row>
      <Row term="Parent">
        {b.parentHash ? (
          <span className="flex flex-wrap items-center gap-x-2">
            <a
              className={`${LINK} break-all font-mono text-sm`}
              href={href("block", { hash: b.parentHash })}
            >
              {b.parentHash}
            </a>
            {b.number !== null && b.number > 0n ? (
              <span className={SMALL}>block {formatDecimal(b.number - 1n)}</span>
            ) : null}
          </span>
        ) : (
          none
        )}
      </Row>
      <Row term="Time">{b.timestamp !== null ? <Time seconds={b.timestamp} /> : none}</Row>
      <Row term="Fee recipient">
        {b.miner ? (
          <Address value={b.miner} label="Copy fee recipient" href={addressHref(b.miner)} />
        ) : (
          none
        )}
      </Row>
      <Row term="Gas used">
        {b.gasUsed !== null ? <Gas used={b.gasUsed} limit={b.gasLimit} /> : none}
      </Row>
      <Row term="Base fee">
        {b.baseFeePerGas !== null ? (
          <span>
            <span className={MONO}>
              {formatWei(b.baseFeePerGas, "gwei", { thousands: true })} gwei
            </span>{" "}
            <span className={SMALL}>({formatDecimal(b.baseFeePerGas)} wei per gas)</span>
          </span>
        ) : (
          <span className={SMALL}>none (a block before London, or a chain without EIP-1559)</span>
        )}
      </Row>
      <Row term="Blob gas">
        {b.blobGasUsed !== null || b.excessBlobGas !== null ? (
          <span className="text-sm">
            used{" "}
            <span className="font-mono">
              {b.blobGasUsed !== null ? formatDecimal(b.blobGasUsed) : "—"}
            </span>
            , excess{" "}
            <span className="font-mono">
              {b.excessBlobGas !== null ? formatDecimal(b.excessBlobGas) : "—"}
            </span>
          </span>
        ) : (
          <span className={SMALL}>none (a block before Cancun, or a chain without blobs)</span>
        )}
      </Row>
      <Row term="Transactions">
        <span className={MONO}>{formatDecimal(b.txs.length)}</span>
      </Row>
      <Row term="Withdrawals">
        {b.withdrawals !== null ? (
          <span className={MONO}>{formatDecimal(b.withdrawals)}</span>
        ) : (
          <span className={SMALL}>none (a block before Shanghai, or a chain without them)</span>
        )}
      </Row>
    </dl>
  );
}
