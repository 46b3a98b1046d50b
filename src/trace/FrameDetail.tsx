/**
 * The selected frame in full: path, addresses, value, gas, input/output, decoded call, revert,
 * logs. Values by the shared displays (ui/basics): addresses checksummed, named and linked, the
 * value in the native coin with its wei on demand, gas grouped.
 */
import { DEFAULT_NATIVE_SYMBOL } from "../chain/nativeUnit";
import type { ReactNode } from "react";
import { readQuantity, shownArg, withTokenUnits } from "../chain";
import { tokenMetaOf, type TokenMeta } from "../decoding/tokenMeta";
import {
  Address,
  addressHref,
  Amount,
  CopyButton,
  groupedNumber,
  lazyView,
  LinkNav,
  ShortAddress,
} from "../ui";
import { Candidates, OriginLine } from "../decoding/Origin";
import type { DecodedArg, FrameDecodeCache } from "./decode";
import { typeStyle } from "./format";
import {
  frameError,
  frameType,
  gasSent,
  gasShare,
  nodeRevertReason,
  otherFields,
  type TraceModel,
} from "./model";
import { logPosition, pathOf } from "./tree";
import { frameIssues, quoteRaw, type CallFrame } from "./result";

// A frame's storage writes by name load with the storage naming, when a frame is first shown.
const FrameStorage = lazyView(() => import("./source/FrameStorage").then((m) => m.FrameStorage));

const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2 border-b border-slate-100 py-1 dark:border-slate-800">
      <dt className="text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="min-w-0 break-all font-mono text-xs">{children}</dd>
    </div>
  );
}

function Args({ args, caption }: { args: DecodedArg[]; caption: string }) {
  if (args.length === 0)
    return <p className="text-xs text-slate-700 dark:text-slate-300">{caption}: none</p>;
  return (
    <table className="w-full text-left text-xs">
      <caption className="text-left font-medium">{caption}</caption>
      <thead>
        <tr>
          <th className="pr-2 font-medium">name</th>
          <th className="pr-2 font-medium">type</th>
          <th className="font-medium">value</th>
        </tr>
      </thead>
      <tbody>
        {args.map((a, k) => (
          <tr key={k} className="align-top">
            <td className="pr-2 font-mono">{a.name || `#${k}`}</td>
            <td className="pr-2 font-mono">{a.type}</td>
            <td className="font-mono break-all">
              {a.type === "address" && ADDRESS_RE.test(a.value) ? (
                <Address
                  value={a.value}
                  href={addressHref(a.value)}
                  label={`Copy ${a.name || "address"}`}
                />
              ) : (
                shownArg(a)
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Data({ value, label }: { value: string | undefined; label: string }) {
  if (value === undefined) return <p className="font-mono text-xs">— (not sent)</p>;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <span>{groupedNumber(Math.max(0, (value.length - 2) / 2))} bytes</span>
        {value.length > 2 ? <CopyButton text={value} label={`Copy ${label}`} /> : null}
      </div>
      {value.length > 2 ? (
        <pre className="max-h-32 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-1 dark:bg-slate-900">
          {value}
        </pre>
      ) : null}
    </div>
  );
}

export function FrameDetail({
  model,
  index,
  decode,
  nativeSymbol = DEFAULT_NATIVE_SYMBOL,
  frameLink,
  onwardLinks,
  tokenMeta,
}: {
  model: TraceModel;
  index: number;
  decode: FrameDecodeCache;
  /** Token symbols and decimals (checksummed keys): the logs' ERC-20 amounts in their units. */
  tokenMeta?: ReadonlyMap<string, TokenMeta> | undefined;
  nativeSymbol?: string;
  frameLink?: (path: string) => string;
  /** Where this frame leads in the other views (estimate the same call, its contract's logs…). */
  onwardLinks?: (frame: CallFrame) => { label: string; href: string }[];
}) {
  const f = model.frames[index] as CallFrame | undefined;
  if (!f)
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Select a frame in the tree or the flame chart to see it in full.
      </p>
    );
  const d = decode.frame(index);
  const path = pathOf(model, index);
  const type = frameType(f);
  const to = typeof f.to === "string" ? f.to : null;
  const logs = Array.isArray(f.logs) ? f.logs : [];
  const error = frameError(f);
  const nodeReason = nodeRevertReason(f);
  const issues = frameIssues(f);
  const others = otherFields(f);
  const reverted = model.reverted[index] === 1;
  const share = gasShare(model, index);
  const gasText = (which: "gas" | "gasUsed") =>
    gasSent(model, index, which) ? groupedNumber(model[which][index] as number) : "— (not sent)";
  const value = readQuantity(f.value) ?? 0n;
  return (
    <section aria-label={`Frame ${path}`} className="flex flex-col gap-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">
          Frame <span className="font-mono">{path}</span>
        </h3>
        <span className={`rounded px-1 text-xs font-semibold ${typeStyle(type)}`}>{type}</span>
        {error ? (
          <span className="rounded bg-red-700 px-1 text-xs font-semibold text-white">failed</span>
        ) : null}
        {frameLink ? (
          <CopyButton
            text={new URL(frameLink(path), window.location.href).toString()}
            label={`Copy link to frame ${path}`}
          />
        ) : null}
      </div>
      {onwardLinks ? (
        <LinkNav label={`Frame ${path} in other views`} links={onwardLinks(f)} />
      ) : null}
      <dl>
        <Row label="from">
          <Address value={f.from} label="Copy from address" href={addressHref(f.from)} />
        </Row>
        <Row
          label={
            type === "CREATE" || type === "CREATE2"
              ? "created"
              : type === "SELFDESTRUCT"
                ? "beneficiary"
                : "to"
          }
        >
          {to ? <Address value={to} label="Copy to address" href={addressHref(to)} /> : "(none)"}
        </Row>
        <Row label="value">
          {f.value ? <Amount raw={value} unit={nativeSymbol} label="value" /> : "— (not sent)"}
          {f.value && (type === "DELEGATECALL" || type === "STATICCALL") && value > 0n
            ? ` — the caller's value, as the node sent it; a ${type} moves no value`
            : ""}
        </Row>
        <Row label="gas">
          {gasText("gasUsed")} used of {gasText("gas")}
          {model.parent[index] === -1 ? " (of its own gas)" : ""}
          {` · ${share === null ? "share n/a" : `${(share * 100).toFixed(1)}% of the parent's`}`}
        </Row>
        <Row label="subcalls">{groupedNumber(model.childCount[index] ?? 0)}</Row>
        {error ? (
          <Row label="error">
            <span className="text-red-800 dark:text-red-300">{error}</span>
            {d.revert ? (
              <span className="block">
                {d.revert.kind === "raw"
                  ? "revert data (not decoded — add the contract's ABI to decode custom errors): "
                  : d.revert.kind === "empty"
                    ? ""
                    : "reason: "}
                <span className="font-semibold" data-revert-detail>
                  {d.revert.kind === "empty" ? "no revert data" : d.revert.label}
                </span>
              </span>
            ) : null}
            {nodeReason ? <span className="block">node's revert reason: {nodeReason}</span> : null}
          </Row>
        ) : null}
      </dl>
      <FrameStorage model={model} index={index} />
      {issues.length > 0 ? (
        <div
          role="note"
          aria-label="Fields the node sent with an unexpected type"
          className="rounded border border-amber-300 bg-amber-50 p-2 text-xs text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-medium">
            ⚠ Shown as sent (the node sent these with an unexpected type)
          </p>
          <ul className="font-mono">
            {issues.map((x, k) => (
              <li key={k} className="break-all" data-frame-issue={x.field}>
                {x.field}: {x.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {others.length > 0 ? (
        <div>
          <p className="font-medium">Other fields</p>
          <dl>
            {others.map(([k, v]) => (
              <Row key={k} label={k}>
                <span data-other-field={k}>{typeof v === "string" ? v : quoteRawFull(v)}</span>
              </Row>
            ))}
          </dl>
        </div>
      ) : null}
      {d.call ? (
        <div className="flex flex-col gap-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-xs font-semibold">{d.call.signature}</span>
            <OriginLine
              origin={d.call.origin}
              {...(d.call.source ? { source: d.call.source } : {})}
            />
          </p>
          <Candidates count={d.call.candidates} others={d.call.alternatives} />
          <Args args={d.call.args} caption="Arguments" />
          {d.call.returns ? <Args args={d.call.returns} caption="Return value" /> : null}
        </div>
      ) : null}
      <div>
        <p className="font-medium">Input</p>
        <Data value={typeof f.input === "string" ? f.input : undefined} label="input" />
      </div>
      <div>
        <p className="font-medium">Output</p>
        <Data value={typeof f.output === "string" ? f.output : undefined} label="output" />
      </div>
      {logs.length > 0 ? (
        <div>
          <p className="font-medium">
            Logs ({logs.length})
            {reverted ? " — reverted (not emitted): this frame's effects were undone" : ""}
          </p>
          <ol className="flex flex-col gap-1">
            {logs.map((l, k) => {
              const dl = withTokenUnits(decode.log(index, k), tokenMetaOf(tokenMeta, l.address));
              return (
                <li
                  key={k}
                  className="rounded border border-slate-200 p-1 font-mono text-xs dark:border-slate-700"
                >
                  <span className="font-semibold">
                    {dl ? dl.signature : (l.topics[0] ?? "anonymous")}
                  </span>{" "}
                  · after {logPosition(l)} subcall
                  {logPosition(l) === 1 ? "" : "s"} · <ShortAddress value={l.address} link />
                  {reverted ? " · reverted (not emitted)" : ""}
                  {dl ? (
                    <ul className="pl-3">
                      {dl.args.map((a, j) => (
                        <li key={j} className="break-all">
                          {a.name || `#${j}`} ({a.type}): {shownArg(a)}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className="block break-all">data {l.data}</span>
                  )}
                </li>
              );
            })}
          </ol>
        </div>
      ) : null}
    </section>
  );
}

/** A value the app does not read, as JSON in full (pretty for objects). */
function quoteRawFull(v: unknown): string {
  if (typeof v === "object" && v !== null) {
    try {
      return JSON.stringify(v, null, 1);
    } catch {
      return quoteRaw(v);
    }
  }
  return quoteRaw(v);
}
