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
