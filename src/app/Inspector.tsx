import { useState } from "react";
import type { RequestRecord } from "../rpc";
import { CopyButton, Drawer } from "../ui";
import { toCurl } from "./curl";
import { inspectorStore, useRequestRecords } from "./inspector-store";

function fmtBytes(n?: number): string {
  if (n === undefined) return "–";
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

function Detail({ record, secret }: { record: RequestRecord; secret: string }) {
  const [reveal, setReveal] = useState(false);
  const curl = toCurl(record.endpoint, record.request, reveal ? secret : undefined);
  const response =
    record.response === undefined
      ? "(no response)"
      : typeof record.response === "string"
        ? record.response
        : JSON.stringify(record.response, null, 2);
  return (
    <div className="grid gap-2 p-2">
      <div>
        <h4 className="text-xs font-semibold">Request</h4>
        <pre className="max-h-64 overflow-auto rounded bg-slate-100 p-2 text-xs dark:bg-slate-800">
          {JSON.stringify(record.request, null, 2)}
        </pre>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <CopyButton text={curl} label="Copy as cURL" />
          {secret ? (
            <label className="flex items-center gap-1 text-xs">
              <input
                type="checkbox"
                checked={reveal}
                onChange={(e) => setReveal(e.target.checked)}
              />
              Reveal API key in cURL
            </label>
          ) : null}
        </div>
        <pre
          aria-label="cURL command"
          className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-100 p-2 text-xs dark:bg-slate-800"
        >
          {curl}
        </pre>
      </div>
      <div>
        <h4 className="text-xs font-semibold">Response</h4>
        {record.error ? (
          <p className="text-xs text-red-700 dark:text-red-300">{record.error.human}</p>
        ) : null}
        <pre className="max-h-80 overflow-auto rounded bg-slate-100 p-2 text-xs dark:bg-slate-800">
          {response}
        </pre>
      </div>
    </div>
  );
}

/**
 * Every request the app made: method, host, status, duration, size, retries; request and
 * response. A drawer over the right edge of the viewport (a full-width sheet on narrow
 * screens), non-modal so the page stays usable beside it; Esc or Close shuts it and focus goes
 * back where it was.
 */
export function Inspector({ secret, onClose }: { secret: string; onClose: () => void }) {
  const records = useRequestRecords();
  const [selected, setSelected] = useState<number | null>(null);
  const current = records.find((r) => r.id === selected) ?? null;
  return (
    <Drawer
      label="Requests"
      heading={`Requests (${records.length})`}
      onClose={onClose}
      actions={
        <button type="button" className="underline" onClick={inspectorStore.clear}>
          Clear
        </button>
      }
    >
      <div className="max-h-[40vh] shrink-0 overflow-auto">
        <table className="w-full text-left text-xs">
          <thead className="sticky top-0 bg-slate-100 dark:bg-slate-800">
            <tr>
              {["Method", "Host", "Status", "Duration", "Size", "Retries"].map((h) => (
                <th key={h} scope="col" className="px-2">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...records].reverse().map((r) => (
              <tr
                key={r.id}
                className={`cursor-pointer ${r.id === selected ? "bg-indigo-100 dark:bg-indigo-950" : ""}`}
                onClick={() => setSelected(r.id)}
              >
                <td className="px-2 font-mono">
                  <button
                    type="button"
                    className="text-left underline-offset-2 hover:underline"
                    onClick={() => setSelected(r.id)}
                  >
                    {r.method}
                  </button>
                </td>
                <td className="px-2">{r.host}</td>
                <td
                  className={`px-2 ${r.status === "error" ? "text-red-700 dark:text-red-300" : ""}`}
                >
                  {r.status}
                  {r.httpStatus ? ` (${r.httpStatus})` : ""}
                </td>
                <td className="px-2">
                  {r.durationMs === undefined ? "…" : `${Math.round(r.durationMs)} ms`}
                </td>
                <td className="px-2">{fmtBytes(r.sizeBytes)}</td>
                <td className="px-2">{r.retries}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="min-h-0 flex-1 overflow-auto border-t border-slate-200 dark:border-slate-700">
        {current ? (
          <Detail record={current} secret={secret} />
        ) : (
          <p className="p-3 text-xs text-slate-700 dark:text-slate-300">
            Choose a request to see what was sent and what came back, and to copy it as cURL.
          </p>
        )}
      </div>
    </Drawer>
  );
}
