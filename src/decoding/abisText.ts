/**
 * Where the user's ABIs are kept (abis.ts reads and writes them): the stored text alone, with
 * nothing of the registry, so a view can tell whether anything is stored without loading the
 * ABI parser (the transaction form's first visit: DeferredAbiPanel.tsx).
 */
import { storedValue } from "../platform/storage";

export const ABIS_STORAGE_KEY = "nodescope.abis";

/**
 * The stored text as is (empty when nothing is stored): cheap to read on every render;
 * registries are rebuilt only when it changes. Views read it with `useStore`.
 */
export const storedAbisText = storedValue<string>(
  ABIS_STORAGE_KEY,
  (text) => text ?? "",
  (text) => (text === "" ? null : text),
);
