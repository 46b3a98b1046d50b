import { useForm, useWatch, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Field } from "../../ui";
import {
  BLOCK_HASH_LABEL,
  hashWinsOverBlock,
  INDEX_LABEL,
  TX_HASH_LABEL,
  type TxFormValues,
  type TxLookup,
} from "./params";
import { txFormSchema } from "./formSchema";
import { LINKED_FORM } from "../../forms/form";

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
  // Both ways are on the form at once; what is filled decides which runs (params.ts checkValues).
  const watched = useWatch({ control });
  const hashWins = hashWinsOverBlock({
    hash: watched.hash ?? "",
    blockHash: watched.blockHash ?? "",
    index: watched.index ?? "",
  });
  return (
    <form
      noValidate
      aria-label="Transaction lookup"
      onSubmit={(e) => void handleSubmit(onSubmit)(e)}
      onFocus={onActive}
      onPointerEnter={onActive}
      className="flex flex-col gap-3"
    >
      <Field
        label={TX_HASH_LABEL}
        placeholder="0x… (64 hex digits)"
        error={errors.hash?.message}
        hint="The transaction's own hash, as a wallet or explorer shows it."
        {...register("hash")}
      />
      {/* The legend names the pair without the fields' words: their labels stay the only ones. */}
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="mb-2 text-sm text-slate-600 dark:text-slate-400">
          or by its place in a block:
        </legend>
        <div className="grid grid-cols-1 gap-3 md:grid-cols-[minmax(0,1fr)_12rem]">
          <Field
            label={BLOCK_HASH_LABEL}
            placeholder="0x… (64 hex digits)"
            error={errors.blockHash?.message}
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
        {/* Always mounted, so a screen reader hears the note when it appears. */}
        <p role="status" className="text-xs text-slate-600 dark:text-slate-400">
          {hashWins
            ? "The transaction hash is what is looked up: the block and index are ignored while it is filled in."
            : null}
        </p>
      </fieldset>
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
