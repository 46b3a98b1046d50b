import { useEffect, useMemo, useState } from "react";
import { searchText, type Decode } from "./model";
import type { LogRow } from "./result";

/**
 * The results filter's lower-case text per row, built only once someone filters, in time slices
 * so a 100,000-log result keeps the page responsive while it is prepared. Entries are cached per
 * row object (rows kept across streamed snapshots are not redone) and per decoder.
 */
export function useSearchIndex(rows: readonly LogRow[], decode: Decode, enabled: boolean): { texts: WeakMap<LogRow, string>; ready: number } {
  const texts = useMemo(() => {
    void decode; // a new decoder (new ABI) means new names and arguments to search
    return new WeakMap<LogRow, string>();
  }, [decode]);
  const [ready, setReady] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    let i = 0;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const step = () => {
      const until = performance.now() + 12;
      while (i < rows.length && performance.now() < until) {
        for (let k = 0; k < 64 && i < rows.length; k++, i++) {
          const r = rows[i];
          if (r && !texts.has(r)) texts.set(r, searchText(r, decode));
        }
      }
      if (cancelled) return;
      setReady(i);
      if (i < rows.length) timer = setTimeout(step, 0);
    };
    timer = setTimeout(step, 0);
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [rows, decode, texts, enabled]);

  return { texts, ready: enabled ? Math.min(ready, rows.length) : 0 };
}
