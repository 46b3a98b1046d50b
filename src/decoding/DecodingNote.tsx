import { AbiPanel } from "./AbiPanel";
import type { DecodingState } from "./useDecodingRegistry";

/**
 * A quiet line about the decoding services: that names are being looked up, or that a service
 * failed (names it would give are missing). Never an error panel: the view is complete without it.
 */
export function DecodingNote({ decoding }: { decoding: DecodingState }) {
  if (!decoding.pending && decoding.notes.length === 0) return null;
  return (
    <div
      role="status"
      aria-label="Decoding services"
      className="text-xs text-slate-700 dark:text-slate-300"
    >
      {decoding.pending ? <p>Looking up names in the signature database and Sourcify…</p> : null}
      {decoding.notes.map((n) => (
        <p key={n}>{n}</p>
      ))}
    </div>
  );
}

/** The decoding panel of a view: the user's ABIs (kept on this device) and the services' note. */
export function DecodingPanel({ decoding, hint }: { decoding: DecodingState; hint: string }) {
  return (
    <>
      <AbiPanel stored={decoding.stored} hint={hint} />
      <DecodingNote decoding={decoding} />
    </>
  );
}
