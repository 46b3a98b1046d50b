import {
  forwardRef,
  useId,
  useState,
  type ClipboardEvent,
  type TextareaHTMLAttributes,
} from "react";
import { useFieldArray, useForm, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Field } from "../../ui";
import { addressToTopic } from "../../logs/decode";
import {
  addressLabel,
  emptyForm,
  splitList,
  topicLabel,
  TOPIC_POSITIONS,
  type LogFilter,
  type LogsFormValues,
} from "../../logs/params";
import { logsFormSchema } from "../../logs/formSchema";
import { Examples } from "../../forms/Examples";
import { LINKED_FORM } from "../../forms/form";

export interface Example {
  label: string;
  values: LogsFormValues;
}

export interface LogsFormProps {
  /**
   * The values the route's search params hold (a deep link, or the last submit). The form resets
   * to them when they change, and only then: typed text survives other re-renders.
   */
  values: LogsFormValues;
  /** Field errors of a deep link with filter params that cannot be run: shown at once. */
  linkErrors: FieldErrors<LogsFormValues>;
  onSubmit: (values: LogsFormValues, filter: LogFilter) => void;
  /** Registers an event signature for decoding; returns its topic0 or throws with the reason. */
  registerSignature: (signature: string) => string;
  examples: Example[];
  /** Clear also drops the results and the link's filter (the page owns those). */
  onClear?: () => void;
}

export function LogsForm({
  values,
  linkErrors,
  onSubmit,
  registerSignature,
  examples,
  onClear,
}: LogsFormProps) {
  const form = useForm<LogsFormValues, unknown, LogFilter>({
    resolver: zodResolver(logsFormSchema),
    values,
    errors: linkErrors,
    ...LINKED_FORM,
  });
  const { register, control, handleSubmit, formState, setValue, getValues, reset } = form;
  const addresses = useFieldArray({ control, name: "addresses" });
  const [signature, setSignature] = useState("");
  const [signatureError, setSignatureError] = useState<string | null>(null);
  const [helperNote, setHelperNote] = useState<string | null>(null);

  const submit = handleSubmit((filter) => onSubmit(getValues(), filter));

  const pasteAddresses = (index: number) => (e: ClipboardEvent<HTMLInputElement>) => {
    const items = splitList(e.clipboardData.getData("text"));
    if (items.length < 2) return;
    e.preventDefault();
    const [first = "", ...rest] = items;
    setValue(`addresses.${index}.value`, first, { shouldDirty: true });
    addresses.insert(
      index + 1,
      rest.map((value) => ({ value })),
      { shouldFocus: false },
    );
  };

  const useSignature = () => {
    try {
      const topic0 = registerSignature(signature);
      const current = splitList(getValues("topics.0"));
      if (!current.map((t) => t.toLowerCase()).includes(topic0.toLowerCase())) {
        setValue("topics.0", current.length ? [...current, topic0].join(", ") : topic0, {
          shouldDirty: true,
          shouldValidate: formState.isSubmitted,
        });
      }
      setSignatureError(null);
      setHelperNote(`Topic 0 set to ${topic0}; logs with this event are decoded.`);
    } catch (e) {
      setSignatureError(
        `Event signature: ${e instanceof Error ? e.message.split("\n")[0] : String(e)} — expected e.g. Transfer(address indexed from, address indexed to, uint256 value)`,
      );
    }
  };

  const padAddresses = () => {
    let changed = 0;
    for (let i = 0; i < TOPIC_POSITIONS; i++) {
      const items = splitList(getValues(`topics.${i}`));
      const next = items.map((t) => {
        if (/^0x[0-9a-fA-F]{40}$/.test(t)) {
          changed++;
          return addressToTopic(t);
        }
        return t;
      });
      if (next.join() !== items.join())
        setValue(`topics.${i}`, next.join(", "), {
          shouldDirty: true,
          shouldValidate: formState.isSubmitted,
        });
    }
    setHelperNote(
      changed
        ? `Padded ${changed} address${changed > 1 ? "es" : ""} to 32-byte topics.`
        : "No 20-byte address found in the topic fields: paste one into a topic field first.",
    );
  };

  const err = formState.errors;
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="flex flex-col gap-3"
      aria-label="Log filter"
    >
      <Examples
        examples={examples}
        caption="Examples:"
        onPick={(ex) => {
          reset(ex.values, { keepErrors: false });
          void handleSubmit((filter) => onSubmit(ex.values, filter))();
        }}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Field
          label="From block"
          placeholder="e.g. 1200, 0x4b0, latest"
          error={err.fromBlock?.message}
          {...register("fromBlock")}
        />
        <Field
          label="To block"
          placeholder="e.g. latest"
          error={err.toBlock?.message}
          {...register("toBlock")}
        />
        <Field
          label="Block hash"
          placeholder="0x… (instead of a range)"
          error={err.blockHash?.message}
          {...register("blockHash")}
        />
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold">Contracts (any of)</legend>
        {addresses.fields.map((f, i) => (
          <div key={f.id} className="flex items-end gap-2">
            <Field
              className="flex-1"
              label={addressLabel(i)}
              placeholder="0x… (paste a list to add several)"
              error={err.addresses?.[i]?.value?.message}
              onPaste={pasteAddresses(i)}
              {...register(`addresses.${i}.value`)}
            />
            {addresses.fields.length > 1 ? (
              <Button onClick={() => addresses.remove(i)} className="mb-0.5">
                Remove<span className="sr-only"> {addressLabel(i)}</span>
              </Button>
            ) : null}
          </div>
        ))}
        <div>
          <Button onClick={() => addresses.append({ value: "" })}>Add address</Button>
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold">
          Topics (per position: empty = any, several values = OR)
        </legend>
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
          {Array.from({ length: TOPIC_POSITIONS }, (_, i) => (
            <TextAreaField
              key={i}
              label={topicLabel(i)}
              rows={1}
              placeholder={
                i === 0
                  ? "event topic0, or empty for any"
                  : "0x… 32 bytes; commas or new lines for OR"
              }
              error={err.topics?.[i]?.message}
              {...register(`topics.${i}`)}
            />
          ))}
        </div>
        {err.topics?.message ? (
          <p role="alert" className="text-xs text-red-700 dark:text-red-300">
            {err.topics.message}
          </p>
        ) : null}
        <div className="flex flex-wrap items-end gap-2">
          <Field
            className="min-w-[16rem] flex-1"
            label="Event signature"
            mono
            placeholder="Transfer(address indexed from, address indexed to, uint256 value)"
            value={signature}
            onChange={(e) => setSignature(e.target.value)}
            error={signatureError ?? undefined}
          />
          <Button onClick={useSignature} className="mb-0.5">
            Use as topic 0
          </Button>
          <Button onClick={padAddresses} className="mb-0.5">
            Address to topic
          </Button>
        </div>
        <p className="text-xs text-slate-700 dark:text-slate-300" aria-live="polite">
          {helperNote ??
            "Paste an address into a topic field and press “Address to topic” to pad it to 32 bytes."}
        </p>
      </fieldset>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary">
          Get logs
        </Button>
        <Button
          onClick={() => {
            reset(emptyForm(), { keepErrors: false });
            setSignature("");
            setSignatureError(null);
            onClear?.();
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
}

const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, className = "", ...rest },
  ref,
) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        spellCheck={false}
        autoComplete="off"
        className={`w-full resize-y rounded border px-2 py-1.5 font-mono text-xs dark:bg-slate-900 ${
          error ? "border-red-600 dark:border-red-400" : "border-slate-300 dark:border-slate-600"
        }`}
        {...rest}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
});
