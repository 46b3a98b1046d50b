/**
 * Where the table's status and fee come from, said in one line: the block's receipts in one
 * request, or — where the node refuses that — one request per transaction, with the refusal, the
 * progress and a retry for the ones that failed.
 */
import { formatDecimal } from "../../chain";
import { RetryButton } from "../../ui";
import { RpcErrorPanel } from "../../advice/RpcErrorPanel";
import { BLOCK_RECEIPTS, TX_RECEIPT } from "./receipts";
import type { BlockReceipts } from "./useBlockReceipts";

const SMALL = "text-sm text-slate-700 dark:text-slate-300";

export function ReceiptsNote({
  receipts: r,
  total,
  concurrency,
}: {
  receipts: BlockReceipts;
  total: number;
  concurrency: number;
}) {
  const count = `${formatDecimal(r.done)} of ${formatDecimal(total)} receipts`;
  if (r.via === "block" && r.error && !r.refusal)
    return (
      <RpcErrorPanel
        error={r.error}
        title="The block's receipts could not be read"
        onRetry={r.retry}
      />
    );
  return (
    <div className="flex flex-col gap-1">
      {r.refusal ? (
        <p className={SMALL}>
          This node does not serve {BLOCK_RECEIPTS} ({r.refusal.rpcMessage || r.refusal.codeName}
          ): the receipts are asked one by one with {TX_RECEIPT}, {concurrency} at a time.
        </p>
      ) : null}
      <p role="status" aria-live="polite" className={SMALL}>
        {r.loading
          ? `Status and fee: ${count} in${r.via === "block" ? ` (${BLOCK_RECEIPTS})` : ""}…`
          : r.failed > 0
            ? `Status and fee: ${count}; ${formatDecimal(r.failed)} could not be read.`
            : `Status and fee from ${r.via === "one-by-one" ? `${TX_RECEIPT}, one request each` : `${BLOCK_RECEIPTS}, one request`}: ${count}.`}
      </p>
      {r.failed > 0 && !r.loading ? (
        <div className="flex flex-col gap-1">
          <RpcErrorPanel error={r.error} title="Some receipts could not be read" />
          <RetryButton onRetry={r.retry} />
        </div>
      ) : null}
    </div>
  );
}
