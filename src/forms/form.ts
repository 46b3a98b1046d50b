/**
 * A link's field problems as react-hook-form errors (the `errors` option of useForm), so a deep
 * link that cannot be run shows the same field messages as the same text typed and submitted.
 */
import type { FieldErrors, FieldValues } from "react-hook-form";

export interface FieldIssue {
  /** The field's path in the form values, e.g. `["addresses", 1, "value"]`. */
  path: readonly (string | number)[];
  message: string;
}

interface Leaf {
  type: "link";
  message: string;
}
interface ErrorTree {
  [key: string]: ErrorTree | Leaf;
}
const isLeaf = (x: ErrorTree | Leaf): x is Leaf => typeof x.message === "string";

/** The first problem of each field (as the zod resolver keeps it), nested along its path. */
export function linkFieldErrors<T extends FieldValues>(
  problems: readonly FieldIssue[] | Readonly<Partial<Record<string, string>>>,
): FieldErrors<T> {
  const issues: readonly FieldIssue[] = Array.isArray(problems)
    ? problems
    : Object.entries(problems).flatMap(([name, message]) =>
        message === undefined ? [] : [{ path: [name], message }],
      );
  const tree: ErrorTree = {};
  for (const { path, message } of issues) {
    const keys = path.map(String);
    const last = keys.pop();
    if (last === undefined) continue;
    let node = tree;
    for (const key of keys) {
      const child = node[key];
      if (child && !isLeaf(child)) node = child;
      else {
        const fresh: ErrorTree = {};
        node[key] = fresh;
        node = fresh;
      }
    }
    if (!(last in node)) node[last] = { type: "link", message };
  }
  // Index keys as object keys: react-hook-form reads errors by path (`addresses.0.value`).
  return tree as FieldErrors<T>;
}

/**
 * The options every method form shares: the link's errors are set just before its values
 * arrive, so that reset keeps them; fields are checked on submit, then again as they change.
 */
export const LINKED_FORM = {
  resetOptions: { keepErrors: true },
  mode: "onSubmit",
  reValidateMode: "onChange",
} as const;
