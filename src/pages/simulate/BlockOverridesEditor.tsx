import { useState, type ChangeEvent } from "react";
import { Field } from "../../ui";
import type { BlockOverrideValues, BlockProblems } from "../../simulation/overrides";

export interface BlockOverridesEditorProps {
  block: BlockOverrideValues;
  onBlock: (v: BlockOverrideValues) => void;
  problems: BlockProblems;
  shown: (key: string) => boolean;
  touch: (key: string) => void;
}

export const blockKey = (field: keyof BlockOverrideValues) => `block.${field}`;

const FIELDS: readonly {
  field: keyof BlockOverrideValues;
  label: string;
  placeholder: string;
  hint: string;
}[] = [
  {
    field: "number",
    label: "Block number",
    placeholder: "the block's own",
    hint: "what NUMBER (block.number) reads: decimal or 0x hex",
  },
  {
    field: "time",
    label: "Timestamp",
    placeholder: "the block's own",
    hint: "what TIMESTAMP (block.timestamp) reads: unix seconds, decimal or 0x hex",
  },
  {
    field: "baseFee",
    label: "Base fee",
    placeholder: "the block's own",
    hint: "wei (decimal or 0x hex), or e.g. 30 gwei; sent as baseFeePerGas",
  },
];

/** Number, timestamp and base fee of the block the call runs in, folded away until wanted. */
export function BlockOverridesEditor({
  block,
  onBlock,
  problems,
  shown,
  touch,
}: BlockOverridesEditorProps) {
  const visibleProblem = FIELDS.some(({ field }) => problems[field] && shown(blockKey(field)));
  const filled = FIELDS.some(({ field }) => block[field].trim() !== "");
  // Opens by itself when values arrive (a link) or a shown problem sits inside; the user may
  // close it again, until the next such change.
  const want = filled || visibleProblem;
  const [open, setOpen] = useState(want);
  const [lastWant, setLastWant] = useState(want);
  if (want !== lastWant) {
    setLastWant(want);
    if (want) setOpen(true);
  }

  return (
    <details
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      className="rounded border border-slate-200 p-2 dark:border-slate-700"
    >
      <summary className="cursor-pointer text-sm font-semibold">Block overrides</summary>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        Not every node applies block overrides in debug_traceCall: some ignore them without an
        error, so check the result (e.g. a call that reads block.number). Empty fields keep the
        block's own values.
      </p>
      <div className="mt-2 grid gap-3 md:grid-cols-3">
        {FIELDS.map(({ field, label, placeholder, hint }) => (
          <Field
            key={field}
            label={label}
            placeholder={placeholder}
            hint={hint}
            value={block[field]}
            error={shown(blockKey(field)) ? problems[field] : undefined}
            onChange={(e: ChangeEvent<HTMLInputElement>) => {
              touch(blockKey(field));
              onBlock({ ...block, [field]: e.target.value });
            }}
            onBlur={() => touch(blockKey(field))}
          />
        ))}
      </div>
    </details>
  );
}
