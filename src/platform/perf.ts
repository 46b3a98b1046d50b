/**
 * User Timing measures for the benchmark (bench/run.mjs and bench/probe.js observe the
 * `nodescope:*` names with a PerformanceObserver). Harmless where the API is missing, and the
 * buffer is cleared at once: the observer already holds the entry, and it must not grow per call.
 */
export const perf = {
  /** A timestamp to pass to `measure` as its start. */
  now(): number {
    return globalThis.performance?.now?.() ?? Date.now();
  },
  /** Records `name` from `start` (a `perf.now()`) to now, tagged with the RPC method when given. */
  measure(name: string, start: number, method?: string): void {
    try {
      const p = globalThis.performance;
      p?.measure?.(name, {
        start,
        end: p.now(),
        ...(method !== undefined ? { detail: { method } } : {}),
      });
      p?.clearMeasures?.(name);
    } catch {
      // measures are diagnostics only
    }
  },
  /** Runs `fn` under a measure named `name`. */
  time<T>(name: string, fn: () => T): T {
    const start = perf.now();
    const out = fn();
    perf.measure(name, start);
    return out;
  },
};
