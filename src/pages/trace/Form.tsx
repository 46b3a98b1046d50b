import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm, type FieldErrors } from "react-hook-form";
import { Button, Field } from "../../ui";
import {
  EXAMPLE_JS_TRACER,
  TRACER_LABELS,
  traceFormSchema,
  type TraceFormValues,
  type TracerChoice,
} from "./params";
import { Examples } from "../../forms/Examples";
import { LINKED_FORM } from "../../forms/form";

export interface TraceExample {
  label: string;
  values: TraceFormValues;
  /** The view the example opens on (`view` link param), when not the call tree. */
  view?: string;
}

export interface TraceFormProps {
  /**
   * The values the link holds. The form resets to them when they change, and only then: typed
   * text survives other re-renders.
   */
  values: TraceFormValues;
  /** Field errors of a link that names a transaction but cannot be run: shown at once. */
  linkErrors: FieldErrors<TraceFormValues>;
  onSubmit: (values: TraceFormValues, view?: string) => void;
  examples: TraceExample[];
  busy: boolean;
  /** What a trace costs on this endpoint ("280 compute units"), or null where it is not priced. */
  costNote?: string | null;
}

const TRACERS: TracerChoice[] = ["callTracer", "prestateTracer", "4byteTracer", "js"];

export function TraceForm({
  values,
  linkErrors,
  onSubmit,
  examples,
  busy,
  costNote = null,
}: TraceFormProps) {
  const ids = useId();
  const form = useForm<TraceFormValues>({
    resolver: zodResolver(traceFormSchema),
    values,
    errors: linkErrors,
    ...LINKED_FORM,
  });
  const { register, handleSubmit, formState, reset, watch, setValue, getValues } = form;
  const errors = formState.errors;

  // eslint-disable-next-line react-hooks/incompatible-library -- watch() re-renders the form on tracer change, as intended
  const tracer = watch("tracer");
  const submit = handleSubmit((v) => onSubmit(v));

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="flex flex-col gap-3"
      aria-label="Trace request"
    >
      <div className="grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <Field
          label="Transaction hash"
          placeholder="0x… (32 bytes)"
          error={errors.hash?.message}
          {...register("hash")}
        />
        <div className="flex flex-col gap-1">
          <label
            htmlFor={`${ids}-tracer`}
            className="text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            Tracer
          </label>
          <select
            id={`${ids}-tracer`}
            className="rounded border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900"
            {...register("tracer", {
              onChange: (e: { target: { value: string } }) => {
                if (e.target.value === "js" && getValues("jsCode").trim() === "")
                  setValue("jsCode", EXAMPLE_JS_TRACER);
              },
            })}
          >
            {TRACERS.map((t) => (
              <option key={t} value={t}>
                {TRACER_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <Field
          label="Timeout"
          placeholder="e.g. 10s, 500ms (node default 5s)"
          error={errors.timeout?.message}
          {...register("timeout")}
        />
      </div>
      {tracer === "callTracer" ? (
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="sr-only">callTracer options</legend>
          <label className="flex items-center gap-1">
            <input type="checkbox" {...register("onlyTopCall")} />
            onlyTopCall
          </label>
          <label className="flex items-center gap-1">
            <input type="checkbox" {...register("withLog")} />
            withLog
          </label>
          <span className="text-xs text-slate-700 dark:text-slate-300">
            withLog is on by default: the logs show in their frames and feed Balance changes and
            Token flow.
          </span>
        </fieldset>
      ) : (
        <Field
          label="Tracer config (JSON)"
          placeholder={tracer === "prestateTracer" ? '{"diffMode": true}' : "optional"}
          error={errors.config?.message}
          {...register("config")}
        />
      )}
      {tracer === "js" ? (
        <div className="flex flex-col gap-1">
          <label
            htmlFor={`${ids}-js`}
            className="text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            JavaScript tracer
          </label>
          <textarea
            id={`${ids}-js`}
            rows={8}
            spellCheck={false}
            aria-invalid={errors.jsCode ? true : undefined}
            aria-describedby={errors.jsCode ? `${ids}-js-error` : `${ids}-js-hint`}
            className={`w-full rounded border px-2 py-1 font-mono text-xs dark:bg-slate-900 ${errors.jsCode ? "border-red-600 dark:border-red-400" : "border-slate-300 dark:border-slate-600"}`}
            {...register("jsCode")}
          />
          <p id={`${ids}-js-hint`} className="text-xs text-slate-700 dark:text-slate-300">
            An object literal with step, fault and result functions; it runs on the node, sent as
            the tracer string.
          </p>
          {errors.jsCode ? (
            <p
              id={`${ids}-js-error`}
              role="alert"
              className="text-xs text-red-700 dark:text-red-300"
            >
              {errors.jsCode.message}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="primary" disabled={busy}>
          Trace transaction
        </Button>
        <span className="text-xs text-slate-700 dark:text-slate-300">
          {costNote ? `Each trace costs ${costNote}; r` : "R"}esults are kept and never re-requested
          on their own.
        </span>
      </div>
      <Examples
        examples={examples}
        onPick={(ex) => {
          reset(ex.values, { keepErrors: false });
          onSubmit(ex.values, ex.view);
        }}
      />
    </form>
  );
}
