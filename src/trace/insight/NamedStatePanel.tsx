/**
 * The State changes view with names: the diff-mode prestate asked as before (StatePanel), and once
 * it is here, its slots named (NamedStateChanges) where the storage and source context is given.
 */
import type { ComponentProps } from "react";
import type { TraceModel } from "../model";
import { NamedStateChanges } from "./NamedState";
import { StatePanel } from "./StatePanel";

export function NamedStatePanel(props: ComponentProps<typeof StatePanel> & { model: TraceModel }) {
  const { result, busy, error, model, nativeSymbol } = props;
  if (result?.kind === "diff" && !busy && !error)
    return (
      <NamedStateChanges accounts={result.accounts} model={model} nativeSymbol={nativeSymbol} />
    );
  return <StatePanel {...props} />;
}
