/**
 * The token moves the receipt's logs state (src/chain/transfers.ts, the reading the trace's
 * Balance changes use): ERC-20, WETH deposits and withdrawals, ERC-721 and ERC-1155, each with
 * the exact amount and, where the token's decimals are known, the amount in whole tokens. Native
 * value moved inside the call is not in logs: the trace shows it. A pure view.
 */
import { useId } from "react";
import { formatUnits } from "viem";
import type { TokenMove } from "../../chain";
import { href } from "../../routing/links";
import type { TokenMeta } from "../../decoding/tokenMeta";
import { Address } from "../../ui";

const KIND: Record<string, string> = {
  erc20: "ERC-20",
  erc721: "ERC-721",
  erc1155: "ERC-1155",
  native: "native",
};

function kindText(m: TokenMove): string {
  if (m.via === "Deposit") return "WETH deposit (wrap)";
  if (m.via === "Withdrawal") return "WETH withdrawal (unwrap)";
  return KIND[m.asset.kind] ?? m.asset.kind;
}

/** "12.5 NST" beside the exact integer, or the integer alone when the decimals are unknown. */
export function amountText(m: TokenMove, meta: TokenMeta | undefined): string {
  if (m.asset.kind === "erc721") return "1 token";
  const exact = m.amount.toString();
  if (m.asset.kind === "erc1155" || meta?.decimals === undefined)
    return `${exact}${meta?.symbol && m.asset.kind === "erc20" ? ` (raw units of ${meta.symbol})` : ""}`;
  const whole = formatUnits(m.amount, meta.decimals);
  return `${whole}${meta.symbol ? ` ${meta.symbol}` : ""} (${exact})`;
}

export interface TransfersProps {
  moves: readonly TokenMove[];
  tokenMeta: ReadonlyMap<string, TokenMeta> | undefined;
  hash: string;
}

export function Transfers({ moves, tokenMeta, hash }: TransfersProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold text-slate-800 dark:text-slate-200">
        Token transfers ({moves.length})
      </h3>
      {moves.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          No token transfer events in its logs.
        </p>
      ) : (
        <ol aria-label="Token transfers" className="flex flex-col gap-1">
          {moves.map((m, i) => {
            const meta = m.asset.token ? tokenMeta?.get(m.asset.token) : undefined;
            return (
              <li
                key={`${i}-${m.asset.token ?? ""}`}
                className="flex flex-col gap-0.5 rounded border border-slate-200 p-2 text-sm dark:border-slate-700"
              >
                <span className="flex flex-wrap items-center gap-x-2">
                  <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">
                    {kindText(m)}
                  </span>
                  <span className="font-mono" data-amount="">
                    {amountText(m, meta)}
                  </span>
                  {m.asset.tokenId !== undefined ? (
                    <span className="font-mono">token id {m.asset.tokenId.toString()}</span>
                  ) : null}
                  {meta?.symbol && m.asset.kind !== "erc20" ? (
                    <span className="text-xs">{meta.symbol}</span>
                  ) : null}
                </span>
                <span className="flex flex-wrap items-center gap-1">
                  <Address value={m.from} label={`Copy transfer ${i + 1} sender`} />
                  <span aria-hidden="true">→</span>
                  <span className="sr-only">to</span>
                  <Address value={m.to} label={`Copy transfer ${i + 1} recipient`} />
                </span>
                {m.asset.token ? (
                  <span className="flex flex-wrap items-center gap-1 text-xs text-slate-700 dark:text-slate-300">
                    token <Address value={m.asset.token} label={`Copy transfer ${i + 1} token`} />
                  </span>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      <p className="text-xs text-slate-700 dark:text-slate-300">
        Native value sent inside the call (by contracts) is not in the receipt: it needs the trace.{" "}
        <a
          className="text-indigo-800 underline dark:text-indigo-200"
          href={href("trace", { hash, view: "balances" })}
        >
          Balance changes in the trace
        </a>
      </p>
    </section>
  );
}
