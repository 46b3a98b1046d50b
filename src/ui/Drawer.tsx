import { useEffect, useRef, type ReactNode } from "react";

/**
 * A drawer over the right edge of the viewport (a full-width sheet on narrow screens), non-modal
 * so the page stays usable beside it: a `complementary` region named `label`. It takes focus when
 * it opens; Esc or Close shuts it and focus goes back where it was.
 */
export function Drawer({
  label,
  heading,
  actions,
  onClose,
  children,
}: {
  label: string;
  heading: ReactNode;
  /** Buttons beside Close. */
  actions?: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  const panel = useRef<HTMLElement>(null);
  // The parent may pass a new onClose on every render; the listener reads the latest one.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !e.defaultPrevented) close.current();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      opener?.focus();
    };
  }, []);
  return (
    <aside
      ref={panel}
      tabIndex={-1}
      aria-label={label}
      className="fixed inset-y-0 right-0 z-40 flex w-full flex-col border-l border-slate-300 bg-slate-50 shadow-2xl outline-none sm:w-[40rem] dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-3 py-2 dark:border-slate-700">
        <h2 className="text-sm font-semibold">{heading}</h2>
        <div className="flex gap-2 text-xs">
          {actions}
          <button type="button" className="underline" onClick={onClose} aria-keyshortcuts="Escape">
            Close
          </button>
        </div>
      </div>
      {children}
    </aside>
  );
}
