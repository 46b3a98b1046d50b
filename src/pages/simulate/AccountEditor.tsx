import { useId, useState, type ChangeEvent } from "react";
import { Button, Field } from "../../ui";
import {
  newSlotRow,
  type AccountProblems,
  type AccountRow,
  type SlotRow,
  type StorageMode,
} from "../../simulation/overrides";
import { ComputeSlot } from "./ComputeSlot";

/** Element ids the editor moves focus to after adding or removing rows. */
export const focusIds = {
  address: (base: string, rowId: string) => `${base}-${rowId}-address`,
  slot: (base: string, slotId: string) => `${base}-${slotId}-slot`,
  addSlot: (base: string, rowId: string) => `${base}-${rowId}-add-slot`,
};

export interface AccountEditorProps {
  row: AccountRow;
  index: number;
  /** useId of the editor: a prefix for element ids. */
  base: string;
  problems: AccountProblems | undefined;
  /** Whether the problem of a field (a key made by `fieldKey`) is shown yet (all after a submit). */
  shown: (key: string) => boolean;
  /** The user changed or left a field. */
  touch: (key: string) => void;
  onChange: (row: AccountRow) => void;
  onRemove: () => void;
  /** Where focus goes next (an element id), once the change is rendered. */
  focusNext: (id: string) => void;
}

/** The keys `shown`/`touch` use: one per input, plus the address's blur for the row's own message. */
export const fieldKey = {
  account: (rowId: string, field: "address" | "balance" | "nonce" | "code") => `${rowId}.${field}`,
  addressLeft: (rowId: string) => `${rowId}.address.blur`,
  slot: (slotId: string, field: "slot" | "value") => `${slotId}.${field}`,
};

const MODES: readonly { mode: StorageMode; label: string }[] = [
  { mode: "stateDiff", label: "Patch these slots (stateDiff)" },
  { mode: "state", label: "Replace all storage (state)" },
];

/** "Override 2: 0x1234…abcd": the group's name, with the address once there is one. */
export function accountTitle(index: number, address: string): string {
  const a = address.trim();
  if (a === "") return `Override ${index + 1}`;
  const short = a.length > 14 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a;
  return `Override ${index + 1}: ${short}`;
}

function storageNote(row: AccountRow): string {
  const listed = row.slots.some((s) => s.slot.trim() !== "" || s.value.trim() !== "");
  if (row.storageMode === "stateDiff")
    return "Only the slots listed change; every other slot keeps its value at the block.";
  return listed
    ? "Only the slots listed have values: every other slot of this account reads as zero."
    : "No slots listed: all storage of this account is emptied (every slot reads as zero).";
}

/** One account's overrides: address, balance, nonce, code, and storage slots. */
export function AccountEditor(props: AccountEditorProps) {
  const { row, index, base, problems, shown, touch, onChange, focusNext } = props;
  const titleId = `${base}-${row.id}-title`;
  const title = accountTitle(index, row.address);

  const input = (field: "address" | "balance" | "nonce" | "code") => {
    const key = fieldKey.account(row.id, field);
    return {
      value: row[field],
      error: shown(key) ? problems?.[field] : undefined,
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        touch(key);
        onChange({ ...row, [field]: e.target.value });
      },
      onBlur: () => {
        touch(key);
        if (field === "address") touch(fieldKey.addressLeft(row.id));
      },
    };
  };

  const setSlot = (slot: SlotRow) =>
    onChange({ ...row, slots: row.slots.map((s) => (s.id === slot.id ? slot : s)) });
  const addSlot = () => {
    const slot = newSlotRow();
    onChange({ ...row, slots: [...row.slots, slot] });
    focusNext(focusIds.slot(base, slot.id));
  };
  const removeSlot = (id: string) => {
    onChange({ ...row, slots: row.slots.filter((s) => s.id !== id) });
    focusNext(focusIds.addSlot(base, row.id));
  };

  // "Overrides nothing" would show at the first key typed in Address: wait until it is left.
  const accountMessage = shown(fieldKey.addressLeft(row.id)) ? problems?.slots : undefined;

  return (
    <div
      role="group"
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded border border-slate-300 p-3 dark:border-slate-600"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={titleId} className="break-all text-sm font-semibold">
          {title}
        </p>
        <Button onClick={props.onRemove}>Remove override</Button>
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <Field
          label="Address"
          id={focusIds.address(base, row.id)}
          placeholder="0x… (the account to change)"
          {...input("address")}
        />
        <Field
          label="Balance"
          placeholder="not changed"
          hint="wei (decimal or 0x hex), or e.g. 100 ether"
          {...input("balance")}
        />
        <Field
          label="Account nonce"
          placeholder="not changed"
          hint="decimal or 0x hex"
          {...input("nonce")}
        />
        <Field
          label="Code"
          placeholder="not changed"
          hint="runtime bytecode as 0x hex; 0x alone removes the code"
          {...input("code")}
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">Storage</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {MODES.map(({ mode, label }) => (
            <label key={mode} className="flex items-center gap-2">
              <input
                type="radio"
                name={`${base}-${row.id}-mode`}
                value={mode}
                checked={row.storageMode === mode}
                onChange={() => onChange({ ...row, storageMode: mode })}
              />
              {label}
            </label>
          ))}
        </div>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {storageNote(row)} Slots and values are 32-byte words: 0x hex or decimal, padded with
          zeros on the left.
        </p>
        {row.slots.map((slot, i) => (
          <SlotEditor
            key={slot.id}
            slot={slot}
            index={i}
            base={base}
            address={row.address}
            problems={problems?.slotProblems?.[slot.id]}
            shown={shown}
            touch={touch}
            onChange={setSlot}
            onRemove={() => removeSlot(slot.id)}
          />
        ))}
        <div>
          <Button id={focusIds.addSlot(base, row.id)} onClick={addSlot}>
            Add slot
          </Button>
        </div>
      </fieldset>
      {accountMessage ? (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          {accountMessage}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A 32-byte word typed as text: a textarea that grows with its content and wraps, so a full
 * 66-character slot shows whole at any width (an input would clip it). Enter does not add a line.
 */
function WordField(props: {
  label: string;
  id?: string;
  placeholder: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const auto = useId();
  const id = props.id ?? auto;
  const errorId = `${id}-error`;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {props.label}
      </label>
      <textarea
        id={id}
        rows={1}
        value={props.value}
        placeholder={props.placeholder}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        onChange={(e) => props.onChange(e.target.value.replace(/[\r\n]/g, ""))}
        onKeyDown={(e) => {
          if (e.key === "Enter") e.preventDefault();
        }}
        onBlur={props.onBlur}
        className={`w-full resize-none break-all rounded border px-2 py-1.5 font-mono text-sm [field-sizing:content] dark:bg-slate-900 ${
          props.error
            ? "border-red-600 dark:border-red-400"
            : "border-slate-300 dark:border-slate-600"
        }`}
      />
      {props.error ? (
        <p id={errorId} role="alert" className="text-xs text-red-700 dark:text-red-300">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

function SlotEditor(props: {
  slot: SlotRow;
  index: number;
  base: string;
  /** The override's address: whose layout "Compute slot" reads. */
  address: string;
  problems: { slot?: string; value?: string } | undefined;
  shown: (key: string) => boolean;
  touch: (key: string) => void;
  onChange: (slot: SlotRow) => void;
  onRemove: () => void;
}) {
  const { slot, base, problems, shown, touch, onChange } = props;
  const [computing, setComputing] = useState(false);
  const input = (field: "slot" | "value") => {
    const key = fieldKey.slot(slot.id, field);
    return {
      value: slot[field],
      error: shown(key) ? problems?.[field] : undefined,
      onChange: (value: string) => {
        touch(key);
        onChange({ ...slot, [field]: value });
      },
      onBlur: () => touch(key),
    };
  };
  return (
    <div role="group" aria-label={`Slot ${props.index + 1}`} className="flex flex-col gap-2">
      <div className="grid items-start gap-2">
        <WordField
          label="Slot"
          id={focusIds.slot(base, slot.id)}
          placeholder="0x0 (storage key)"
          {...input("slot")}
        />
        <WordField label="Slot value" placeholder="0x… (32-byte word)" {...input("value")} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button aria-expanded={computing} onClick={() => setComputing(!computing)}>
          Compute slot
        </Button>
        <Button onClick={props.onRemove}>Remove slot</Button>
      </div>
      {computing ? (
        <ComputeSlot
          address={props.address}
          onUse={(s) => {
            touch(fieldKey.slot(slot.id, "slot"));
            onChange({ ...slot, slot: s });
            setComputing(false);
          }}
        />
      ) : null}
    </div>
  );
}
