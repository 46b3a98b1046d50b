/**
 * A request's own abort signal: it aborts when the caller's signal does, or when `ms` have passed
 * (then `timedOut()` says so, to tell a time-out from the caller giving up). `dispose()` once the
 * request is over.
 */
export interface Deadline {
  signal: AbortSignal;
  timedOut(): boolean;
  dispose(): void;
}

export function deadline(ms: number, outer?: AbortSignal): Deadline {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ms);
  const onAbort = () => controller.abort();
  outer?.addEventListener("abort", onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose() {
      clearTimeout(timer);
      outer?.removeEventListener("abort", onAbort);
    },
  };
}
