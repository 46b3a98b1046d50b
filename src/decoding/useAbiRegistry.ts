import { useMemo } from "react";
import type { AbiRegistry } from "../chain";
import { useRpc } from "../connection/context";
import { useStore } from "../ui/store";
import { buildRegistry, storedAbisText, storedCount } from "./abis";

export interface AbiRegistryState {
  /** Built-ins + the stored user ABIs (+ the running devnet's contract ABIs, when asked for). */
  registry: AbiRegistry;
  /** How many items the user stored on this device. */
  stored: number;
}

/**
 * The shared ABI registry. Rebuilt only when the stored ABIs (or the devnet) change; an ABI added
 * in one view is seen by every other view at once (and by other tabs, via the `storage` event).
 */
const NO_EXTRA: readonly (readonly unknown[])[] = [];

/**
 * `extra`: ABIs this view has in hand but not stored (e.g. one being pasted); pass a memoised
 * array, a new one rebuilds the registry. `withDevnet`: the devnet's contract ABIs too — for the
 * call builder's examples only; views that decode what a node answered learn the devnet's
 * contracts the way they learn a real chain's, through the signature database and Sourcify
 * (the devnet serves stand-ins of both).
 */
export function useAbiRegistry(
  extra: readonly (readonly unknown[])[] = NO_EXTRA,
  { withDevnet = false }: { withDevnet?: boolean } = {},
): AbiRegistryState {
  const rpc = useRpc();
  const devnet = withDevnet ? rpc.devnet : null;
  const storedText = useStore(storedAbisText);
  const devnetAbis = useMemo(
    () =>
      Object.values(devnet?.contracts ?? {}).flatMap((c) => (Array.isArray(c.abi) ? [c.abi] : [])),
    [devnet],
  );
  const registry = useMemo(
    () => buildRegistry(storedText, extra.length === 0 ? devnetAbis : [...devnetAbis, ...extra]),
    [storedText, devnetAbis, extra],
  );
  const stored = useMemo(() => storedCount(storedText), [storedText]);
  return { registry, stored };
}
