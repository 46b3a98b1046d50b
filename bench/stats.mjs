// The bench's arithmetic: rounding, percentiles, and the median of several runs with the ratios
// the closing note reads (first rows ÷ JSON.parse, heap ÷ payload). Kept apart from the browser
// so budgets.mjs and its test use the same rounding without Playwright.

export const round = (x, d = 1) =>
  x === null || x === undefined || Number.isNaN(x) ? null : Math.round(x * 10 ** d) / 10 ** d;

/** The nearest-rank percentile (no interpolation: a figure that was actually measured). */
export function percentile(values, p) {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const idx = Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1);
  return s[Math.max(0, idx)];
}

export const median = (values) => percentile(values, 50);

/** Per numeric field: the median over the runs (nulls ignored); other fields from the first run. */
export function medianOf(runs) {
  const out = { ...runs[0] };
  for (const key of Object.keys(runs[0])) {
    const values = runs
      .map((r) => r[key])
      .filter((v) => typeof v === "number" && Number.isFinite(v));
    if (typeof runs[0][key] === "number" || values.length > 0)
      out[key] = values.length ? round(median(values)) : null;
  }
  out.pageErrors = runs.flatMap((r) => r.pageErrors ?? []);
  const errorsSeen = runs.map((r) => r.error).filter(Boolean);
  if (errorsSeen.length) out.error = errorsSeen[0];
  out.runs = runs.length;
  const parse = out.jsonParseMs;
  if (typeof parse === "number" && parse > 0) {
    out.budgetFirstRowsMs = round(2 * parse + 300);
    if (typeof out.firstRowsMs === "number")
      out.firstRowsOverParse = round(out.firstRowsMs / parse, 2);
    if (typeof out.allRowsMs === "number") out.allRowsOverParse = round(out.allRowsMs / parse, 2);
  }
  if (typeof out.heapAfterLoadMB === "number" && typeof out.payloadMB === "number")
    out.heapOverPayload = round(out.heapAfterLoadMB / out.payloadMB, 2);
  return out;
}
