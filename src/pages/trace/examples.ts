/** The devnet's transactions the trace form offers as one-click fills. */
import type { DevnetManifest } from "../../connection/manifest";
import type { TraceExample } from "./Form";
import { emptyForm, type TraceFormValues } from "./params";
import type { TraceTab } from "../../trace/TraceTabs";
import { groupedNumber } from "../../ui/basics/numberText";

export function examplesFrom(devnet: DevnetManifest | null): TraceExample[] {
  if (!devnet) return [];
  const tx = devnet.transactions;
  const out: TraceExample[] = [];
  const add = (
    label: string,
    hash: string | undefined,
    extra: Partial<TraceFormValues> = {},
    view?: TraceTab,
  ) => {
    if (hash) out.push({ label, values: { ...emptyForm(), hash, ...extra }, view });
  };
  add("try: nested calls", tx.nestedCalls?.hash, { withLog: true });
  add("try: balance & state changes", tx.insight?.hash, { withLog: true });
  add("try: reverted", (tx.innerRevert ?? tx.customError)?.hash);
  add("try: state by name", tx.storage?.hash, { withLog: true }, "state");
  add("try: revert in source", tx.storage?.hash, { withLog: true }, "source");
  const large = tx.largeTrace;
  add(`try: ${large?.frames ? groupedNumber(large.frames) : "5,000"}-frame trace`, large?.hash);
  return out;
}
