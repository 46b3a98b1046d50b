/**
 * "Compute slot": the storage key of a variable from the verified layout of the contract at the
 * override's address (a proxy read with its implementation's layout), e.g. `credit[0x…]`, or by
 * hand, "mapping at slot N with key K", when no layout is known. The slot goes into the field only
 * when the user says so.
 */
import { useId, useMemo, useState } from "react";
import { isAddress } from "viem";
import { Button, Field } from "../../ui";
import { useRpc } from "../../connection/context";
import { layoutFor } from "../../trace/source/namedState";
import { useSourceBundles } from "../../trace/source/useSourceBundles";
import { METHOD } from "../../simulation/query";
import {
  KEY_KINDS,
  layoutVariables,
  manualArraySlot,
  manualMappingSlot,
  slotFromLayout,
  type KeyKind,
} from "./slotMath";

function Result({
  slot,
  detail,
  onUse,
}: {
  slot: string;
  detail: string | null;
  onUse: (slot: string) => void;
}) {
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p>
        Slot{" "}
        <output className="break-all font-mono" data-testid="computed-slot">
          {slot}
        </output>
      </p>
      {detail ? <p className="text-xs text-slate-600 dark:text-slate-400">{detail}</p> : null}
      <div>
        <Button onClick={() => onUse(slot)}>Use this slot</Button>
      </div>
    </div>
  );
}

function ByLayout({
  layout,
  name,
  onUse,
}: {
  layout: NonNullable<ReturnType<typeof layoutFor>>["layout"];
  name: string | null;
  onUse: (slot: string) => void;
}) {
  const [expression, setExpression] = useState("");
  const variables = useMemo(() => layoutVariables(layout), [layout]);
  const listId = useId();
  const result = expression.trim() === "" ? null : slotFromLayout(layout, expression);
  return (
    <div className="flex flex-col gap-2">
      <Field
        label="Variable and keys"
        placeholder={`${variables.find((v) => v.type.startsWith("mapping"))?.label ?? "name"}[0x…]`}
        list={listId}
        value={expression}
        onChange={(e) => setExpression(e.target.value)}
        error={result && !result.ok ? result.error : undefined}
        hint={
          <>
            From the verified layout of {name ?? "this contract"}:{" "}
            {variables.map((v) => v.label).join(", ")}. Keys in brackets (
            <code>grants[0x…][0x…]</code>), array indices, struct members (
            <code>plans[2].keeper</code>).
          </>
        }
      />
      <datalist id={listId}>
        {variables.map((v) => (
          <option key={v.label} value={v.label}>
            {v.type}
          </option>
        ))}
      </datalist>
      {result?.ok ? (
        <Result
          slot={result.value.slot}
          detail={`${result.value.path}: ${result.value.type}${result.value.offset > 0 ? `, packed at byte ${result.value.offset} of the slot (counted from the right)` : ""}.`}
          onUse={onUse}
        />
      ) : null}
    </div>
  );
}

function ByHand({ onUse }: { onUse: (slot: string) => void }) {
  const [array, setArray] = useState(false);
  const [slot, setSlot] = useState("");
  const [kind, setKind] = useState<KeyKind>("address");
  const [key, setKey] = useState("");
  const kindId = useId();
  const name = useId();
  const started = slot.trim() !== "" && key.trim() !== "";
  const result = !started
    ? null
    : array
      ? manualArraySlot(slot, key)
      : manualMappingSlot(slot, kind, key);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <label className="flex items-center gap-2">
          <input type="radio" name={name} checked={!array} onChange={() => setArray(false)} />
          Mapping entry
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name={name} checked={array} onChange={() => setArray(true)} />
          Dynamic array element
        </label>
      </div>
      <p className="text-sm">
        {array ? (
          <>
            A dynamic array&apos;s element <code>i</code> sits at <code>keccak256(slot) + i</code>{" "}
            (one slot per element of 17 bytes or more).
          </>
        ) : (
          <>
            A mapping&apos;s value sits at <code>keccak256(abi.encode(key, slot))</code>; for a
            nested mapping, use the result as the next mapping&apos;s slot.
          </>
        )}
      </p>
      <div
        className={`grid gap-2 ${array ? "md:grid-cols-[10rem_minmax(0,1fr)]" : "md:grid-cols-[10rem_8rem_minmax(0,1fr)]"}`}
      >
        <Field
          label={array ? "Array at slot" : "Mapping at slot"}
          placeholder="3"
          value={slot}
          onChange={(e) => setSlot(e.target.value)}
        />
        {array ? null : (
          <div className="flex flex-col gap-1">
            <label
              htmlFor={kindId}
              className="text-sm font-medium text-slate-700 dark:text-slate-200"
            >
              Key type
            </label>
            <select
              id={kindId}
              value={kind}
              onChange={(e) => {
                const k = KEY_KINDS.find((x) => x === e.target.value);
                if (k) setKind(k);
              }}
              className="rounded border border-slate-300 px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900"
            >
              {KEY_KINDS.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </select>
          </div>
        )}
        <Field
          label={array ? "Element index" : "With key"}
          placeholder={
            array ? "0" : kind === "address" ? "0x…" : kind === "string" ? "text" : "value"
          }
          value={key}
          onChange={(e) => setKey(e.target.value)}
          error={result && !result.ok ? result.error : undefined}
        />
      </div>
      {result?.ok ? <Result slot={result.slot} detail={null} onUse={onUse} /> : null}
    </div>
  );
}

/** The helper, open under one slot row. */
export function ComputeSlot({
  address,
  onUse,
}: {
  /** The override's address as typed. */
  address: string;
  onUse: (slot: string) => void;
}) {
  const { resolve } = useRpc();
  const resolved = resolve(METHOD);
  const endpoint = resolved.ok ? resolved.endpoint : null;
  const a = address.trim();
  const valid = isAddress(a, { strict: false });
  const { bundles, pending, note } = useSourceBundles(endpoint, valid ? [a] : null);
  const found = valid ? layoutFor(a, [], bundles) : null;
  return (
    <div
      role="group"
      aria-label="Compute slot"
      className="flex flex-col gap-3 rounded border border-dashed border-slate-300 p-3 dark:border-slate-600"
    >
      {found ? (
        <ByLayout layout={found.layout} name={found.name} onUse={onUse} />
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300" role="status">
          {!valid
            ? "Type the override's address to compute a slot from its contract's verified layout; meanwhile, by hand:"
            : pending
              ? "Looking the contract's storage layout up on Sourcify…"
              : `No verified storage layout for ${a}${note ? ` (${note})` : ""}: compute the slot by hand.`}
        </p>
      )}
      <details open={!found}>
        <summary className="cursor-pointer text-sm font-medium">
          By hand: mapping at slot N with key K, or array element
        </summary>
        <div className="mt-2">
          <ByHand onUse={onUse} />
        </div>
      </details>
    </div>
  );
}
