import { useState, type ChangeEvent } from "react";
import { Button } from "../../ui";

/** A trace result pasted or opened from a file, shown without a request. `onLoad` says what is
 * wrong with it (null when it is shown). */
export function PastePanel({ onLoad }: { onLoad: (name: string, text: string) => string | null }) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    void file.text().then((t) => setError(onLoad(file.name, t)));
    e.target.value = "";
  };
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium">
        Paste a trace result or open a trace JSON file (no request)
      </summary>
      <div className="mt-2 flex flex-col gap-2">
        <label htmlFor="trace-paste" className="font-medium text-slate-700 dark:text-slate-200">
          Trace JSON
        </label>
        <textarea
          id="trace-paste"
          rows={4}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={error ? true : undefined}
          className="w-full rounded border border-slate-300 px-2 py-1 font-mono text-xs dark:border-slate-600 dark:bg-slate-900"
          spellCheck={false}
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button onClick={() => setError(onLoad("pasted trace", text))}>Show pasted trace</Button>
          <label className="flex items-center gap-1">
            Open trace JSON file
            <input
              type="file"
              accept="application/json,.json"
              onChange={onFile}
              className="text-xs"
            />
          </label>
        </div>
        {error ? (
          <p role="alert" className="text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : null}
      </div>
    </details>
  );
}
