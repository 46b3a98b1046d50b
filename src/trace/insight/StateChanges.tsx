/**
 * State changes (prestateTracer, diff mode): per account, balance and nonce before → after, code
 * created or removed, and each changed storage slot with a plain reading where there is one.
 * Balances read as every view writes an amount (in the native coin, the wei on demand); accounts
 * checksummed, named and linked to their pages.
 * Pure props: the caller fetches (a paid trace, asked for on a click) and passes the answer.
 */
import { DEFAULT_NATIVE_SYMBOL } from "../../chain/nativeUnit";
import { InsightSection } from "./Section";

import { Address, addressHref, Amount, groupedNumber } from "../../ui";
import { readWord, type AccountChange } from "./stateDiff";

function signed(n: bigint): string {
  return `${n > 0n ? "+" : ""}${groupedNumber(n)}`;
}

const CELL = "px-2 py-1 align-top";

export function StateChanges({
  accounts,
  nativeSymbol = DEFAULT_NATIVE_SYMBOL,
}: {
  accounts: readonly AccountChange[];
  nativeSymbol?: string;
}) {
  const slots = accounts.reduce((n, a) => n + a.storage.length, 0);
  return (
    <InsightSection
      title="State changes"
      note={
        <>
          {accounts.length} accounts, {slots} storage slots changed (prestateTracer, diff mode).
        </>
      }
    >
      {accounts.length === 0 ? (
        <p className="text-sm">The node reports no state change for this transaction.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-sm">
            <thead className="border-b border-slate-300 dark:border-slate-600">
              <tr>
                <th scope="col" className={`${CELL} text-left`}>
                  Account / slot
                </th>
                <th scope="col" className={`${CELL} text-left`}>
                  What
                </th>
                <th scope="col" className={`${CELL} text-left`}>
                  Before
                </th>
                <th scope="col" className={`${CELL} text-left`}>
                  After
                </th>
                <th scope="col" className={`${CELL} text-left`}>
                  Difference / reading
                </th>
              </tr>
            </thead>
            {accounts.map((a) => (
              <tbody key={a.address} className="border-b border-slate-200 dark:border-slate-700">
                <tr className="bg-slate-50 dark:bg-slate-900">
                  <th scope="rowgroup" colSpan={5} className={`${CELL} text-left font-normal`}>
                    <Address value={a.address} href={addressHref(a.address)} />
                    {a.deleted ? (
                      <span className="ml-2 text-xs font-semibold">account deleted</span>
                    ) : null}
                    {a.code ? (
                      <span className="ml-2 text-xs font-semibold">code {a.code}</span>
                    ) : null}
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
                    <td className={CELL}>
                      <Amount
                        raw={a.balance.after - a.balance.before}
                        unit={nativeSymbol}
                        label="balance change"
                        signed
                      />
                    </td>
                  </tr>
                ) : null}
                {a.nonce ? (
                  <tr>
                    <td className={CELL} />
                    <td className={CELL}>Nonce</td>
                    <td className={`${CELL} font-mono`}>{groupedNumber(a.nonce.before)}</td>
                    <td className={`${CELL} font-mono`}>{groupedNumber(a.nonce.after)}</td>
                    <td className={`${CELL} font-mono`}>
                      {signed(a.nonce.after - a.nonce.before)}
                    </td>
                  </tr>
                ) : null}
                {a.storage.map((s) => {
                  const before = readWord(s.before);
                  const after = readWord(s.after);
                  return (
                    <tr key={s.slot}>
                      <td className={`${CELL} font-mono text-xs break-all`}>{s.slot}</td>
                      <td className={CELL}>Storage</td>
                      <td className={`${CELL} font-mono text-xs break-all`}>{s.before}</td>
                      <td className={`${CELL} font-mono text-xs break-all`}>{s.after}</td>
                      <td className={`${CELL} font-mono text-xs break-all`}>
                        {before !== null || after !== null
                          ? `${before ?? "…"} → ${after ?? "…"}`
                          : ""}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            ))}
          </table>
        </div>
      )}
    </InsightSection>
  );
}
