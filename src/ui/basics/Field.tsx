import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from "react";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  mono?: boolean;
}

/** A labelled input whose error is announced and marks the input aria-invalid. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, error, hint, mono = true, className = "", id, ...rest },
  ref,
) {
  const auto = useId();
  const inputId = id ?? auto;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy =
    [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        spellCheck={false}
        autoComplete="off"
        className={`w-full rounded border px-2 py-1.5 text-sm dark:bg-slate-900 ${mono ? "font-mono" : ""} ${
          error ? "border-red-600 dark:border-red-400" : "border-slate-300 dark:border-slate-600"
        }`}
        {...rest}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
});
