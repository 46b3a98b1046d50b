import { useId, useState } from "react";
import { Button } from "../ui";
import { addToStore, clearStore, describeAdded } from "./abis";
import { ABI_PANEL_CLASS, AbiSummary } from "./AbiSummary";

/**
 * Paste an ABI (JSON) or a signature so calls, events and errors the built-in set does not know
 * decode. Kept on this device and shared by every view (see useAbiRegistry); never sent anywhere.
 */
export function AbiPanel({
  stored,
  hint,
  defaultOpen,
}: {
  stored: number;
  hint?: string;
  /** Open when it mounts (it replaces DeferredAbiPanel's summary the user has just opened). */
  defaultOpen?: boolean;
}) {
  const [text, setText] = useState("");
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const add = () => {
    try {
      const added = addToStore(text);
      setNote(
        added.fresh > 0
          ? `Added ${describeAdded(added)}; kept on this device.`
          : "Already known: nothing new to add.",
      );
      setError(null);
      setText("");
    } catch (e) {
      setError(
        `ABI or signature: ${e instanceof Error ? (e.message.split("\n")[0] ?? "") : String(e)}`,
      );
      setNote(null);
    }
  };
  return (
    <details className={ABI_PANEL_CLASS} open={defaultOpen}>
      <AbiSummary stored={stored} />
      <div className="mt-2 flex flex-col gap-2">
        <label htmlFor={id} className="font-medium text-slate-700 dark:text-slate-200">
          ABI or signature
        </label>
        <textarea
          id={id}
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={4}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          placeholder='[{"type":"error","name":"InsufficientBalance",…}]  or signatures, one per line:  error InsufficientBalance(uint256 available, uint256 required)'
          className="w-full rounded border border-slate-300 px-2 py-1 font-mono text-xs dark:border-slate-600 dark:bg-slate-900"
        />
        <p className="text-xs text-slate-700 dark:text-slate-300">
          {hint ?? "Functions, events and errors."} Kept in this browser only (shared by every
          view), never sent to the node.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={add}>Add ABI</Button>
          {stored > 0 ? (
            <Button
              onClick={() => {
                clearStore();
                setNote("Removed every ABI and signature kept on this device.");
                setError(null);
              }}
            >
              Clear stored ABIs
            </Button>
          ) : null}
        </div>
        {error ? (
          <p role="alert" className="text-xs text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : null}
        {note ? (
          <p role="status" className="text-xs text-emerald-800 dark:text-emerald-300">
            {note}
          </p>
        ) : null}
      </div>
    </details>
  );
}
