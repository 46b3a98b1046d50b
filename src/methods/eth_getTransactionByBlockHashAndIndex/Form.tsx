import { useForm, useWatch, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Field } from "../../ui";
import {
  BLOCK_HASH_LABEL,
  INDEX_LABEL,
  TX_HASH_LABEL,
  txFormSchema,
  type LookupBy,
  type TxFormValues,
  type TxLookup,
} from "./params";
import { LINKED_FORM } from "../../shared/form";

export interface Example {
  label: string;
  lookup: TxLookup;
}

export interface TxFormProps {
  /**
   * The values the route's search params hold (a deep link, or the last submit). The form resets
   * to them when they change, and only then: typed text survives other re-renders.
   */
  values: TxFormValues;
  /** Field errors of a link that cannot be run: shown at once, nothing is sent. */
  linkErrors: FieldErrors<TxFormValues>;
  onSubmit: (lookup: TxLookup) => void;
  examples: Example[];
  onExample: (lookup: TxLookup) => void;
  /** A lookup is in sight (the pointer or focus is on the form): its code may start loading. */
  onActive?: () => void;
}

// Short names: the field labels ("Block hash", "Transaction hash") must stay the only labels
// that contain those words, so a label lookup finds the field and not the mode.
const MODES: { by: LookupBy; label: string }[] = [
  { by: "hash", label: "tx hash" },
  { by: "block", label: "block + index" },
];

export function TxForm({
  values,
  linkErrors,
  onSubmit,
  examples,
  onExample,
  onActive,
}: TxFormProps) {
  const { register, handleSubmit, formState, control } = useForm<TxFormValues, unknown, TxLookup>({
    resolver: zodResolver(txFormSchema),
    values,
    errors: linkErrors,
    ...LINKED_FORM,
  });

  const { errors } = formState;
  const by = useWatch({ control, name: "by" });
  return (
    <form
      noValidate
      aria-label="Transaction lookup"
      onSubmit={(e) => void handleSubmit(onSubmit)(e)}
      onFocus={onActive}
      onPointerEnter={onActive}
      className="flex flex-col gap-3"
    >
      <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <legend className="float-left mr-1 font-medium text-slate-700 dark:text-slate-200">
          Look up by
        </legend>
        {MODES.map((m) => (
          <label key={m.by} className="flex items-center gap-1">
            <input type="radio" value={m.by} {...register("by")} />
            {m.label}
          </label>
        ))}
      </fieldset>
      {by === "hash" ? (
        <Field
          label={TX_HASH_LABEL}
          placeholder="0x… (64 hex digits)"
          error={errors.hash?.message}
          hint="The transaction's own hash, as a wallet or explorer shows it."
          {...register("hash")}
        />
      ) : (
        <div className="grid grid-cols-1 gap-3 md:grid-cols-[minmax(0,1fr)_12rem]">
          <Field
            label={BLOCK_HASH_LABEL}
            placeholder="0x… (64 hex digits)"
            error={errors.blockHash?.message}
            hint="The hash of the block that holds the transaction. Holding the transaction's own hash? Look up by tx hash."
            {...register("blockHash")}
          />
          <Field
            label={INDEX_LABEL}
            placeholder="0"
            inputMode="numeric"
            error={errors.index?.message}
            hint="Position in the block: 5 or 0x5."
            {...register("index")}
          />
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="primary">
          Look up transaction
        </Button>
        {examples.map((ex) => (
          <Button key={ex.label} onClick={() => onExample(ex.lookup)} className="text-xs">
            {ex.label}
          </Button>
        ))}
      </div>
    </form>
  );
}
