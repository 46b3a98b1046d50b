/** The selected frame in full: path, addresses, value, gas, input/output, decoded call, revert, logs. */
import type { ReactNode } from "react";
import { formatNative } from "../../chain";
import { CopyButton, LinkNav } from "../../ui";
import type { DecodedArg, FrameDecodeCache } from "./decode";
import { typeStyle } from "./format";
import { frameType, hexBigint, logPosition, pathOf, type TraceModel } from "./model";
import type { CallFrame } from "./result";

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
            <td className="break-all font-mono">{a.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Data({ value, label }: { value: string; label: string }) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <span>{Math.max(0, (value.length - 2) / 2).toLocaleString("en-US")} bytes</span>
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
  nativeSymbol = "ETH",
  frameLink,
  onwardLinks,
}: {
  model: TraceModel;
  index: number;
  decode: FrameDecodeCache;
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
  const parent = model.parent[index] as number;
  return (
    <section aria-label={`Frame ${path}`} className="flex flex-col gap-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">
          Frame <span className="font-mono">{path}</span>
        </h3>
        <span className={`rounded px-1 text-xs font-semibold ${typeStyle(type)}`}>{type}</span>
        {f.error ? (
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
          {f.from} <CopyButton text={f.from} label="Copy from address" />
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
          {to ?? "(none)"} {to ? <CopyButton text={to} label="Copy to address" /> : null}
        </Row>
        <Row label="value">
          {f.value
            ? `${formatNative(hexBigint(f.value), { nativeSymbol })} (${hexBigint(f.value).toString()} wei)`
            : "0"}
        </Row>
        <Row label="gas">
          {Math.round(model.gasUsed[index] as number).toLocaleString("en-US")} used of{" "}
          {Math.round(model.gas[index] as number).toLocaleString("en-US")}
          {parent >= 0 && (model.gasUsed[parent] as number) > 0
            ? ` · ${(((model.gasUsed[index] as number) / (model.gasUsed[parent] as number)) * 100).toFixed(1)}% of the parent's`
            : ""}
        </Row>
        <Row label="subcalls">{model.childCount[index]}</Row>
        {f.error ? (
          <Row label="error">
            <span className="text-red-800 dark:text-red-300">{f.error}</span>
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
            {f.revertReason ? (
              <span className="block">node's revertReason: {f.revertReason}</span>
            ) : null}
          </Row>
        ) : null}
      </dl>
      {d.call ? (
        <div className="flex flex-col gap-1">
          <p className="font-mono text-xs font-semibold">{d.call.signature}</p>
          <Args args={d.call.args} caption="Arguments" />
          {d.call.returns ? <Args args={d.call.returns} caption="Return value" /> : null}
        </div>
      ) : null}
      <div>
        <p className="font-medium">Input</p>
        <Data value={typeof f.input === "string" ? f.input : "0x"} label="input" />
      </div>
      <div>
        <p className="font-medium">Output</p>
        <Data value={typeof f.output === "string" ? f.output : "0x"} label="output" />
      </div>
      {logs.length > 0 ? (
        <div>
          <p className="font-medium">Logs ({logs.length})</p>
          <ol className="flex flex-col gap-1">
            {logs.map((l, k) => {
              const dl = decode.log(index, k);
              return (
                <li
                  key={k}
                  className="rounded border border-slate-200 p-1 font-mono text-xs dark:border-slate-700"
                >
                  <span className="font-semibold">
                    {dl ? dl.signature : (l.topics[0] ?? "anonymous")}
                  </span>{" "}
                  · after {logPosition(l)} subcall
                  {logPosition(l) === 1 ? "" : "s"} · {l.address}
                  {dl ? (
                    <ul className="pl-3">
                      {dl.args.map((a, j) => (
                        <li key={j} className="break-all">
                          {a.name || `#${j}`} ({a.type}): {a.value}
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
