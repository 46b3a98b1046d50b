/** The ABI panel's summary line (AbiPanel.tsx, and DeferredAbiPanel.tsx before it has loaded). */
export function AbiSummary({ stored }: { stored: number }) {
  return (
    <summary className="cursor-pointer font-medium text-slate-800 dark:text-slate-200">
      Decoding: add an ABI or signature ({stored} item{stored === 1 ? "" : "s"} kept on this device)
    </summary>
  );
}

/** The panel's frame (the same in both). */
export const ABI_PANEL_CLASS = "rounded border border-slate-200 p-2 text-sm dark:border-slate-700";
