/**
 * A collapsible, virtualised JSON viewer: only the rows on screen are in the DOM, and only the
 * expanded containers are walked, so a large tracer result (prestateTracer over many accounts,
 * a JavaScript tracer's arrays) opens at once. Values are rendered as text nodes only.
 */
import { useVirtualizer } from "@tanstack/react-virtual";
import { useMemo, useRef, useState } from "react";
import { fixedViewport, scrollFromTop, sizerStyle } from "./virtual";

const ROW = 22;

interface JsonRow {
  path: string;
  key: string | null;
  depth: number;
  value: unknown;
  container: boolean;
  size: number;
}

function isContainer(v: unknown): v is Record<string, unknown> | unknown[] {
  return typeof v === "object" && v !== null;
}

function entries(v: Record<string, unknown> | unknown[]): [string, unknown][] {
  return Array.isArray(v) ? v.map((x, i) => [String(i), x]) : Object.entries(v);
}

function buildRows(root: unknown, open: ReadonlySet<string>): JsonRow[] {
  const out: JsonRow[] = [];
  const walk = (value: unknown, key: string | null, path: string, depth: number) => {
    const container = isContainer(value);
    const size = container ? (Array.isArray(value) ? value.length : Object.keys(value).length) : 0;
    out.push({ path, key, depth, value, container, size });
    if (container && open.has(path))
      for (const [k, v] of entries(value))
        walk(v, Array.isArray(value) ? `${k}` : k, `${path}/${k}`, depth + 1);
  };
  walk(root, null, "$", 0);
  return out;
}

function allPaths(root: unknown): Set<string> {
  const out = new Set<string>();
  const walk = (value: unknown, path: string) => {
    if (!isContainer(value)) return;
    out.add(path);
    for (const [k, v] of entries(value)) walk(v, `${path}/${k}`);
  };
  walk(root, "$");
  return out;
}

function firstLevels(root: unknown, levels: number): Set<string> {
  const out = new Set<string>();
  const walk = (value: unknown, path: string, depth: number) => {
    if (!isContainer(value) || depth >= levels) return;
    out.add(path);
    for (const [k, v] of entries(value)) walk(v, `${path}/${k}`, depth + 1);
  };
  walk(root, "$", 0);
  return out;
}

function leafText(v: unknown): string {
  if (typeof v === "string") return JSON.stringify(v);
  if (v === undefined) return "undefined";
  return String(v);
}

function leafClass(v: unknown): string {
  if (typeof v === "string") return "text-emerald-800 dark:text-emerald-300";
  if (typeof v === "number" || typeof v === "bigint") return "text-sky-800 dark:text-sky-300";
  if (typeof v === "boolean") return "text-violet-800 dark:text-violet-300";
  return "text-slate-700 dark:text-slate-300";
}

export function JsonViewer({
  value,
  label = "JSON",
  height = 420,
  initialLevels = 2,
  viewport,
}: {
  value: unknown;
  label?: string;
  height?: number;
  /** How many levels start open. */
  initialLevels?: number;
  /** Fixed viewport (tests): skips measuring the scroll element. */
  viewport?: { width: number; height: number };
}) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => firstLevels(value, initialLevels));
  const rows = useMemo(() => buildRows(value, open), [value, open]);
  const ref = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders this component itself
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => ref.current,
    scrollToFn: scrollFromTop,
    estimateSize: () => ROW,
    overscan: 15,
    getItemKey: (i) => rows[i]?.path ?? i,
    ...fixedViewport(viewport),
  });
  const toggle = (path: string) => {
    const next = new Set(open);
    if (next.has(path)) next.delete(path);
    else next.add(path);
    setOpen(next);
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => setOpen(allPaths(value))}
          className="rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          Expand all JSON
        </button>
        <button
          type="button"
          onClick={() => setOpen(new Set())}
          className="rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          Collapse all JSON
        </button>
      </div>
      <div
        ref={ref}
        role="region"
        aria-label={label}
        tabIndex={0}
        className="overflow-auto rounded border border-slate-200 bg-white font-mono text-xs dark:border-slate-700 dark:bg-slate-950"
        style={{ height: Math.min(height, rows.length * ROW + 4) }}
      >
        <div style={sizerStyle(virtualizer.getTotalSize())}>
          {virtualizer.getVirtualItems().map((item) => {
            const r = rows[item.index];
            if (!r) return null;
            const isOpen = open.has(r.path);
            return (
              <div
                key={item.key}
                data-json-path={r.path}
                className="absolute left-0 top-0 flex items-center gap-1 whitespace-pre pr-2"
                style={{
                  height: ROW,
                  transform: `translateY(${item.start}px)`,
                  paddingLeft: r.depth * 16 + 4,
                }}
              >
                {r.container ? (
                  <button
                    type="button"
                    aria-expanded={isOpen}
                    aria-label={`${isOpen ? "Collapse" : "Expand"} ${r.key ?? "root"}`}
                    onClick={() => toggle(r.path)}
                    className="w-4 text-slate-700 dark:text-slate-300"
                  >
                    {isOpen ? "▾" : "▸"}
                  </button>
                ) : (
                  <span className="inline-block w-4" />
                )}
                {r.key !== null ? (
                  <span className="text-slate-900 dark:text-slate-100">{r.key}:</span>
                ) : null}
                {r.container ? (
                  <span className="text-slate-700 dark:text-slate-300">
                    {Array.isArray(r.value)
                      ? `[${r.size} item${r.size === 1 ? "" : "s"}]`
                      : `{${r.size} key${r.size === 1 ? "" : "s"}}`}
                  </span>
                ) : (
                  <span className={leafClass(r.value)}>{leafText(r.value)}</span>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
