/**
 * The ABI panel (AbiPanel.tsx) with its parser loaded only when it is wanted: the panel opened,
 * ABIs already kept on this device (their count needs the parser), or a lookup on the way
 * (`loadAbiPanel`). Until then it is the panel's closed summary, the same to the eye: the empty
 * transaction form of a first visit does not download the ABI parser, the built-in signatures and
 * the registry (bench/STARTUP.md).
 */
import { useEffect, useMemo, useState } from "react";
import { createStore } from "../platform/store";
import { useStore } from "../ui/store";
import type { AbiPanel } from "./AbiPanel";
import { storedAbisText } from "./abisText";
import { ABI_PANEL_CLASS, AbiSummary } from "./AbiSummary";

interface Loaded {
  AbiPanel: typeof AbiPanel;
  storedCount: (text: string) => number;
}

const loaded = createStore<Loaded | null>(null);
let loading: Promise<void> | null = null;

/** Loads the panel and the parser (once); resolves when they are in. */
export function loadAbiPanel(): Promise<void> {
  if (loading) return loading;
  const p = Promise.all([import("./AbiPanel"), import("./abis")]).then(([panel, abis]) =>
    loaded.set({ AbiPanel: panel.AbiPanel, storedCount: abis.storedCount }),
  );
  loading = p;
  // A failed download is tried again on the next ask.
  p.catch(() => {
    if (loading === p) loading = null;
  });
  return p;
}

/** Whether the panel and the parser are in (tests: a first visit's empty form loads neither). */
export function abiPanelLoaded(): boolean {
  return loaded.get() !== null;
}

export function DeferredAbiPanel({ hint }: { hint?: string }) {
  const panel = useStore(loaded);
  const text = useStore(storedAbisText);
  // Opened before the panel was in: it mounts open.
  const [open, setOpen] = useState(false);
  const counting = panel === null && text !== "";
  useEffect(() => {
    if (counting) void loadAbiPanel().catch(() => undefined);
  }, [counting]);
  const stored = useMemo(() => (panel ? panel.storedCount(text) : 0), [panel, text]);
  if (panel) return <panel.AbiPanel stored={stored} hint={hint} defaultOpen={open} />;
  // Items are kept but not counted yet: the panel shows once they are (a moment).
  if (counting) return null;
  return (
    <details
      className={ABI_PANEL_CLASS}
      onToggle={(e) => {
        const isOpen = e.currentTarget.open;
        setOpen(isOpen);
        if (isOpen) void loadAbiPanel().catch(() => undefined);
      }}
    >
      <AbiSummary stored={0} />
    </details>
  );
}
