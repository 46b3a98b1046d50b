/**
 * The devnet's simulation examples, as links (each opens a simulation and runs it, like any deep
 * link): calls from the devnet's manifest, some with the state overrides that change their fate.
 */
import { simulateHref } from "../../routing/simulateLink";
import type { DevnetManifest } from "../../connection/manifest";

export interface SimulateExample {
  label: string;
  href: string;
}

export function examplesFrom(devnet: DevnetManifest | null): SimulateExample[] {
  if (!devnet) return [];
  const out: SimulateExample[] = [];
  const add = (
    label: string,
    call: DevnetManifest["calls"][string] | undefined,
    opts: { overrides?: boolean; view?: string } = {},
  ) => {
    if (!call || (!call.to && !call.data)) return;
    const overrides = opts.overrides && call.stateOverrides ? call.stateOverrides : null;
    if (opts.overrides && !overrides) return;
    out.push({
      label,
      href: simulateHref(
        {
          ...call,
          block: "latest",
          overrides: overrides ? JSON.stringify(overrides) : undefined,
        },
        opts.view,
      ),
    });
  };
  add("try: nested calls", devnet.calls.nestedCall);
  add("try: reverting call", devnet.calls.revertingCall);
  add("try: custom error", devnet.calls.customErrorCall);
  add("try: a storage override lifts the revert", devnet.calls.unlockedTransfer, {
    overrides: true,
  });
  add("try: an empty account pays (balance override)", devnet.calls.emptyPayer, {
    overrides: true,
    view: "balances",
  });
  add("try: the same without the override", devnet.calls.emptyPayer);
  return out;
}
