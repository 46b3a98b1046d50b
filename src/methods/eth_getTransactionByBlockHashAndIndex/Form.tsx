import { useForm, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Field } from "../../ui";
import {
  BLOCK_HASH_LABEL,
  INDEX_LABEL,
  txFormSchema,
  type TxFormValues,
  type TxLookup,
} from "./params";

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
}

export function TxForm({ values, linkErrors, onSubmit, examples, onExample }: TxFormProps) {
  const { register, handleSubmit, formState } = useForm<TxFormValues, unknown, TxLookup>({
    resolver: zodResolver(txFormSchema),
    values,
    errors: linkErrors,
    // The link's errors are set just before its values arrive: the reset must not drop them.
    resetOptions: { keepErrors: true },
    mode: "onSubmit",
    reValidateMode: "onChange",
  });

  const { errors } = formState;
  return (
    <form
      noValidate
      aria-label="Transaction lookup"
      onSubmit={(e) => void handleSubmit(onSubmit)(e)}
      className="flex flex-col gap-3"
    >
      <div className="grid grid-cols-1 gap-3 md:grid-cols-[minmax(0,1fr)_12rem]">
        <Field
          label={BLOCK_HASH_LABEL}
          placeholder="0x… (64 hex digits)"
          error={errors.blockHash?.message}
          hint="The hash of the block that holds the transaction."
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
