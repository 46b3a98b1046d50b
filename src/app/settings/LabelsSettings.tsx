import { useId, useState, type FormEvent } from "react";
import { exportLabels, importLabels, isAddress, setLabel, userLabels } from "../../decoding/labels";
import { useStore } from "../../ui/store";
import { Button, downloadText, Field } from "../../ui";

/** Address labels kept on this device: add, remove, export and import as JSON. */
export function LabelsSettings() {
  const labels = useStore(userLabels);
  const entries = Object.entries(labels).sort(([, a], [, b]) => a.localeCompare(b));
  const [address, setAddress] = useState("");
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const fileId = useId();

  const add = (e: FormEvent) => {
    e.preventDefault();
    setStatus(null);
    const a = address.trim();
    if (!isAddress(a)) {
      setError("An address is 0x followed by 40 hex digits");
      return;
    }
    if (name.trim() === "") {
      setError("Give the address a name");
      return;
    }
    setError(null);
    setLabel(a, name);
    setAddress("");
    setName("");
    setStatus(`Labelled ${a}.`);
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const r = importLabels(await file.text());
    setStatus(
      r.ok
        ? `Imported ${r.added} label${r.added === 1 ? "" : "s"}${r.skipped ? ` (${r.skipped} skipped: not an address with a name)` : ""}.`
        : r.message,
    );
  };

  return (
    <section aria-labelledby="settings-labels" className="grid gap-2">
      <h3 id="settings-labels" className="text-sm font-semibold">
        Address labels
      </h3>
      <p className="text-xs text-slate-700 dark:text-slate-300">
        Names you give addresses show wherever the address shows. They stay on this device; export
        them to move them elsewhere.
      </p>
      <form onSubmit={add} className="flex flex-wrap items-end gap-2">
        <Field
          label="Address to label"
          className="min-w-0 flex-[2]"
          value={address}
          placeholder="0x…"
          onChange={(e) => setAddress(e.target.value)}
          error={error ?? undefined}
        />
        <Field
          label="Label"
          mono={false}
          className="min-w-0 flex-1"
          value={name}
          maxLength={64}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit">Add label</Button>
      </form>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          disabled={entries.length === 0}
          onClick={() => downloadText("nodescope-labels.json", exportLabels(labels))}
        >
          Export labels
        </Button>
        <label htmlFor={fileId} className="text-sm">
          Import labels (JSON)
        </label>
        <input
          id={fileId}
          type="file"
          accept="application/json,.json"
          className="text-xs"
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
      </div>
      {status ? (
        <p role="status" className="text-xs">
          {status}
        </p>
      ) : null}
      {entries.length === 0 ? (
        <p className="text-xs text-slate-700 dark:text-slate-300">No labels yet.</p>
      ) : (
        <table className="w-full text-left text-xs">
          <caption className="sr-only">Your address labels</caption>
          <thead>
            <tr>
              <th scope="col">Label</th>
              <th scope="col">Address</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map(([a, n]) => (
              <tr key={a}>
                <td className="pr-2 font-semibold">{n}</td>
                <td className="break-all pr-2 font-mono">{a}</td>
                <td>
                  <button
                    type="button"
                    className="underline"
                    aria-label={`Remove label ${n}`}
                    onClick={() => setLabel(a, "")}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
