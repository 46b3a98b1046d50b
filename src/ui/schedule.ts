import { useEffect, useState } from "react";
import { afterPaint } from "../platform/schedule";

/* React hooks over the scheduling module (src/platform/schedule.ts). */

/**
 * False on the first render, true once the page has painted after mounting: a view heavy to lay
 * out draws it then, so what shows first (a big trace's first rows) is not held back by it.
 */
export function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterPaint(() => setPainted(true)), []);
  return painted;
}

/**
 * Whether `active` has held for `ms`: a note about a wait that ends sooner is never shown (a line
 * that comes and goes within a moment moves everything below it twice, under the user's pointer).
 */
export function useHeldFor(active: boolean, ms: number): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setHeld(true), ms);
    return () => {
      clearTimeout(timer);
      setHeld(false);
    };
  }, [active, ms]);
  return active && held;
}
