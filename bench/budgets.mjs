// The benchmark's budgets (bench/budgets.json), checked against a results object: used by
// run.mjs (`--check`) and tested in budgets.test.mjs.
import { round } from "./stats.mjs";

// Budgets. A budget is `max`, `min` or `equals` a number, or `maxOf` a value measured in the same
// run: `{ "maxOf": { "times": 2, "path": "trace.100000.jsonParseMs", "plus": 300 } }`.
export function valueAt(obj, path) {
  let cur = obj;
  for (const key of path.split(".")) {
    if (cur === null || cur === undefined) return undefined;
    cur = cur[key];
  }
  return cur;
}

export function checkBudgets(results, budgets) {
  const out = [];
  for (const [path, b] of Object.entries(budgets.budgets)) {
    const value = valueAt(results, path);
    let limit = null;
    let limitText;
    if (b.maxOf) {
      const base = valueAt(results, b.maxOf.path);
      const times = b.maxOf.times ?? 1;
      const plus = b.maxOf.plus ?? 0;
      if (typeof base === "number") limit = round(times * base + plus);
      limitText = `≤ ${times} × ${b.maxOf.path}${plus ? ` + ${plus}` : ""}${limit !== null ? ` = ${limit}` : ""}`;
    } else if (b.max !== undefined) {
      limit = b.max;
      limitText = `≤ ${b.max}`;
    } else if (b.min !== undefined) {
      limit = b.min;
      limitText = `≥ ${b.min}`;
    } else limitText = `= ${b.equals}`;
    const scenario = path.split(".").slice(0, 2).join(".");
    const failed = valueAt(results, `${scenario}.error`);
    let ok;
    const unmeasured = value === undefined || (b.maxOf !== undefined && limit === null);
    if (unmeasured && failed === undefined)
      ok = null; // not measured in this run (e.g. --sizes, --skip-scan), or its reference not
    else if (b.maxOf || b.max !== undefined)
      ok = typeof value === "number" && limit !== null && value <= limit;
    else if (b.min !== undefined) ok = typeof value === "number" && value >= b.min;
    else if (b.equals !== undefined) ok = value === b.equals;
    else ok = null;
    out.push({
      budget: path,
      limit: limitText,
      value: value ?? (failed ? `failed: ${String(failed).slice(0, 120)}` : "not measured"),
      ok,
      why: b.why,
    });
  }
  return out;
}

/** The budgets missed, each named with its value and limit (what `--check` prints). */
export function missedBudgets(checked) {
  return checked.filter((b) => b.ok === false).map((b) => `${b.budget} = ${b.value} (${b.limit})`);
}
