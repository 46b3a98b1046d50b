/**
 * The call builder's state for a page: the ABI being pasted, the registry it joins (built-ins,
 * the devnet's contracts, the ABIs kept on this device) and the functions it offers. A pasted ABI
 * that reads is kept on the device when the user commits it.
 */
import { useMemo, useState } from "react";
import { addToStore } from "../decoding/abis";
import { useAbiRegistry } from "../decoding/useAbiRegistry";
import { listFunctions, parseAbiJson } from "./abi";

export function useCallBuilder() {
  const [abiText, setAbiText] = useState("");
  const pasted = useMemo(() => (abiText.trim() === "" ? null : parseAbiJson(abiText)), [abiText]);
  const pastedAbis = useMemo(() => (pasted?.ok ? [pasted.value] : []), [pasted]);
  const { registry } = useAbiRegistry(pastedAbis, { withDevnet: true });
  const functions = useMemo(
    () => listFunctions(registry, pasted?.ok ? pasted.value : []),
    [pasted, registry],
  );
  return {
    /** The registry with the pasted ABI (the builder's functions, decoding as typed). */
    registry,
    /** The pasted ABI alone, for the decoding registry's extra layer. */
    pastedAbis,
    /** The EstimateForm's call builder props. */
    formProps: {
      registry,
      functions,
      abiText,
      onAbiText: setAbiText,
      onAbiCommit: () => {
        if (!pasted?.ok || pasted.value.length === 0) return;
        try {
          addToStore(abiText);
        } catch {
          // checked above; storage problems leave the ABI working for this session
        }
      },
      abiError: pasted && !pasted.ok ? pasted.message : null,
    },
  };
}
