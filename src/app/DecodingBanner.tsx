import {
  decodingOverride,
  SERVICE_IDS,
  SERVICE_NAMES,
  type TabOverride,
} from "../decoding/settings";

/** Says when the link this tab was opened with decides the decoding services, and undoes it. */
export function DecodingBanner({ override }: { override: TabOverride }) {
  const set = SERVICE_IDS.filter((id) => override[id] !== undefined);
  // A link's compiler is code this tab runs (in a Worker, for the debugger's Variables): named here
  // like the services, so a shared link cannot choose it unseen.
  const solc = override.solc;
  const named = [
    ...set.map((id) =>
      override[id] === "off"
        ? `${SERVICE_NAMES[id]} off`
        : `${SERVICE_NAMES[id]} at ${override[id] ?? ""}`,
    ),
    ...(solc === undefined
      ? []
      : [solc === "off" ? "compiler binaries off" : `compiler binaries from ${solc}`]),
  ];
  if (named.length === 0) return null;
  return (
    <div
      role="region"
      aria-label="Decoding set by the link"
      className="flex flex-wrap items-center gap-2 rounded border border-amber-300 bg-amber-50 px-2 py-1 text-xs text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <span>
        In this tab, from the link: {named.join(" · ")}. Your saved settings are unchanged.
      </span>
      <button type="button" className="underline" onClick={() => decodingOverride.set({})}>
        Use my settings
      </button>
    </div>
  );
}
