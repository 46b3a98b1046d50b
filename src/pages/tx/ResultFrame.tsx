/**
 * The top of the result: where the transaction sits (stepping through the block), the exact call,
 * and "Looking up…" while the answer is on its way. The start view shows it alone while the
 * lookup part loads; the lookup part shows it with the answer below.
 */
import type { ReactNode } from "react";
import { formatDecimal } from "../../chain/units";
import type { ResolvedEndpoint } from "../../endpoints";
import { Button } from "../../ui";
import { toParams, type BlockLookup, type HashLookup, type TxLookup } from "./params";
import { BY_HASH_METHOD } from "./request";

export const short = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`;

export interface ResultFrameProps {
  endpoint: ResolvedEndpoint;
  blockLookup: BlockLookup | null;
  hashLookup: HashLookup | null;
  /** Where the transaction sits: the asked position, or where the node found the hash. */
  position: BlockLookup | null;
  /** A transaction is shown: the next index may hold one too. */
  shown: boolean;
  pending: boolean;
  go: (next: TxLookup) => void;
  children?: ReactNode;
}

export function ResultFrame({
  endpoint,
  blockLookup,
  hashLookup,
  position,
  shown,
  pending,
  go,
  children,
}: ResultFrameProps) {
  const asked = hashLookup
    ? `${BY_HASH_METHOD}(${JSON.stringify(toParams(hashLookup))})`
    : blockLookup
      ? `${endpoint.rpcMethod}(${JSON.stringify(toParams(blockLookup))})`
      : "";
  return (
    <section aria-label="Result" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        {position ? (
          <nav aria-label="Step through the block" className="flex items-center gap-2">
            <Button
              disabled={position.index === 0n}
              onClick={() => go({ ...position, index: position.index - 1n })}
              aria-label="Previous transaction"
            >
              ← Previous
            </Button>
            <span className="text-sm text-slate-800 dark:text-slate-200">
              index <span className="font-mono">{formatDecimal(position.index)}</span>
            </span>
            <Button
              disabled={!shown}
              onClick={() => go({ ...position, index: position.index + 1n })}
              aria-label="Next transaction"
            >
              Next →
            </Button>
          </nav>
        ) : null}
        <code className="break-all text-xs text-slate-600 dark:text-slate-400">{asked}</code>
      </div>

      {pending ? (
        <p role="status" className="text-sm text-slate-800 dark:text-slate-200">
          {hashLookup
            ? `Looking up transaction ${short(hashLookup.hash)}…`
            : blockLookup
              ? `Looking up index ${formatDecimal(blockLookup.index)} in block ${short(blockLookup.blockHash)}…`
              : null}
        </p>
      ) : null}

      {children}
    </section>
  );
}
