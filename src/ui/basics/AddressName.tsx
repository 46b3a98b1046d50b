/**
 * Names for addresses, wherever an address shows: the app provides how an address is named (the
 * user's labels, verified contracts' names) and how the user renames one; these pieces only show.
 */
import { createContext, useContext, useId, useState, type FormEvent } from "react";
import { checksumOf, shortAddress } from "./hexText";
import { addressHref } from "./Values";

export interface AddressLabel {
  text: string;
  /** "user": named by the user on this device; "contract": a verified contract's name. */
  source: "user" | "contract";
}

export interface AddressNamer {
  name(address: string): AddressLabel | null;
  /** Names an address (an empty name removes the user's label); absent = naming not offered. */
  rename?: (address: string, name: string) => void;
}

const NO_NAMES: AddressNamer = { name: () => null };

export const AddressNames = createContext<AddressNamer>(NO_NAMES);

export function useAddressLabel(address: string | null | undefined): AddressLabel | null {
  const namer = useContext(AddressNames);
  return address ? namer.name(address) : null;
}

const CHIP = {
  user: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
  contract: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100",
} as const;

/** A label as a small chip; its title says where the name comes from. */
export function LabelChip({ label }: { label: AddressLabel }) {
  return (
    <span
      className={`rounded px-1 font-sans text-xs font-semibold ${CHIP[label.source]}`}
      title={
        label.source === "user"
          ? "Your label (kept on this device)"
          : "Verified contract name (Sourcify)"
      }
      data-address-label={label.source}
    >
      {label.text}
    </span>
  );
}

/**
 * An address in a dense row: its label when it has one, else the short checksummed hex; the full
 * checksummed address in the title. With `link`, a link to the address's page.
 */
export function ShortAddress({
  value,
  className = "",
  link = false,
}: {
  value: string | null | undefined;
  className?: string;
  link?: boolean;
}) {
  const label = useAddressLabel(value);
  if (!value) return <span className={className}>—</span>;
  const full = checksumOf(value);
  const inner = label ? (
    <span title={`${label.text} — ${full}`} data-address-label={label.source}>
      {label.text}
    </span>
  ) : (
    <span title={full}>{shortAddress(value)}</span>
  );
  if (!link) return <span className={className}>{inner}</span>;
  return (
    <a
      className={`text-indigo-700 underline dark:text-indigo-300 ${className}`}
      href={addressHref(full)}
      data-hex="address"
    >
      {inner}
    </a>
  );
}

/** "Name" → an inline form to give the address a label on this device. */
export function RenameAddress({ address }: { address: string }) {
  const namer = useContext(AddressNames);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const id = useId();
  const rename = namer.rename;
  if (!rename) return null;
  const current = namer.name(address);
  const btn =
    "rounded border border-slate-300 px-1.5 py-0.5 text-xs text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800";
  if (!open)
    return (
      <button
        type="button"
        className={btn}
        aria-label={`Name address ${address}`}
        onClick={() => {
          setText(current?.source === "user" ? current.text : "");
          setOpen(true);
        }}
      >
        Name
      </button>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    rename(address, text);
    setOpen(false);
  };
  return (
    <form onSubmit={submit} className="inline-flex items-center gap-1">
      <label htmlFor={id} className="sr-only">
        Label for {address}
      </label>
      <input
        id={id}
        autoFocus
        value={text}
        maxLength={64}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            e.stopPropagation();
            setOpen(false);
          }
        }}
        placeholder="e.g. Treasury"
        className="w-40 rounded border border-slate-300 bg-white px-1 py-0.5 font-sans text-xs dark:border-slate-600 dark:bg-slate-900"
      />
      <button type="submit" className={btn}>
        Save label
      </button>
      <button type="button" className={btn} onClick={() => setOpen(false)}>
        Cancel
      </button>
    </form>
  );
}
