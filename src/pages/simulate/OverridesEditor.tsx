import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { Button } from "../../ui";
import { AccountEditor, focusIds } from "./AccountEditor";
import { BlockOverridesEditor } from "./BlockOverridesEditor";
import {
  checkAccounts,
  checkBlockOverrides,
  newAccountRow,
  type AccountRow,
  type BlockOverrideValues,
} from "../../simulation/overrides";

export interface OverridesEditorProps {
  accounts: AccountRow[];
  onAccounts: (rows: AccountRow[]) => void;
  block: BlockOverrideValues;
  onBlock: (v: BlockOverrideValues) => void;
  /** show problems for fields not yet touched too (after a submit) */
  showAll: boolean;
}

/**
 * The simulation's state overrides (one group per account) and block overrides, checked as typed:
 * a field's problem shows once the user changed or left it, and every problem once `showAll`.
 * Controlled: the rows live with the page, which checks them again to build the request.
 */
export function OverridesEditor({
  accounts,
  onAccounts,
  block,
  onBlock,
  showAll,
}: OverridesEditorProps) {
  const base = useId();
  const addId = `${base}-add-override`;
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const touch = useCallback(
    (key: string) => setTouched((prev) => (prev.has(key) ? prev : new Set(prev).add(key))),
    [],
  );
  const shown = useCallback((key: string) => showAll || touched.has(key), [showAll, touched]);

  const accountCheck = useMemo(() => checkAccounts(accounts), [accounts]);
  const blockCheck = useMemo(() => checkBlockOverrides(block), [block]);
  const accountProblems = accountCheck.ok ? {} : accountCheck.problems;
  const blockProblems = blockCheck.ok ? {} : blockCheck.problems;

  // Focus follows an added row (its first input) or leaves a removed one for the nearest button,
  // so keyboard users are never dropped at the top of the page.
  const pendingFocus = useRef<string | null>(null);
  const focusNext = useCallback((id: string) => {
    pendingFocus.current = id;
  }, []);
  useEffect(() => {
    const id = pendingFocus.current;
    if (id === null) return;
    pendingFocus.current = null;
    document.getElementById(id)?.focus();
  }, [accounts]);

  const add = () => {
    const row = newAccountRow();
    onAccounts([...accounts, row]);
    focusNext(focusIds.address(base, row.id));
  };
  const remove = (index: number) => {
    const next = accounts.filter((_, i) => i !== index);
    const after = next[index];
    onAccounts(next);
    focusNext(after ? focusIds.address(base, after.id) : addId);
  };

  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-3 rounded border border-slate-200 p-3 dark:border-slate-700">
        <legend className="px-1 text-sm font-semibold">State overrides</legend>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Change an account&apos;s balance, nonce, code or storage for this call only (sent as the
          tracer&apos;s stateOverrides; nothing is written to the chain).
        </p>
        {accounts.length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            No state overrides: the call runs on the block&apos;s state as it is.
          </p>
        ) : null}
        {accounts.map((row, i) => (
          <AccountEditor
            key={row.id}
            row={row}
            index={i}
            base={base}
            problems={accountProblems[row.id]}
            shown={shown}
            touch={touch}
            onChange={(changed) =>
              onAccounts(accounts.map((r) => (r.id === changed.id ? changed : r)))
            }
            onRemove={() => remove(i)}
            focusNext={focusNext}
          />
        ))}
        <div>
          <Button id={addId} onClick={add}>
            Add state override
          </Button>
        </div>
      </fieldset>
      <BlockOverridesEditor
        block={block}
        onBlock={onBlock}
        problems={blockProblems}
        shown={shown}
        touch={touch}
      />
    </div>
  );
}
