/**
 * Hex values shown whole (never shortened with an ellipsis that hides digits a user may compare),
 * in a monospace font that breaks anywhere on narrow screens, each with a copy button. Long data
 * starts collapsed with a "Show all" toggle; the copy button always copies the full value.
 */
import { useState } from "react";
import { LabelChip, RenameAddress, useAddressLabel } from "./AddressName";
import { CopyButton } from "./CopyButton";
import { checksumOf } from "./hexText";
import { groupedNumber } from "./numberText";

const MONO = "break-all font-mono text-sm text-slate-900 dark:text-slate-100";

interface CopyableProps {
  value: string;
  label?: string;
  className?: string;
}

function Copyable({ value, label, className, kind }: Required<CopyableProps> & { kind: string }) {
  return (
    <span className={`inline-flex max-w-full flex-wrap items-center gap-1 ${className}`}>
      <span className={MONO} data-hex={kind}>
        {value}
      </span>
      <CopyButton text={value} label={label} />
    </span>
  );
}

/**
 * An address in full (checksummed), with its label (the user's, or a verified contract's name), a copy button
 * and "Name"; with `href`, the address itself links there (its page).
 */
export function Address({
  value,
  label = "Copy address",
  className = "",
  href,
  asSent = false,
}: CopyableProps & {
  href?: string;
  /** Show the text as the node sent it (a field dump of the raw answer), not checksummed. */
  asSent?: boolean;
}) {
  const name = useAddressLabel(value);
  const shown = asSent ? value : checksumOf(value);
  return (
    <span className={`inline-flex max-w-full flex-wrap items-center gap-1 ${className}`}>
      {name ? <LabelChip label={name} /> : null}
      {href ? (
        <span className="inline-flex max-w-full flex-wrap items-center gap-1">
          <a
            href={href}
            className="font-mono text-sm break-all text-indigo-700 underline dark:text-indigo-300"
            data-hex="address"
          >
            {shown}
          </a>
          {/* Copy and Name stay together when a narrow screen wraps the address. */}
          <span className="inline-flex items-center gap-1">
            <CopyButton text={shown} label={label} />
            <RenameAddress address={value} />
          </span>
        </span>
      ) : (
        <>
          <Copyable value={shown} label={label} className="" kind="address" />
          <RenameAddress address={value} />
        </>
      )}
    </span>
  );
}

/** A 32-byte hash in full, with a copy button. */
export function Hash({ value, label = "Copy hash", className = "" }: CopyableProps) {
  return <Copyable value={value} label={label} className={className} kind="hash" />;
}

/** Hex data; collapsed to its first `preview` characters when longer than `collapseAt`. */
export function HexData({
  value,
  label = "Copy data",
  collapseAt = 266,
  preview = 138,
  name = "data",
}: {
  value: string;
  label?: string;
  collapseAt?: number;
  preview?: number;
  /** What the data is, named on the toggle ("Show all input (68 bytes)"). */
  name?: string;
}) {
  const [open, setOpen] = useState(false);
  const long = value.length > collapseAt;
  const bytes = Math.ceil((value.length - 2) / 2);
  const shown = long && !open ? value.slice(0, preview) : value;
  return (
    <span className="flex max-w-full flex-col gap-1">
      <span className={`${MONO} whitespace-pre-wrap`} data-hex="data">
        {shown}
        {long && !open ? <span className="text-slate-600 dark:text-slate-400">…</span> : null}
      </span>
      <span className="flex flex-wrap items-center gap-1">
        {long ? (
          <button
            type="button"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
            className="rounded border border-slate-300 px-1.5 py-0.5 text-xs text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            {open ? `Collapse ${name}` : `Show all ${name} (${groupedNumber(bytes)} bytes)`}
          </button>
        ) : null}
        <CopyButton text={value} label={label} />
      </span>
    </span>
  );
}
