/**
 * Two panes side by side with a draggable divider (pointer, or arrow keys on the focused
 * divider); stacked on narrow screens, where there is no room for two. The split is kept on this
 * device under `storageKey`. With no right pane (`right` null: nothing chosen to show there), the
 * left one takes the whole width and the split waits, remembered, for the right one to come back.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { readStorage, writeStorage } from "../platform/storage";

const MIN = 25;
const MAX = 80;

function readStored(key: string | undefined, fallback: number): number {
  const text = key ? readStorage("local", key) : null;
  const n = Number(text);
  return text !== null && Number.isFinite(n) && n >= MIN && n <= MAX ? n : fallback;
}

export function SplitPane({
  left,
  right,
  initial = 60,
  storageKey,
  label = "Resize panes",
}: {
  left: ReactNode;
  /** null: the left pane alone, full width. */
  right: ReactNode | null;
  /** The left pane's share in percent. */
  initial?: number;
  storageKey?: string;
  label?: string;
}) {
  const [share, setShare] = useState(() => readStored(storageKey, initial));
  const box = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  useEffect(() => {
    if (!storageKey) return;
    writeStorage("local", storageKey, String(Math.round(share)));
  }, [share, storageKey]);

  const set = (n: number) => setShare(Math.min(MAX, Math.max(MIN, n)));
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? 10 : 2;
    const moves: Record<string, number> = {
      ArrowLeft: share - step,
      ArrowRight: share + step,
      Home: MIN,
      End: MAX,
    };
    const next = moves[e.key];
    if (next === undefined) return;
    e.preventDefault();
    set(next);
  };

  return (
    <div
      ref={box}
      className="flex flex-col gap-3 lg:flex-row lg:gap-0"
      style={{ ["--split" as string]: `${share}%` }}
    >
      {/* The same elements with or without the right pane: the left one (and focus in it)
          stays mounted when the right one opens or closes. */}
      <div
        className={
          right === null ? "min-w-0 flex-1" : "min-w-0 lg:w-[var(--split)] lg:shrink-0 lg:pr-1"
        }
      >
        {left}
      </div>
      {right === null ? null : (
        <>
          <div
            role="separator"
            aria-orientation="vertical"
            aria-label={label}
            aria-valuemin={MIN}
            aria-valuemax={MAX}
            aria-valuenow={Math.round(share)}
            tabIndex={0}
            onKeyDown={onKeyDown}
            onPointerDown={(e) => {
              dragging.current = true;
              e.currentTarget.setPointerCapture(e.pointerId);
            }}
            onPointerMove={(e) => {
              const el = box.current;
              if (!dragging.current || !el) return;
              const rect = el.getBoundingClientRect();
              if (rect.width > 0) set(((e.clientX - rect.left) / rect.width) * 100);
            }}
            onPointerUp={() => (dragging.current = false)}
            onPointerCancel={() => (dragging.current = false)}
            className="hidden w-2 shrink-0 cursor-col-resize touch-none rounded bg-slate-200 hover:bg-indigo-300 focus:bg-indigo-400 focus:outline-none lg:block dark:bg-slate-700 dark:hover:bg-indigo-700"
          />
          <div className="min-w-0 flex-1 lg:pl-1">{right}</div>
        </>
      )}
    </div>
  );
}

/**
 * The height left below an element down to the bottom of the viewport (at least `min`), kept up
 * to date on resize: a pane that "fills the height" without a fixed number.
 */
export function useFillHeight(
  ref: { current: HTMLElement | null },
  min = 320,
  margin = 16,
): number {
  const [height, setHeight] = useState(min);
  useEffect(() => {
    const measure = () => {
      const el = ref.current;
      if (!el || typeof window === "undefined") return;
      const top = el.getBoundingClientRect().top + window.scrollY;
      setHeight(
        Math.max(
          min,
          Math.round(window.innerHeight - Math.min(top, window.innerHeight * 0.6) - margin),
        ),
      );
    };
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [ref, min, margin]);
  return height;
}
