import { useId, useState } from "react";
import { Button } from "../../ui";

/**
 * Paste an ABI (JSON) or a signature to decode inputs the built-in set does not know. Kept on this
 * device and shared with the other views; `onAdd` stores it and says how many items it brought,
 * or throws with the reason.
 */
export function AbiPanel({ stored, onAdd }: { stored: number; onAdd: (text: string) => string }) {
  const [text, setText] = useState("");
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const add = () => {
    try {
      setNote(onAdd(text));
      setError(null);
      setText("");
    } catch (e) {
      setError(`ABI or signature: ${e instanceof Error ? e.message : String(e)}`);
      setNote(null);
    }
  };
  return (
    <details className="rounded border border-slate-200 p-2 text-sm dark:border-slate-700">
      <summary className="cursor-pointer font-medium text-slate-800 dark:text-slate-200">
        Decode with your ABI
        {stored > 0 ? ` (${stored} item${stored === 1 ? "" : "s"} stored on this device)` : ""}
      </summary>
      <div className="mt-2 flex flex-col gap-2">
        <label htmlFor={id} className="font-medium text-slate-700 dark:text-slate-200">
          ABI or function signature
        </label>
        <textarea
          id={id}
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={4}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          placeholder='[{"type":"function","name":"store","inputs":[{"name":"x","type":"uint256"}]}]  or  store(uint256 x)'
          className="w-full rounded border border-slate-300 px-2 py-1 font-mono text-xs dark:border-slate-600 dark:bg-slate-900"
        />
        <p className="text-xs text-slate-700 dark:text-slate-300">
          Kept in this browser only (shared by every view), never sent to the node.
        </p>
        <div>
          <Button onClick={add}>Add ABI</Button>
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
