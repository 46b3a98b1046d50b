/**
 * Names for addresses, wherever an address shows: the app provides how an address is named (the
 * user's labels, verified contracts' names) and how the user renames one; these pieces only show.
 */
import { createContext, useContext, useId, useState, type FormEvent } from "react";

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

export function shortAddress(a: string | null | undefined): string {
  if (!a) return "—";
  return a.length > 14 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a;
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

/** An address in a dense row: its label when it has one, else the short hex; the full address in the title. */
export function ShortAddress({
  value,
  className = "",
  format = shortAddress,
}: {
  value: string | null | undefined;
  className?: string;
  /** How the hex is shortened when there is no label (views keep their own house style). */
  format?: (a: string) => string;
}) {
  const label = useAddressLabel(value);
  if (!label)
    return (
      <span className={className} title={value ?? undefined}>
        {value ? format(value) : "—"}
      </span>
    );
  return (
    <span
      className={className}
      title={`${label.text} — ${value ?? ""}`}
      data-address-label={label.source}
    >
      {label.text}
    </span>
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
