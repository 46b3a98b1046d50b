/**
 * The registry a transaction list names its methods with: the services asked about the list's
 * selectors and callees (useDecodingRegistry). The keys change only when their content does, and
 * while the services are asked about new rows the names already known stay (no flash back to
 * selectors).
 */
import { useState } from "react";
import type { AbiRegistry } from "../chain";
import type { ResolvedEndpoint } from "../endpoints";
import { callDecodingKeys, type CallShape } from "./methodText";
import { useDecodingRegistry } from "./useDecodingRegistry";

export function useCallDecoding(
  endpoint: ResolvedEndpoint | null,
  txs: readonly Pick<CallShape, "selector" | "to">[] | null,
): AbiRegistry {
  const next = txs ? callDecodingKeys(txs) : null;
  const text = next ? JSON.stringify(next) : "";
  const [keys, setKeys] = useState({ text, keys: next });
  if (keys.text !== text) setKeys({ text, keys: next });
  const decoding = useDecodingRegistry(endpoint, keys.keys);
  const [settled, setSettled] = useState(decoding.registry);
  if (!decoding.pending && settled !== decoding.registry) setSettled(decoding.registry);
  return decoding.pending ? settled : decoding.registry;
}
