/** The links from a trace (or one of its frames) to the app's other views. */
import { href } from "../../routing/links";
import { minedSimulateLink, parentBlock, simulateHref } from "../../routing/simulateLink";
import type { TraceRequest } from "./params";
import type { CallFrame } from "../../trace/result";

export interface OnwardLink {
  label: string;
  href: string;
  /** What following the link means, when its name cannot say it all. */
  description?: string;
}

export function onwardLinks(
  f: CallFrame,
  /** The whole transaction (its top frame), or one frame of it. */
  whole: boolean,
  at: {
    request: TraceRequest | null;
    blockHash: string | null;
    txIndex: string | null;
    /** The transaction's block number and gas limit (eth_getTransactionByHash), when known. */
    blockNumber?: string | null;
    gasLimit?: string | null;
  },
): OnwardLink[] {
  const { request, blockHash, txIndex } = at;
  const out: OnwardLink[] = [];
  if (whole && request)
    out.push({
      label: "Transaction card",
      href:
        blockHash && txIndex
          ? href("tx", { blockHash, index: txIndex })
          : href("tx", { hash: request.hash }),
    });
  if (whole && blockHash)
    out.push({ label: "Logs of its block", href: href("logs", { blockHash }) });
  const to = typeof f.to === "string" ? f.to : undefined;
  if (!whole && blockHash && to)
    out.push({
      label: `Logs of ${to} in this block`,
      href: href("logs", { blockHash, address: to }),
    });
  const type = String(f.type).toUpperCase();
  if (to && (type === "CALL" || type === "STATICCALL"))
    out.push({
      label: whole ? "Estimate this call again" : "Estimate this call",
      href: href("estimate", {
        from: f.from,
        to,
        value: type === "CALL" && f.value && f.value !== "0x0" ? f.value : undefined,
        data: typeof f.input === "string" && f.input !== "0x" ? f.input : undefined,
      }),
    });
  if (!whole && to && (type === "CALL" || type === "STATICCALL"))
    out.push({
      label: "Simulate this call",
      href: simulateHref({
        from: f.from,
        to,
        value: type === "CALL" ? f.value : null,
        data: f.input ?? null,
        gas: f.gas ?? null,
        block: parentBlock(at.blockNumber ?? null),
      }),
      description:
        "Runs this inner call alone, from its caller, on the state before the block: what ran before it in the transaction is not replayed, so the result can differ.",
    });
  if (whole && request) {
    // The top frame of a creation names the created contract as `to`: the call itself has none.
    const creation = type.startsWith("CREATE");
    const simulate = minedSimulateLink({
      hash: request.hash,
      from: f.from,
      to: creation ? null : (to ?? null),
      value: f.value ?? null,
      input: f.input ?? null,
      // The transaction's own gas limit; the top frame's gas where the node did not say.
      gas: at.gasLimit ?? f.gas ?? null,
      blockNumber: at.blockNumber ?? null,
    });
    out.push({ label: "Simulate", href: simulate.href, description: simulate.note });
  }
  return out;
}
