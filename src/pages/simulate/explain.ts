/**
 * A refused simulation, told for a person: the node's refusal read as the estimate reads it
 * (src/call/explain.ts: funds, nonce, fees, gas, an unsupported method), with what to try
 * here, where state overrides can lift most refusals. No React.
 */
import type { AbiRegistry } from "../../chain";
import { explainError } from "../../call/explain";
import { METHOD } from "../../simulation/query";
import type { SimulateRequest } from "../../simulation/params";

export interface Refusal {
  title: string;
  hint: string | null;
  /** The same call with a state override that lifts the refusal, when one does. */
  retryWith: SimulateRequest | null;
}

/** What the quick fix gives From: enough for any test call, and obviously not a real balance. */
export const FUNDED_BALANCE = 100n * 10n ** 18n;

const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";

/** The call with From's balance overridden (its other overrides kept). */
export function withFundedSender(r: SimulateRequest): SimulateRequest {
  const from = r.tx.from ?? ZERO_ADDRESS;
  const overrides = { ...(r.overrides ?? {}) };
  const key = Object.keys(overrides).find((a) => a.toLowerCase() === from.toLowerCase()) ?? from;
  overrides[key] = { ...overrides[key], balance: `0x${FUNDED_BALANCE.toString(16)}` };
  return { ...r, overrides };
}

function overridesBalanceOf(r: SimulateRequest, address: string | undefined): boolean {
  if (!r.overrides) return false;
  const want = (address ?? ZERO_ADDRESS).toLowerCase();
  return Object.entries(r.overrides).some(
    ([a, o]) => a.toLowerCase() === want && o.balance !== undefined,
  );
}

export function explainRefusal(
  error: unknown,
  r: SimulateRequest,
  registry?: AbiRegistry,
): Refusal {
  const x = explainError(error, registry, r.tx.to ?? null);
  switch (x.kind) {
    case "insufficient-funds":
      return overridesBalanceOf(r, r.tx.from)
        ? {
            retryWith: null,
            title: "The node ignored the balance override",
            hint: "The state overrides give From a balance, yet the node says it cannot pay: this node does not apply stateOverrides in debug_traceCall. Try a node that does (geth, Erigon, Nethermind, Reth, anvil), or lower Value.",
          }
        : {
            retryWith: withFundedSender(r),
            title: "Insufficient funds",
            hint: `From cannot pay Value plus gas × gas price${r.tx.from ? "" : " (an empty From is the zero address, which holds nothing)"}. Add a state override that gives From a balance (e.g. 100 ether) and simulate again, or lower Value.`,
          };
    case "unsupported-method":
      return {
        retryWith: null,
        title: `This endpoint does not offer ${METHOD}`,
        hint: "Simulation needs a node with the debug namespace: geth, Erigon, Nethermind, Reth, Besu or anvil. Connect a custom JSON-RPC URL of such a node (your own, or a provider plan that includes debug methods), or choose a trace network that serves it.",
      };
    case "other":
      return { title: "The simulation failed", hint: null, retryWith: null };
    default:
      return { title: x.title, hint: x.hint, retryWith: null };
  }
}
