/**
 * One way to show each kind of chain value a person reads: an amount with its unit (the exact
 * integer on demand), a block with a link to its page, a time with its age, gas of its limit.
 * Pure of the app's routes: the links are the block page's and the address page's own hash
 * routes, written here because `ui` sits below the link helpers (`routing/links`).
 */
import { useId, useState, useSyncExternalStore } from "react";
import { formatUnits } from "viem";
import { CopyButton } from "./CopyButton";
import { formatDecimal, groupDecimal, groupedNumber, utcText } from "./numberText";

const MONO = "font-mono text-sm text-slate-900 dark:text-slate-100";
const SMALL = "text-xs text-slate-700 dark:text-slate-300";
const LINK = "font-mono text-indigo-700 underline dark:text-indigo-300";

/** The hash route of a block's page (`#/block?number=`). */
export const blockHref = (n: bigint) => `#/block?number=${n.toString()}`;
/** The hash route of an address's page (`#/address?address=`). */
export const addressHref = (a: string) => `#/address?address=${a}`;

export { groupDecimal, groupedNumber, utcText };

/**
 * An integer amount in whole units ("1.5 ETH", "2 WETH"), exact (no rounding), grouped; with
 * unknown decimals, the integer as it stands. Pure, for tables and exports that want the text.
 */
export function amountText(
  raw: bigint,
  decimals: number | undefined,
  unit?: string,
  signed = false,
): string {
  const whole =
    decimals === undefined ? formatDecimal(raw) : groupDecimal(formatUnits(raw, decimals));
  const sign = signed && raw > 0n ? "+" : "";
  return unit ? `${sign}${whole} ${unit}` : `${sign}${whole}`;
}

/**
 * An amount with its unit; the exact integer (wei, the token's base unit) one press away, and in
 * the title. Copy copies the exact integer.
 */
export function Amount({
  raw,
  decimals = 18,
  unit,
  baseUnit = "wei",
  label,
  signed = false,
  className = "",
}: {
  raw: bigint;
  /** The token's decimals (18 for the native coin); undefined: shown as the raw integer. */
  decimals?: number | undefined;
  unit?: string;
  /** What the integer counts ("wei", or "base units" for a token). */
  baseUnit?: string;
  /** Names the amount for the toggle and copy buttons ("fee", "value"). */
  label?: string;
  /** A change: a gain reads "+1.5 ETH". */
  signed?: boolean;
  /** The amount's own text colour (a gain, a loss). */
  className?: string;
}) {
  const [exact, setExact] = useState(false);
  const exactId = useId();
  const integer = `${signed && raw > 0n ? "+" : ""}${formatDecimal(raw)} ${baseUnit}`;
  const known = decimals !== undefined;
  return (
    <span className="inline-flex max-w-full flex-wrap items-baseline gap-x-2 gap-y-0.5">
      <span
        className={`${MONO} break-all ${className}`}
        title={integer}
        data-amount={raw.toString()}
      >
        {amountText(raw, decimals, unit, signed)}
      </span>
      {known && decimals > 0 ? (
        <button
          type="button"
          aria-expanded={exact}
          aria-controls={exactId}
          aria-label={`${exact ? "Hide" : "Show"} ${baseUnit}${label ? ` of the ${label}` : ""}`}
          onClick={() => setExact((e) => !e)}
          className="rounded border border-slate-300 px-1.5 py-0.5 text-xs text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          {exact ? "Hide" : "Show"} {baseUnit}
        </button>
      ) : null}
      <span id={exactId} className="inline-flex flex-wrap items-baseline gap-1">
        {exact ? <span className={`${SMALL} font-mono break-all`}>{integer}</span> : null}
        {exact || !known || decimals === 0 ? (
          <CopyButton text={raw.toString()} label={`Copy ${label ?? "amount"} in ${baseUnit}`} />
        ) : null}
      </span>
    </span>
  );
}

const whole = (n: bigint | number) => (typeof n === "bigint" ? n : BigInt(Math.round(n)));

/** A block number, grouped, linking to its page (`small`: in a dense table's text size). */
export function BlockLink({
  number,
  className = "",
  small = false,
}: {
  number: bigint | number;
  className?: string;
  small?: boolean;
}) {
  const n = whole(number);
  return (
    <a
      className={`${LINK} ${small ? "text-xs" : "text-sm"} ${className}`}
      href={blockHref(n)}
      title="Open the block"
    >
      {formatDecimal(n)}
    </a>
  );
}

// One clock for every age on screen: a tick each 15 s while something shows an age.
const clock = (() => {
  let now = Date.now();
  const listeners = new Set<() => void>();
  let timer: number | undefined;
  return {
    subscribe(cb: () => void) {
      listeners.add(cb);
      // The first age on screen after a quiet spell reads the time afresh (React re-reads the
      // snapshot after subscribing).
      if (timer === undefined) now = Date.now();
      if (timer === undefined)
        timer = window.setInterval(() => {
          now = Date.now();
          for (const l of listeners) l();
        }, 15_000);
      return () => {
        listeners.delete(cb);
        if (listeners.size === 0 && timer !== undefined) {
          window.clearInterval(timer);
          timer = undefined;
        }
      };
    },
    get: () => now,
  };
})();

function useNow(): number {
  return useSyncExternalStore(clock.subscribe, clock.get, clock.get);
}

/** How long ago (or ahead) a moment is, in the largest unit that reads well: "3 min ago". */
export function ageText(seconds: bigint, nowMs: number): string {
  const diff = Math.round(nowMs / 1000 - Number(seconds));
  const ahead = diff < 0;
  const d = Math.abs(diff);
  const unit =
    d < 60
      ? `${d} s`
      : d < 3600
        ? `${Math.floor(d / 60)} min`
        : d < 86_400
          ? `${Math.floor(d / 3600)} h ${Math.floor((d % 3600) / 60)} min`
          : d < 86_400 * 365
            ? `${Math.floor(d / 86_400)} day${Math.floor(d / 86_400) === 1 ? "" : "s"}`
            : `${(d / (86_400 * 365)).toFixed(1)} years`;
  return ahead ? `in ${unit}` : `${unit} ago`;
}

/**
 * A chain timestamp (seconds) as a date in UTC and its age: "2026-11-26 16:05:00 UTC (3 min ago)",
 * in a `<time>` element; the raw seconds in its title.
 */
export function Time({ seconds }: { seconds: bigint }) {
  const now = useNow();
  const utc = utcText(seconds);
  if (utc === null) return <span className={MONO}>{formatDecimal(seconds)} s (out of range)</span>;
  const iso = new Date(Number(seconds * 1000n)).toISOString();
  return (
    <time dateTime={iso} title={`${seconds.toString()} s (Unix time)`} className="text-sm">
      <span className={MONO}>{utc}</span> <span className={SMALL}>({ageText(seconds, now)})</span>
    </time>
  );
}

/** Gas used as a share of its limit: "34.39%"; null without a limit. */
export function gasShare(used: bigint, limit: bigint): string | null {
  if (limit <= 0n) return null;
  const basis = (used * 10_000n) / limit;
  return `${(Number(basis) / 100).toFixed(2)} %`;
}

/** Gas, grouped, of its limit with the share: "34,386 of 100,000 (34.39%)". */
export function Gas({ used, limit }: { used: bigint | number; limit?: bigint | number | null }) {
  const share = limit != null ? gasShare(whole(used), whole(limit)) : null;
  return (
    <span className="text-sm">
      <span className={MONO}>{groupedNumber(used)}</span>
      {limit != null ? (
        <span className={SMALL}>
          {" "}
          of {groupedNumber(limit)} limit
          {share ? ` (${share})` : ""}
        </span>
      ) : null}
    </span>
  );
}
