/**
 * The Debug view's Variables: the open function's parameters, named returns and locals in scope,
 * each with its name, type and value (struct members and array elements nested), or what the
 * panel is waiting for, or why it cannot show them. Pure props.
 */
import type { Shown } from "./decode";
import type { VariablesState } from "./useVariables";

function Value({ value }: { value: Shown }) {
  if (value.kind === "text") return <span className="font-mono break-all">{value.text}</span>;
  return (
    <>
      <span className="text-slate-700 dark:text-slate-300">{value.summary}</span>
      <ul className="ml-3 border-l border-slate-200 pl-2 dark:border-slate-700">
        {value.items.map((it) => (
          <li key={it.name}>
            <span className="font-mono font-semibold">{it.name}</span> <Value value={it.value} />
          </li>
        ))}
      </ul>
    </>
  );
}

function progressText(state: Extract<VariablesState, { kind: "compiling" }>): string {
  const s = state.stage;
  if (!s || s.stage === "compile") return "Compiling the contract again for its variables…";
  if (s.stage === "list") return "Finding the compiler in the binaries list…";
  const mb = (n: number) => (n / 1_000_000).toFixed(1);
  return `Fetching the compiler: ${mb(s.received)}${s.total ? ` of ${mb(s.total)}` : ""} MB…`;
}

export function VariablesPanel({ state }: { state: VariablesState }) {
  return (
    <section
      aria-label="Variables"
      className="flex flex-col gap-1 text-sm"
      // the bench reads the compile's time and end (bench/variables.mjs)
      data-compile-ms={state.kind === "ready" ? Math.round(state.compileMs) : undefined}
      data-compiled-at={state.kind === "ready" ? Math.round(state.compiledAt) : undefined}
    >
      <h4 className="font-semibold">
        Variables
        {state.kind === "ready" ? (
          <span className="font-normal"> of {state.at.function}</span>
        ) : null}
      </h4>
      {state.kind === "unavailable" ? (
        <p className="text-xs">Not shown: {state.reason}. The stack below is what there is.</p>
      ) : state.kind === "failed" ? (
        // not an alert: the view's alerts are the run's problems; the rest of the debugger works
        <p className="text-xs">Not shown: {state.reason}. The stack below is what there is.</p>
      ) : state.kind === "compiling" ? (
        <p className="text-xs">{progressText(state)}</p>
      ) : state.kind === "waiting" ? (
        <p className="text-xs">{state.what}</p>
      ) : state.kind === "none" ? (
        <p className="text-xs">{state.reason}</p>
      ) : null}
      {state.kind === "ready" && state.at.returned ? (
        state.at.returned.items ? (
          <div className="text-xs">
            {state.at.returned.name} returned
            <ul aria-label={`${state.at.returned.name} returned`} className="ml-3">
              {state.at.returned.items.map((it) => (
                <li key={it.name}>
                  <span className="font-mono font-semibold">{it.name}</span>{" "}
                  <Value value={it.value} />
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="text-xs">
            {state.at.returned.name} returned {state.at.returned.values}
          </p>
        )
      ) : null}
      {state.kind !== "ready" ? null : state.at.note ? (
        <p className="text-xs">{state.at.note}</p>
      ) : state.at.rows.length === 0 ? (
        <p className="text-xs">{state.at.function} has no parameters or locals in scope here.</p>
      ) : (
        <ul aria-label="Variables" className="flex flex-col gap-0.5">
          {state.at.rows.map((r) => (
            <li key={`${r.role}:${r.name}:${r.type}`}>
              <span className="font-mono font-semibold">{r.name}</span>{" "}
              <span className="text-xs text-slate-700 dark:text-slate-300">{r.type}</span>{" "}
              {r.value ? (
                <Value value={r.value} />
              ) : (
                <span className="text-xs italic">({r.note})</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {state.kind === "ready" && state.at.state.length > 0 ? (
        <>
          <h5 className="text-xs font-semibold">Contract storage (what the steps read or wrote)</h5>
          <ul aria-label="Storage variables" className="flex flex-col gap-0.5">
            {state.at.state.map((r) => (
              <li key={`${r.name}:${r.type}`}>
                <span className="font-mono font-semibold">{r.name}</span>{" "}
                <span className="text-xs text-slate-700 dark:text-slate-300">{r.type}</span>{" "}
                <Value value={r.value} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
