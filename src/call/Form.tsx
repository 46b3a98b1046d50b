import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useMemo, useState, type ReactNode } from "react";
import { useForm, type FieldErrors } from "react-hook-form";
import type { AbiFunction } from "viem";
import { Button, Field } from "../ui";
import type { AbiRegistry } from "../chain";
import { decodeData } from "./abi";
import { CallBuilder } from "./CallBuilder";
import { BLOCK_TAGS, estimateFormSchema, VALUE_UNITS, type EstimateFormValues } from "./params";
import { Examples } from "../forms/Examples";
import { LINKED_FORM } from "../forms/form";

export interface EstimateExample {
  label: string;
  values: EstimateFormValues;
  /** The ABI of the contract the example calls (to pick its functions and decode its errors). */
  abi: string | null;
}

export interface EstimateFormProps {
  /**
   * What the form shows: a link's values, or the last submit's as typed. The form resets to them
   * when they change, and only then: typed text survives other re-renders.
   */
  values: EstimateFormValues;
  /** Field errors of a link that cannot be run: shown at once, nothing is sent. */
  linkErrors: FieldErrors<EstimateFormValues>;
  onSubmit: (values: EstimateFormValues) => void;
  examples: readonly EstimateExample[];
  busy: boolean;
  registry: AbiRegistry;
  functions: readonly AbiFunction[];
  abiText: string;
  onAbiText: (text: string) => void;
  onAbiCommit: () => void;
  abiError: string | null;
  /** What the submit button says (and the form is named after): "Estimate gas", "Simulate". */
  submitLabel?: string;
  /** The Block field's hint (what an empty Block means differs: not sent, or `latest`). */
  blockHint?: string;
  /** The form's accessible name. */
  formLabel?: string;
  /** Said while the request runs. */
  busyLabel?: string;
  /**
   * A second action for the same call, beside the submit button (the estimate form's "Simulate"):
   * the fields are checked first, as for a submit.
   */
  secondary?: { label: string; onRun: (values: EstimateFormValues) => void };
  /** More of the request, between the call's fields and the buttons (the simulation's overrides). */
  children?: ReactNode;
}

const ADVANCED = ["gas", "gasPrice", "maxFeePerGas", "maxPriorityFeePerGas", "nonce"] as const;

export function EstimateForm(props: EstimateFormProps) {
  const { values, linkErrors, onSubmit, examples, busy, registry } = props;
  const submitLabel = props.submitLabel ?? "Estimate gas";
  const ids = useId();
  const form = useForm<EstimateFormValues>({
    resolver: zodResolver(estimateFormSchema),
    values,
    errors: linkErrors,
    ...LINKED_FORM,
  });
  const { register, handleSubmit, formState, reset, trigger, watch, setValue } = form;
  const errors = formState.errors;
  const [builderFn, setBuilderFn] = useState<AbiFunction | null>(null);
  const hasAdvanced = (v: EstimateFormValues) => ADVANCED.some((k) => v[k] !== "");
  const [advancedOpen, setAdvancedOpen] = useState(() => hasAdvanced(values));
  // New values with advanced fields open the section (the user may close it again).
  const [shownValues, setShownValues] = useState(values);
  if (values !== shownValues) {
    setShownValues(values);
    if (hasAdvanced(values)) setAdvancedOpen(true);
  }

  // eslint-disable-next-line react-hooks/incompatible-library -- watch() re-renders on these fields, as intended
  const [to, data] = watch(["to", "data"]);
  const decoded = useMemo(() => decodeData(data, registry, builderFn), [data, registry, builderFn]);
  const advancedError = ADVANCED.some((k) => errors[k]);
  const submit = handleSubmit((v) => onSubmit(v));
  // Contract creation only once there is init code and no To; an empty form is nothing yet.
  const creation = to.trim() === "" && data.trim() !== "" && data.trim() !== "0x";

  const dataHint = (
    <>
      {creation ? (
        <span className="block">
          To is empty, so this is a contract creation: Data is the init code (bytecode followed by
          the constructor arguments).
        </span>
      ) : to.trim() === "" ? (
        <span className="block">
          The call's input: a 4-byte selector and the ABI-encoded arguments. With To empty, Data is
          estimated as a contract deployment (init code).
        </span>
      ) : (
        <span className="block">
          The call's input: a 4-byte selector and the ABI-encoded arguments. Use the call builder
          below, or paste it.
        </span>
      )}
      {decoded?.ok ? (
        <span className="mt-1 block break-all font-mono" data-testid="decoded-data">
          Decoded: {decoded.value.signature.split("(")[0]}(
          {decoded.value.args.map((a) => `${a.label.split(" ")[0]}: ${a.value}`).join(", ")})
        </span>
      ) : decoded ? (
        <span className="mt-1 block">{decoded.message}</span>
      ) : null}
    </>
  );

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="flex flex-col gap-3"
      aria-label={props.formLabel ?? "Estimate request"}
    >
      <div className="grid gap-3 md:grid-cols-2">
        <Field
          label="From"
          placeholder="0x… (optional: the sender)"
          error={errors.from?.message}
          {...register("from")}
        />
        <Field
          label="To"
          placeholder="0x… (empty: contract creation)"
          error={errors.to?.message}
          {...register("to")}
        />
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-2">
        <Field
          label="Value"
          placeholder="0 (optional)"
          inputMode="decimal"
          error={errors.value?.message}
          hint="Exact: converted to wei with integer arithmetic and sent as hex."
          {...register("value")}
        />
        <div className="flex flex-col gap-1">
          <label
            htmlFor={`${ids}-unit`}
            className="text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            Value unit
          </label>
          <select
            id={`${ids}-unit`}
            className="rounded border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900"
            {...register("valueUnit", {
              onChange: () => void (formState.isSubmitted ? trigger("value") : undefined),
            })}
          >
            {VALUE_UNITS.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Field
        label="Data"
        placeholder="0x… (optional)"
        error={errors.data?.message}
        hint={dataHint}
        {...register("data")}
      />

      <CallBuilder
        abiText={props.abiText}
        onAbiText={props.onAbiText}
        onAbiCommit={props.onAbiCommit}
        abiError={props.abiError}
        functions={props.functions}
        registry={registry}
        onFunction={setBuilderFn}
        onEncode={(hex) =>
          setValue("data", hex, { shouldValidate: formState.isSubmitted, shouldDirty: true })
        }
      />

      <details
        open={advancedOpen || advancedError}
        onToggle={(e) => setAdvancedOpen(e.currentTarget.open)}
        className="rounded border border-slate-200 p-2 dark:border-slate-700"
      >
        <summary className="cursor-pointer text-sm font-semibold">
          Advanced: gas, fees, nonce
        </summary>
        <div className="mt-2 grid gap-3 md:grid-cols-2">
          <Field
            label="Gas"
            placeholder="gas limit, e.g. 100000 or 0x186a0"
            error={errors.gas?.message}
            {...register("gas")}
          />
          <Field
            label="Gas price"
            placeholder="wei, legacy pricing"
            error={errors.gasPrice?.message}
            {...register("gasPrice")}
          />
          <Field
            label="Max fee per gas"
            placeholder="wei (EIP-1559)"
            error={errors.maxFeePerGas?.message}
            {...register("maxFeePerGas")}
          />
          <Field
            label="Max priority fee per gas"
            placeholder="wei (EIP-1559)"
            error={errors.maxPriorityFeePerGas?.message}
            {...register("maxPriorityFeePerGas")}
          />
          <Field
            label="Nonce"
            placeholder="e.g. 0"
            error={errors.nonce?.message}
            {...register("nonce")}
          />
        </div>
        <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">
          Decimal or 0x hex; sent as hex. Fees are in wei. Leave empty to let the node choose.
        </p>
      </details>

      <Field
        label="Block"
        placeholder={props.blockHint ? "latest" : "not sent (omitted)"}
        list={`${ids}-tags`}
        error={errors.block?.message}
        hint={
          props.blockHint ??
          "Empty: the block param is not sent. Or a tag (latest, earliest, pending, safe, finalized) or a block number."
        }
        {...register("block")}
      />
      <datalist id={`${ids}-tags`}>
        {BLOCK_TAGS.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>

      {props.children}

      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="primary" disabled={busy}>
          {submitLabel}
        </Button>
        {props.secondary ? (
          <Button
            onClick={() => {
              const run = props.secondary?.onRun;
              if (run) void handleSubmit((v) => run(v))();
            }}
          >
            {props.secondary.label}
          </Button>
        ) : null}
        {busy ? (
          <span className="text-xs text-slate-700 dark:text-slate-300" aria-live="polite">
            {props.busyLabel ?? "Estimating…"}
          </span>
        ) : null}
      </div>
      <Examples
        examples={examples}
        onPick={(ex) => {
          reset(ex.values, { keepErrors: false });
          if (ex.abi) props.onAbiText(ex.abi);
          onSubmit(ex.values);
        }}
      />
    </form>
  );
}
