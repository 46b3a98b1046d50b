/**
 * The link ↔ form rule the estimate and the dry-run pages share. The form shows a link's values
 * when the link arrives from outside (a pasted link, Back, another view's link), and the values as
 * typed when the page's own submit wrote the link: "1500000000 gwei" stays as typed instead of
 * coming back as "1.5 ether", and the state override rows stay as edited. A link runs on load
 * when it is complete; otherwise its request runs once the form submitted exactly that link.
 */
import { useState } from "react";

export interface LinkFormSync<T> {
  /** What the form shows. */
  values: T;
  /** Edits kept beside the form (the overrides editor's rows). */
  update: (change: (values: T) => T) => void;
  /** Whether the form's own submit wrote (or re-submitted) this link. */
  submitted: (linkKey: string) => boolean;
  /**
   * The form submitted `values` as the link `nextKey`: true when that is the link shown already
   * (the page asks again), false when the page is to write it (it then shows `values` as typed).
   */
  submit: (nextKey: string, values: T) => boolean;
}

/**
 * `linkKey`: the link's request params as a string (a new one is a new link); `fromLink`: the
 * form's values read from that link, called when it changes from outside.
 */
export function useLinkFormSync<T>(linkKey: string, fromLink: () => T): LinkFormSync<T> {
  const [seen, setSeen] = useState(linkKey);
  const [pendingOwn, setPendingOwn] = useState<string | null>(null);
  const [values, setValues] = useState(fromLink);
  const [submitted, setSubmitted] = useState<string | null>(null);
  if (linkKey !== seen) {
    setSeen(linkKey);
    if (linkKey === pendingOwn) setPendingOwn(null);
    else setValues(fromLink());
  }
  return {
    values,
    update: (change) => setValues(change),
    submitted: (key) => submitted === key,
    submit: (nextKey, next) => {
      setSubmitted(nextKey);
      if (nextKey === linkKey) return true;
      setPendingOwn(nextKey);
      setValues(next);
      return false;
    },
  };
}
