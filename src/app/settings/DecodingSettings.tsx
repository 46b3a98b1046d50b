import { useState, type FormEvent } from "react";
import {
  checkServiceUrl,
  decodingSettings,
  PUBLIC_BASES,
  SERVICE_IDS,
  SERVICE_NAMES,
  type ServiceBases,
  type ServiceId,
  type TabOverride,
} from "../../decoding/settings";
import { useStore } from "../../ui/store";
import { Button, Field } from "../../ui";

const USE_LABEL: Record<ServiceId, string> = {
  sigdb: "Use the signature database",
  sourcify: "Use Sourcify",
};

const WHAT_IS_SENT: Record<ServiceId, string> = {
  sigdb: "4-byte function selectors and 32-byte event topics the device does not know.",
  sourcify: "The chain id and the addresses of contracts a view shows.",
};

function ServiceSection({
  id,
  effective,
  override,
  fallback,
}: {
  id: ServiceId;
  effective: string | null;
  override: string | undefined;
  fallback: string;
}) {
  const saved = useStore(decodingSettings);
  const mine = saved[id];
  const [text, setText] = useState(mine.url);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const name = SERVICE_NAMES[id];

  const save = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    if (text.trim() === "") {
      decodingSettings.set({ ...saved, [id]: { ...mine, url: "" } });
      setError(null);
      setDone(`${name}: the default URL is used.`);
      return;
    }
    const checked = checkServiceUrl(text);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(null);
    setText(checked.url);
    decodingSettings.set({ ...saved, [id]: { ...mine, url: checked.url } });
    setDone(`${name}: saved.`);
  };

  return (
    <fieldset className="grid gap-2 rounded border border-slate-200 p-2 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold">{name}</legend>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={mine.enabled}
          onChange={(e) =>
            decodingSettings.set({ ...saved, [id]: { ...mine, enabled: e.target.checked } })
          }
        />
        {USE_LABEL[id]}
      </label>
      <p className="text-xs text-slate-700 dark:text-slate-300">Sent: {WHAT_IS_SENT[id]}</p>
      <form onSubmit={save} className="flex flex-wrap items-end gap-2">
        <Field
          label={`${name} URL`}
          className="min-w-0 flex-1"
          value={text}
          placeholder={fallback}
          onChange={(e) => setText(e.target.value)}
          error={error ?? undefined}
          hint="Empty = the default shown here."
        />
        <Button type="submit">Save {name} URL</Button>
      </form>
      {done ? (
        <p role="status" className="text-xs text-emerald-800 dark:text-emerald-300">
          {done}
        </p>
      ) : null}
      <p className="text-xs text-slate-700 dark:text-slate-300" data-testid={`${id}-in-use`}>
        In use in this tab: <strong>{effective ?? "off"}</strong>
        {override ? " (set by the link this tab was opened with)" : ""}
      </p>
    </fieldset>
  );
}

/** Decoding: the two public services, each switchable and pointable elsewhere. */
export function DecodingSettings({
  bases,
  override,
  devnetBases,
  onClearCache,
}: {
  bases: ServiceBases;
  override: TabOverride;
  devnetBases: Partial<Record<ServiceId, string>> | null;
  onClearCache: (() => Promise<void>) | null;
}) {
  const [cleared, setCleared] = useState<string | null>(null);
  return (
    <section aria-labelledby="settings-decoding" className="grid gap-2">
      <h3 id="settings-decoding" className="text-sm font-semibold">
        Decoding
      </h3>
      <p className="text-xs text-slate-700 dark:text-slate-300">
        Names for calls, events and contracts the device does not know come from these public
        services. Only selectors, event topics, chain ids and contract addresses are sent — never
        calldata, never your RPC URL or API key. Answers are kept on this device.
      </p>
      {SERVICE_IDS.map((id) => (
        <ServiceSection
          key={id}
          id={id}
          effective={bases[id]}
          override={override[id]}
          fallback={devnetBases?.[id] ?? PUBLIC_BASES[id]}
        />
      ))}
      {onClearCache ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button
            onClick={() => {
              setCleared(null);
              void onClearCache().then(
                () => setCleared("The decoding cache is empty: names are asked again."),
                (e: unknown) =>
                  setCleared(`Could not clear it: ${e instanceof Error ? e.message : String(e)}`),
              );
            }}
          >
            Clear the decoding cache
          </Button>
          {cleared ? (
            <span role="status" className="text-xs">
              {cleared}
            </span>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
