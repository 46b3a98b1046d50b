import { useHeldFor } from "../ui/schedule";
import { AbiPanel } from "./AbiPanel";
import type { DecodingState } from "./useDecodingRegistry";

/**
 * How long the services are asked before the note says names are being looked up: a lookup
 * answered sooner (a cached or nearby service: ~100 ms) showed the line for a moment above the
 * results, which moved down and back up by its height — a click on a tab landed on the row below
 * it (an end-to-end test's flake).
 */
export const LOOKUP_NOTE_AFTER_MS = 400;

/**
 * A quiet line about the decoding services: that names are being looked up (once it takes a
 * while), or that a service failed (names it would give are missing). Never an error panel: the
 * view is complete without it.
 */
export function DecodingNote({ decoding }: { decoding: DecodingState }) {
  const lookingUp = useHeldFor(decoding.pending, LOOKUP_NOTE_AFTER_MS);
  if (!lookingUp && decoding.notes.length === 0) return null;
  return (
    <div
      role="status"
      aria-label="Decoding services"
      className="text-xs text-slate-700 dark:text-slate-300"
    >
      {lookingUp ? <p>Looking up names in the signature database and Sourcify…</p> : null}
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
