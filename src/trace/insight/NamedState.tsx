/**
 * State changes by name: per account, balance and nonce, then each changed slot's variables named
 * from the verified layout (mapping keys and array indices through the storage tracer's
 * preimages), before → after read by type, the slot and its raw words beside them, and links to
 * the frames that wrote it. Slots nothing names say "unnamed". Pure of fetching: the page fetched
 * the diff, the storage tracer runs when asked (context), Sourcify is asked here for the layouts.
 */
import { DEFAULT_NATIVE_SYMBOL } from "../../chain/nativeUnit";
import { useMemo } from "react";
import { Address, addressHref, Amount, Button, groupedNumber } from "../../ui";
import type { TraceModel } from "../model";
import { pathOf } from "../tree";
import { useSourceInsight, type SourceInsight } from "../source/context";
import { bundleAddresses, nameStorage, type NamedSlot } from "../source/namedState";
import type { StorageTraceCut } from "../source/storageTrace";
import { useSourceBundles } from "../source/useSourceBundles";
import { InsightSection } from "./Section";
import type { AccountChange } from "./stateDiff";

const CELL = "px-2 py-1 align-top";

function cutWords(cut: StorageTraceCut): string {
  const parts = [
    [cut.writes, "slot written", "slots written"],
    [cut.reads, "slot read", "slots read"],
    [cut.preimages, "hashed key", "hashed keys"],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => `${groupedNumber(n)} ${n === 1 ? one : many}`)
    .join(", ");
}

function TracerStatus({ insight }: { insight: SourceInsight }) {
  if (!insight.asked)
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Button variant="primary" onClick={insight.ask}>
          Name the slots
        </Button>
        <span>
          Names mapping keys and array elements and ties each change to the call that made it:
          Nodescope&apos;s storage tracer, another trace of this transaction
          {insight.costNote ? ` (it costs ${insight.costNote})` : ""}.
        </span>
      </div>
    );
  if (insight.busy)
    return (
      <p role="status" className="text-sm">
        Running the storage tracer (slots, keys and the calls that wrote them)…
      </p>
    );
  if (insight.error) return <>{insight.error}</>;
  const t = insight.trace;
  if (t && !t.inStep)
    return (
      <p role="alert" className="text-sm">
        The storage trace does not line up with the call tree ({t.mismatch}): names stay, the links
        to the calls that wrote each slot are left out.
      </p>
    );
  if (t?.cut)
    return (
      <p role="alert" className="text-sm">
        The storage tracer kept its first {groupedNumber(t.max)} entries (truncated at {t.max}) and
        left out {cutWords(t.cut)}: some keys may stay unnamed and some writes unattributed.
      </p>
    );
  return null;
}

function Writers({
  slot,
  model,
  insight,
}: {
  slot: NamedSlot;
  model: TraceModel;
  insight: SourceInsight;
}) {
  if (slot.writers.length === 0) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {slot.writers.map((i) => {
        const path = pathOf(model, i);
        const href = insight.frameLink?.(path);
        const label = `frame ${path}`;
        return href ? (
          <a
            key={i}
            href={href}
            className="underline"
            aria-label={`Show the call that wrote it: frame ${path}`}
          >
            {label}
          </a>
        ) : (
          <span key={i}>{label}</span>
        );
      })}
    </span>
  );
}

export function NamedStateChanges({
  accounts,
  model,
  nativeSymbol = DEFAULT_NATIVE_SYMBOL,
}: {
  accounts: readonly AccountChange[];
  model: TraceModel;
  nativeSymbol?: string;
}) {
  const insight = useSourceInsight();
  const trace = insight?.trace ?? null;
  const addresses = useMemo(() => bundleAddresses(accounts, trace), [accounts, trace]);
  const { bundles, pending, note } = useSourceBundles(insight?.endpoint ?? null, addresses);
  const named = useMemo(() => nameStorage(accounts, trace, bundles), [accounts, trace, bundles]);
  const slots = named.length;
  return (
    <InsightSection
      title="State changes"
      note={
        <>
          {accounts.length} accounts, {slots} storage slots changed (prestateTracer, diff mode);
          variables named from Sourcify&apos;s verified layouts.
          {pending ? " Asking Sourcify for the layouts…" : ""}
        </>
      }
    >
      {insight ? <TracerStatus insight={insight} /> : null}
      {note ? <p className="text-xs">{note}</p> : null}
      {accounts.length === 0 ? (
        <p className="text-sm">The node reports no state change for this transaction.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-sm">
            <thead className="border-b border-slate-300 dark:border-slate-600">
              <tr>
                {["Slot (raw before → after)", "Variable", "Before", "After", "Written by"].map(
                  (h) => (
                    <th key={h} scope="col" className={`${CELL} text-left`}>
                      {h}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            {accounts.map((a) => (
              <AccountRows
                key={a.address}
                account={a}
                slots={named.filter((n) => n.address === a.address)}
                model={model}
                insight={insight}
                nativeSymbol={nativeSymbol}
              />
            ))}
          </table>
        </div>
      )}
    </InsightSection>
  );
}

function AccountRows({
  account: a,
  slots,
  model,
  insight,
  nativeSymbol,
}: {
  account: AccountChange;
  slots: NamedSlot[];
  model: TraceModel;
  insight: SourceInsight | null;
  nativeSymbol: string;
}) {
  const contract = slots.find((s) => s.layoutOf)?.layoutOf;
  return (
    <tbody className="border-b border-slate-200 dark:border-slate-700">
      <tr className="bg-slate-50 dark:bg-slate-900">
        <th scope="rowgroup" colSpan={5} className={`${CELL} text-left font-normal`}>
          <Address value={a.address} href={addressHref(a.address)} />
          {contract ? <span className="ml-2 text-xs font-semibold">layout: {contract}</span> : null}
          {a.deleted ? <span className="ml-2 text-xs font-semibold">account deleted</span> : null}
          {a.code ? <span className="ml-2 text-xs font-semibold">code {a.code}</span> : null}
        </th>
      </tr>
      {a.balance ? (
        <tr>
          <td className={CELL} />
          <td className={CELL}>Balance</td>
          <td className={CELL}>
            <Amount raw={a.balance.before} unit={nativeSymbol} label="balance before" />
          </td>
          <td className={CELL}>
            <Amount raw={a.balance.after} unit={nativeSymbol} label="balance after" />
          </td>
          <td className={CELL} />
        </tr>
      ) : null}
      {a.nonce ? (
        <tr>
          <td className={CELL} />
          <td className={CELL}>Nonce</td>
          <td className={`${CELL} font-mono text-xs`}>{groupedNumber(a.nonce.before)}</td>
          <td className={`${CELL} font-mono text-xs`}>{groupedNumber(a.nonce.after)}</td>
          <td className={CELL} />
        </tr>
      ) : null}
      {slots.flatMap((s) =>
        s.rows.map((r, k) => (
          <tr key={`${s.slot}/${r.name}`}>
            {k === 0 ? (
              <td rowSpan={s.rows.length} className={`${CELL} font-mono text-xs break-all`}>
                {s.slot}
                <span className="block text-slate-600 dark:text-slate-400">
                  {s.before} → {s.after}
                </span>
              </td>
            ) : null}
            <td className={`${CELL} font-mono text-xs break-all`}>
              <span className={r.named ? "font-semibold" : "italic"}>{r.name}</span>
              {r.type ? " " : null}
              {r.type ? <span className="text-slate-600 dark:text-slate-400">{r.type}</span> : null}
            </td>
            <td className={`${CELL} font-mono text-xs break-all`}>{r.before}</td>
            <td className={`${CELL} font-mono text-xs break-all`}>{r.after}</td>
            {k === 0 ? (
              <td rowSpan={s.rows.length} className={`${CELL} text-xs`}>
                {insight ? <Writers slot={s} model={model} insight={insight} /> : null}
              </td>
            ) : null}
          </tr>
        )),
      )}
    </tbody>
  );
}
