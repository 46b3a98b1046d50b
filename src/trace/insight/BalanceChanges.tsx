/**
 * Balance changes: one row per (address, asset) with its net change, exact in the asset's
 * smallest unit, plus the amount in whole units where the token's decimals are known (the shared
 * amount text, grouped). Addresses checksummed, named and linked to their pages. Sortable,
 * filterable, exportable as CSV. Pure props.
 */
import { DEFAULT_NATIVE_SYMBOL } from "../../chain/nativeUnit";
import type { TokenMeta } from "../../decoding/tokenMeta";
import { InsightSection } from "./Section";
import { useCallback, useContext, useMemo, useState } from "react";
import { formatUnits } from "viem";
import {
  Address,
  addressHref,
  AddressNames,
  amountText,
  Button,
  checksumOf,
  downloadText,
  shortAddress,
  SortHeader,
} from "../../ui";
import { ZERO_ADDRESS, type Asset, type BalanceChange } from "./transfers";

export type { TokenMeta } from "../../decoding/tokenMeta";

type SortKey = "address" | "asset" | "delta";

export function assetLabel(
  asset: Asset,
  meta: ReadonlyMap<string, TokenMeta>,
  nativeSymbol: string,
  /** The token contract's name where one is known (verified source, the user's label). */
  nameOf?: (address: string) => string | null | undefined,
): string {
  if (asset.kind === "native") return `${nativeSymbol} (native)`;
  const m = asset.token ? meta.get(asset.token) : undefined;
  // A token without a symbol (most ERC-1155s) reads by its contract's name, else as a token at
  // a short address, never as 42 raw characters.
  const name =
    m?.symbol ??
    (asset.token ? (nameOf?.(asset.token) ?? `token ${shortAddress(asset.token)}`) : "?");
  const kind = asset.kind === "erc20" ? "ERC-20" : asset.kind === "erc721" ? "ERC-721" : "ERC-1155";
  return asset.tokenId === undefined
    ? `${name} (${kind})`
    : `${name} #${asset.tokenId.toString()} (${kind})`;
}

/** The asset's decimals: 18 for the native coin, the token's own where it said (ERC-20 only). */
export function decimalsOf(asset: Asset, meta: ReadonlyMap<string, TokenMeta>): number | undefined {
  if (asset.kind === "native") return 18;
  return asset.kind === "erc20" && asset.token ? meta.get(asset.token)?.decimals : undefined;
}

/** The unit an asset's amount reads in: the native symbol, the token's symbol (or none). */
function unitOf(
  asset: Asset,
  meta: ReadonlyMap<string, TokenMeta>,
  nativeSymbol: string,
): string | undefined {
  if (asset.kind === "native") return nativeSymbol;
  return (asset.token && meta.get(asset.token)?.symbol) || undefined;
}

/** The change in whole units where decimals are known: "-1.5 WETH"; null otherwise (the CSV's). */
export function formattedAmount(
  delta: bigint,
  asset: Asset,
  meta: ReadonlyMap<string, TokenMeta>,
  nativeSymbol: string,
): string | null {
  const decimals = decimalsOf(asset, meta);
  if (decimals === undefined) return null;
  const symbol =
    asset.kind === "native" ? nativeSymbol : ((asset.token && meta.get(asset.token)?.symbol) ?? "");
  const text = formatUnits(delta, decimals);
  return `${delta > 0n ? "+" : ""}${text}${symbol ? ` ${symbol}` : ""}`;
}

/** Exact and ungrouped, so it can be compared and copied digit for digit. */
function signed(delta: bigint): string {
  return `${delta > 0n ? "+" : ""}${delta.toString()}`;
}

function csvCell(v: string): string {
  return /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export function balanceChangesCsv(
  rows: readonly BalanceChange[],
  meta: ReadonlyMap<string, TokenMeta>,
  nativeSymbol: string,
): string {
  const head = ["address", "asset", "token", "token_id", "change_raw", "decimals", "change"];
  const lines = rows.map((r) => {
    const m = r.asset.token ? meta.get(r.asset.token) : undefined;
    const decimals = r.asset.kind === "native" ? "18" : (m?.decimals?.toString() ?? "");
    return [
      r.address,
      assetLabel(r.asset, meta, nativeSymbol),
      r.asset.token ?? "",
      r.asset.tokenId?.toString() ?? "",
      r.delta.toString(),
      decimals,
      formattedAmount(r.delta, r.asset, meta, nativeSymbol) ?? "",
    ]
      .map(csvCell)
      .join(",");
  });
  return [head.join(","), ...lines].join("\n") + "\n";
}

export function BalanceChanges({
  rows,
  tokenMeta = new Map(),
  nativeSymbol = DEFAULT_NATIVE_SYMBOL,
  hash,
  logsAsked,
}: {
  rows: readonly BalanceChange[];
  /** Whether the trace was asked with withLog (token events listed); undefined: not known. */
  logsAsked?: boolean;
  tokenMeta?: ReadonlyMap<string, TokenMeta>;
  nativeSymbol?: string;
  /** Names the exported file. */
  hash?: string;
}) {
  const [filter, setFilter] = useState("");
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: "delta", desc: false });
  const namer = useContext(AddressNames);
  const tokenName = useCallback((a: string) => namer.name(a)?.text, [namer]);

  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    const label = (r: BalanceChange) => assetLabel(r.asset, tokenMeta, nativeSymbol, tokenName);
    const list = q
      ? rows.filter((r) =>
          [r.address, label(r), r.asset.token ?? "", r.delta.toString()].some((s) =>
            s.toLowerCase().includes(q),
          ),
        )
      : [...rows];
    const dir = sort.desc ? -1 : 1;
    list.sort((a, b) => {
      if (sort.key === "delta") return (a.delta < b.delta ? -1 : a.delta > b.delta ? 1 : 0) * dir;
      const x = sort.key === "address" ? a.address.toLowerCase() : label(a);
      const y = sort.key === "address" ? b.address.toLowerCase() : label(b);
      return x.localeCompare(y) * dir;
    });
    return list;
  }, [rows, filter, sort, tokenMeta, nativeSymbol, tokenName]);

  const header = (key: SortKey, text: string) => (
    <SortHeader column={key} label={text} sort={sort} onSort={setSort} />
  );

  return (
    <InsightSection
      title="Balance changes"
      note={
        <>
          Net change per address and asset, from value transfers and token events of frames that
          took effect. Gas fees are not included.
          {logsAsked === false ? (
            <>
              {" "}
              This trace was asked without <code>withLog</code>: token moves are missing.
            </>
          ) : null}
        </>
      }
    >
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-1 text-sm">
          <span>Filter balance changes</span>
          <input
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            className="rounded border border-slate-300 bg-white px-2 py-1 font-mono text-sm dark:border-slate-600 dark:bg-slate-900"
          />
        </label>
        <Button
          onClick={() =>
            downloadText(
              `balance-changes-${hash?.slice(0, 10) ?? "trace"}.csv`,
              balanceChangesCsv(shown, tokenMeta, nativeSymbol),
              "text/csv",
            )
          }
          disabled={shown.length === 0}
        >
          Export CSV
        </Button>
        <span className="text-xs text-slate-700 dark:text-slate-300" aria-live="polite">
          {shown.length === rows.length
            ? `${rows.length} rows`
            : `${shown.length} of ${rows.length} rows`}
        </span>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm">
          Nothing changed hands: no value moved and no token transfer event was emitted by a frame
          that took effect.
          {logsAsked === true ? (
            " The trace lists every frame's events (it was asked with withLog): there were none of tokens moving."
          ) : logsAsked === false ? (
            <>
              {" "}
              (This trace was asked without <code>withLog</code>, so token moves cannot show: ask it
              again with <code>withLog</code>.)
            </>
          ) : (
            <>
              {" "}
              (Token moves show only in a trace asked with <code>withLog</code>.)
            </>
          )}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-sm">
            <thead className="border-b border-slate-300 dark:border-slate-600">
              <tr>
                {header("address", "Address")}
                {header("asset", "Asset")}
                {header("delta", "Change (smallest unit)")}
                <th scope="col" className="px-2 py-1 text-left font-semibold">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => {
                const key = `${r.address}|${r.asset.kind}|${r.asset.token ?? ""}|${r.asset.tokenId ?? ""}`;
                const decimals = decimalsOf(r.asset, tokenMeta);
                const formatted =
                  decimals === undefined
                    ? null
                    : amountText(r.delta, decimals, unitOf(r.asset, tokenMeta, nativeSymbol), true);
                const tone =
                  r.delta < 0n
                    ? "text-red-800 dark:text-red-300"
                    : r.delta > 0n
                      ? "text-green-800 dark:text-green-300"
                      : "";
                return (
                  <tr key={key} className="border-b border-slate-100 dark:border-slate-800">
                    <td className="px-2 py-1">
                      <Address value={r.address} href={addressHref(r.address)} />
                      {r.address === ZERO_ADDRESS ? (
                        <span className="ml-1 text-xs text-slate-700 dark:text-slate-300">
                          (mint/burn)
                        </span>
                      ) : null}
                    </td>
                    <td className="px-2 py-1">
                      <span>{assetLabel(r.asset, tokenMeta, nativeSymbol, tokenName)}</span>
                      {r.asset.token ? (
                        // the token's contract in full (the asset names it), linked to its page
                        <a
                          className="block font-mono text-xs break-all text-indigo-700 underline dark:text-indigo-300"
                          href={addressHref(checksumOf(r.asset.token))}
                          data-hex="address"
                        >
                          {checksumOf(r.asset.token)}
                        </a>
                      ) : null}
                    </td>
                    <td className={`px-2 py-1 font-mono break-all ${tone}`}>{signed(r.delta)}</td>
                    <td
                      className={`px-2 py-1 font-mono break-all ${tone}`}
                      title={formatted ? `${signed(r.delta)} (smallest unit)` : undefined}
                    >
                      {formatted ?? "—"}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </InsightSection>
  );
}
