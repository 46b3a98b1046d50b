import { useId, useMemo, useState } from "react";
import { toFunctionSelector, type AbiFunction, type Hex } from "viem";
import { Button } from "../ui";
import type { AbiRegistry } from "../chain";
import { argLabel, encodeCall, functionSignature, parseFunctionSignature } from "./abi";

export interface CallBuilderProps {
  abiText: string;
  onAbiText: (text: string) => void;
  /** The ABI text was left (blur): keep it on this device when it parses. */
  onAbiCommit: () => void;
  abiError: string | null;
  /** Functions to pick from: the pasted ABI's first, then the ones kept on this device. */
  functions: readonly AbiFunction[];
  registry: AbiRegistry;
  onFunction: (fn: AbiFunction | null) => void;
  onEncode: (data: Hex) => void;
}

/** The function the text names, with parameter names from a known ABI when the text has none. */
function resolveFunction(text: string, functions: readonly AbiFunction[], registry: AbiRegistry) {
  const trimmed = text.trim();
  const listed = functions.find(
    (f) => functionSignature(f) === trimmed || functionSignature(f, false) === trimmed,
  );
  if (listed) return { ok: true as const, value: listed };
  const parsed = parseFunctionSignature(trimmed);
  if (!parsed.ok) return parsed;
  const fn = parsed.value;
  if (fn.inputs.some((p) => p.name)) return parsed;
  try {
    const selector = toFunctionSelector(fn);
    const named =
      functions.find((f) => {
        try {
          return toFunctionSelector(f) === selector;
        } catch {
          return false;
        }
      }) ?? registry.lookupFunction(selector)?.item;
    if (named && named.name === fn.name) return { ok: true as const, value: named };
  } catch {
    // keep the unnamed one
  }
  return parsed;
}

export function CallBuilder({
  abiText,
  onAbiText,
  onAbiCommit,
  abiError,
  functions,
  registry,
  onFunction,
  onEncode,
}: CallBuilderProps) {
  const ids = useId();
  const [fnText, setFnText] = useState("");
  const [args, setArgs] = useState<string[]>([]);
  const [problems, setProblems] = useState<(string | null)[]>([]);
  const [status, setStatus] = useState("");
  const resolved = useMemo(
    () => (fnText.trim() === "" ? null : resolveFunction(fnText, functions, registry)),
    [fnText, functions, registry],
  );
  const fn = resolved?.ok ? resolved.value : null;
  const fnError = resolved && !resolved.ok ? resolved.message : null;

  const chooseFunction = (text: string) => {
    setFnText(text);
    setArgs([]);
    setProblems([]);
    setStatus("");
    const r = text.trim() === "" ? null : resolveFunction(text, functions, registry);
    onFunction(r?.ok ? r.value : null);
  };

  const encode = () => {
    if (!fn) return;
    const r = encodeCall(
      fn,
      fn.inputs.map((_, i) => args[i] ?? ""),
    );
    if (!r.ok) {
      setProblems(r.problems);
      setStatus("");
      return;
    }
    setProblems([]);
    onEncode(r.data);
    setStatus(
      `Encoded ${functionSignature(fn, false)} into Data (${(r.data.length - 2) / 2} bytes).`,
    );
  };

  return (
    <fieldset className="flex flex-col gap-2 rounded border border-slate-200 p-2 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold">Call builder</legend>
      <div className="flex flex-col gap-1">
        <label
          htmlFor={`${ids}-abi`}
          className="text-sm font-medium text-slate-700 dark:text-slate-200"
        >
          ABI
        </label>
        <textarea
          id={`${ids}-abi`}
          rows={3}
          value={abiText}
          onChange={(e) => onAbiText(e.target.value)}
          onBlur={onAbiCommit}
          spellCheck={false}
          placeholder='[{"type":"function","name":"transfer","inputs":[…]}] — optional'
          aria-invalid={abiError ? true : undefined}
          aria-describedby={abiError ? `${ids}-abi-error` : `${ids}-abi-hint`}
          className={`w-full rounded border px-2 py-1 font-mono text-xs dark:bg-slate-900 ${abiError ? "border-red-600 dark:border-red-400" : "border-slate-300 dark:border-slate-600"}`}
        />
        {abiError ? (
          <p
            id={`${ids}-abi-error`}
            role="alert"
            className="text-xs text-red-700 dark:text-red-300"
          >
            {abiError}
          </p>
        ) : (
          <p id={`${ids}-abi-hint`} className="text-xs text-slate-700 dark:text-slate-300">
            Paste a contract's ABI JSON to pick its functions and decode its custom errors. It is
            kept on this device only (shared with the other views), never sent.
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <label
          htmlFor={`${ids}-fn`}
          className="text-sm font-medium text-slate-700 dark:text-slate-200"
        >
          Function
        </label>
        <input
          id={`${ids}-fn`}
          list={`${ids}-fns`}
          value={fnText}
          onChange={(e) => chooseFunction(e.target.value)}
          placeholder="transfer(address,uint256), or pick one from the ABI"
          spellCheck={false}
          autoComplete="off"
          aria-invalid={fnError ? true : undefined}
          aria-describedby={fnError ? `${ids}-fn-error` : undefined}
          className={`w-full rounded border px-2 py-1.5 font-mono text-sm dark:bg-slate-900 ${fnError ? "border-red-600 dark:border-red-400" : "border-slate-300 dark:border-slate-600"}`}
        />
        <datalist id={`${ids}-fns`}>
          {functions.map((f) => {
            const sig = functionSignature(f);
            return <option key={sig} value={sig} />;
          })}
        </datalist>
        {fnError ? (
          <p id={`${ids}-fn-error`} role="alert" className="text-xs text-red-700 dark:text-red-300">
            {fnError}
          </p>
        ) : null}
      </div>
      {fn ? (
        <div className="flex flex-col gap-2">
          {fn.inputs.length === 0 ? (
            <p className="text-xs text-slate-700 dark:text-slate-300">
              This function takes no arguments.
            </p>
          ) : null}
          {fn.inputs.map((p, i) => {
            const label = argLabel(p, i);
            const problem = problems[i] ?? null;
            const composite = p.type.endsWith("]") || p.type.startsWith("tuple");
            return (
              <div key={`${functionSignature(fn)}-${i}`} className="flex flex-col gap-1">
                <label
                  htmlFor={`${ids}-arg-${i}`}
                  className="text-sm font-medium text-slate-700 dark:text-slate-200"
                >
                  {label}
                </label>
                <input
                  id={`${ids}-arg-${i}`}
                  value={args[i] ?? ""}
                  onChange={(e) => {
                    const next = [...args];
                    next[i] = e.target.value;
                    setArgs(next);
                  }}
                  placeholder={placeholderFor(p.type, composite)}
                  spellCheck={false}
                  autoComplete="off"
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${ids}-arg-${i}-error` : undefined}
                  className={`w-full rounded border px-2 py-1.5 font-mono text-sm dark:bg-slate-900 ${problem ? "border-red-600 dark:border-red-400" : "border-slate-300 dark:border-slate-600"}`}
                />
                {problem ? (
                  <p
                    id={`${ids}-arg-${i}-error`}
                    role="alert"
                    className="text-xs text-red-700 dark:text-red-300"
                  >
                    {problem}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={encode} disabled={!fn}>
          Encode into Data
        </Button>
        <span aria-live="polite" className="text-xs text-slate-700 dark:text-slate-300">
          {status}
        </span>
      </div>
    </fieldset>
  );
}

function placeholderFor(type: string, composite: boolean): string {
  if (composite) return 'JSON, e.g. ["0x…", "0x…"] or [1, 2]';
  if (type === "address") return "0x… (40 hex digits)";
  if (type === "bool") return "true or false";
  if (type === "string") return "text";
  if (type === "bytes") return "0x…";
  if (/^bytes\d+$/.test(type)) return `0x… (${Number(type.slice(5)) * 2} hex digits)`;
  if (/^u?int/.test(type)) return "decimal or 0x hex";
  return "";
}
