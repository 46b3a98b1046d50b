/**
 * The transaction detail card: a `<dl>` whose terms are the canonical field names and whose
 * definitions show a human reading next to the exact raw value. A pure view of the model.
 */
import { useId, type ReactNode } from "react";
import { Address, BlockLink, groupedNumber, Hash, HexData } from "../../ui";
import { href } from "../../routing/links";
import type { InputReading } from "./decode";
import { Candidates, OriginLine } from "../../decoding/Origin";
import type { AuthorizationView, FieldRow, FieldView, TxModel } from "./model";

const RAW = "break-all font-mono text-xs text-slate-600 dark:text-slate-400";
const READING = "text-sm text-slate-900 dark:text-slate-100";

function Raw({ children }: { children: string }) {
  return (
    <>
      {" "}
      <code className={RAW} data-raw="" title="the raw value, as the node sent it">
        {children}
      </code>
    </>
  );
}

function Badge({
  children,
  tone = "slate",
}: {
  children: ReactNode;
  tone?: "slate" | "amber" | "indigo";
}) {
  const tones = {
    slate: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
    amber: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50",
    indigo: "bg-indigo-100 text-indigo-900 dark:bg-indigo-900 dark:text-indigo-50",
  };
  return (
    <span className={`inline-block rounded px-1.5 py-0.5 text-xs font-semibold ${tones[tone]}`}>
      {children}
    </span>
  );
}

function InputDecoded({ reading }: { reading: InputReading }) {
  switch (reading.kind) {
    case "empty":
      return <p className={READING}>no data (a plain transfer)</p>;
    case "short":
      return <p className={READING}>{reading.bytes} bytes — too short for a function selector</p>;
    case "creation":
      return (
        <p className={READING}>contract creation code, {groupedNumber(reading.bytes)} bytes</p>
      );
    case "unknown":
      return (
        <p className={READING}>
          selector <span className="font-mono">{reading.selector}</span> — {reading.note}
        </p>
      );
    case "decoded":
      return (
        <div className="flex flex-col gap-1" data-decoded-input="">
          <p className={READING}>
            <span className="font-mono font-semibold">{reading.signature}</span>{" "}
            <span className="text-xs text-slate-600 dark:text-slate-400">
              selector {reading.selector} ·{" "}
            </span>
            <OriginLine origin={reading.origin} source={reading.source} />
          </p>
          <Candidates count={reading.candidates} others={reading.alternatives} />
          {reading.args.length > 0 ? (
            <ol
              className="flex flex-col gap-0.5 border-l-2 border-slate-200 pl-2 dark:border-slate-700"
              aria-label="Decoded arguments"
            >
              {reading.args.map((a, i) => (
                <li key={`${i}-${a.name}`} className="text-sm">
                  <span className="text-slate-700 dark:text-slate-300">
                    {a.name || `arg ${i}`} <span className="text-xs">({a.type})</span>:
                  </span>{" "}
                  <span className="break-all font-mono">{a.value}</span>
                </li>
              ))}
            </ol>
          ) : null}
        </div>
      );
  }
}

function Authorization({ a, n }: { a: AuthorizationView; n: number }) {
  return (
    <li className="flex flex-col gap-0.5 rounded border border-slate-200 p-2 dark:border-slate-700">
      <span className={READING}>
        Authorization {n}: the signer delegates its account code to{" "}
        {a.address ? "" : "(no address given)"}
      </span>
      {a.address ? (
        <Address asSent value={a.address} label={`Copy authorization ${n} address`} />
      ) : null}
      <span className="text-sm">
        chainId: {a.chainReading ?? "—"} {a.chainId ? <Raw>{a.chainId}</Raw> : null}
      </span>
      <span className="text-sm">
        nonce: {a.nonceReading ?? "—"} {a.nonce ? <Raw>{a.nonce}</Raw> : null}
      </span>
      {a.yParity ? (
        <span className="text-sm">
          yParity: <Raw>{a.yParity}</Raw>
        </span>
      ) : null}
      {a.r ? (
        <span className="text-sm">
          r: <Raw>{a.r}</Raw>
        </span>
      ) : null}
      {a.s ? (
        <span className="text-sm">
          s: <Raw>{a.s}</Raw>
        </span>
      ) : null}
      {a.extra.map(([k, v]) => (
        <span key={k} className="text-sm">
          {k}: <Raw>{v}</Raw>
        </span>
      ))}
    </li>
  );
}

function FieldValue({ row }: { row: FieldRow }) {
  const v: FieldView = row.view;
  switch (v.kind) {
    case "pending":
      return (
        <span className="flex flex-wrap items-center gap-2">
          <Badge tone="amber">pending</Badge>
          <span className="text-sm text-slate-700 dark:text-slate-300">not in a block yet</span>
          <Raw>{row.rawText}</Raw>
        </span>
      );
    case "address":
      return (
        // The field dump shows the node's text as sent; the summary above shows it checksummed.
        <Address
          asSent
          value={v.value}
          label={`Copy ${row.name}`}
          href={href("address", { address: v.value })}
        />
      );
    case "hash":
      return <Hash value={v.value} label={`Copy ${row.name}`} />;
    case "quantity":
      return (
        <span className="flex flex-wrap items-baseline gap-x-2">
          {row.name === "blockNumber" && /^0x[0-9a-fA-F]{1,64}$/.test(v.raw) ? (
            // The block, like everywhere a block is shown, links to its page.
            <BlockLink number={BigInt(v.raw)} />
          ) : v.reading !== null ? (
            <span className={READING}>{v.reading}</span>
          ) : null}
          <Raw>{v.raw}</Raw>
        </span>
      );
    case "boolean":
      return (
        <span className="flex flex-wrap items-baseline gap-x-2">
          <span className={READING}>{v.value ? "yes" : "no"}</span>
          <Raw>{row.rawText}</Raw>
        </span>
      );
    case "json":
      return <Raw>{v.text}</Raw>;
    case "data":
      return (
        <div className="flex flex-col gap-1">
          {v.input ? <InputDecoded reading={v.input} /> : null}
          <HexData value={v.value} name={row.name} label={`Copy ${row.name}`} />
        </div>
      );
    case "creation":
      return (
        <div className="flex flex-col gap-1">
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone="indigo">contract creation</Badge>
            <Raw>{row.rawText}</Raw>
          </span>
          {v.contract ? (
            <span className="flex flex-wrap items-center gap-1 text-sm">
              <span className="text-slate-700 dark:text-slate-300">
                contract address{v.computed ? " (computed from from + nonce)" : ""}:
              </span>
              <Address
                asSent
                value={v.contract}
                label="Copy contract address"
                href={href("address", { address: v.contract })}
              />
            </span>
          ) : null}
        </div>
      );
    case "accessList":
      if (v.entries.length === 0)
        return (
          <span className="flex flex-wrap items-baseline gap-x-2">
            <span className={READING}>empty list</span>
            <Raw>{row.rawText}</Raw>
          </span>
        );
      return (
        <ol className="flex flex-col gap-1" aria-label="Access list">
          {v.entries.map((e, i) => (
            <li
              key={`${i}-${e.address}`}
              className="rounded border border-slate-200 p-2 dark:border-slate-700"
            >
              <Address asSent value={e.address} label={`Copy access list address ${i + 1}`} />
              <p className="text-xs text-slate-700 dark:text-slate-300">
                {e.storageKeys.length} storage key{e.storageKeys.length === 1 ? "" : "s"}
              </p>
              {e.storageKeys.length > 0 ? (
                <ul className="flex flex-col gap-0.5 pl-2">
                  {e.storageKeys.map((k, j) => (
                    <li key={`${j}-${k}`}>
                      <Hash value={k} label={`Copy storage key ${j + 1} of address ${i + 1}`} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      );
    case "hashes":
      if (v.values.length === 0) return <Raw>{row.rawText}</Raw>;
      return (
        <ol className="flex flex-col gap-0.5" aria-label={row.name}>
          {v.values.map((h, i) => (
            <li key={`${i}-${h}`}>
              <Hash value={h} label={`Copy ${row.name} ${i + 1}`} />
            </li>
          ))}
        </ol>
      );
    case "authorizations":
      if (v.entries.length === 0) return <Raw>{row.rawText}</Raw>;
      return (
        <ol className="flex flex-col gap-1" aria-label="Authorization list">
          {v.entries.map((a, i) => (
            <Authorization key={`${i}-${a.address ?? ""}`} a={a} n={i + 1} />
          ))}
        </ol>
      );
  }
}

/** Field rows (`<dt>` name, `<dd>` reading and raw value), for any `<dl>` of node fields. */
export function FieldRows({ rows }: { rows: FieldRow[] }) {
  return (
    <>
      {rows.map((row) => (
        <div
          key={row.name}
          className="grid grid-cols-1 gap-x-3 gap-y-0.5 border-b border-slate-100 py-1.5 last:border-b-0 sm:grid-cols-[11rem_minmax(0,1fr)] dark:border-slate-800"
        >
          <dt className="font-mono text-sm font-semibold text-slate-800 dark:text-slate-200">
            {row.name}
          </dt>
          <dd className="min-w-0">
            {row.label ? (
              <span className="block text-xs text-slate-700 dark:text-slate-300" data-field-label>
                {row.label}
              </span>
            ) : null}
            <FieldValue row={row} />
            {row.warning ? (
              <span
                className="mt-0.5 block text-xs text-amber-900 dark:text-amber-200"
                data-field-warning={row.name}
              >
                ⚠ {row.name}: {row.warning} — shown as sent
              </span>
            ) : null}
          </dd>
        </div>
      ))}
    </>
  );
}

export function TxCard({ model }: { model: TxModel }) {
  const otherId = useId();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        {model.typeName ? <Badge>{model.typeName}</Badge> : null}
        {model.pending ? <Badge tone="amber">pending</Badge> : null}
        {model.to === null ? <Badge tone="indigo">contract creation</Badge> : null}
      </div>
      <dl aria-label="Transaction fields" className="flex flex-col">
        <FieldRows rows={model.fields} />
      </dl>
      {model.other.length > 0 ? (
        <section>
          <h3
            id={otherId}
            className="mb-1 text-sm font-semibold text-slate-800 dark:text-slate-200"
          >
            Other fields
          </h3>
          <p className="mb-1 text-xs text-slate-700 dark:text-slate-300">
            Sent by this node; not named by the spec or this app. Shown raw.
          </p>
          <dl aria-labelledby={otherId} className="flex flex-col">
            <FieldRows rows={model.other} />
          </dl>
        </section>
      ) : null}
    </div>
  );
}
