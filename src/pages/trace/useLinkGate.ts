/**
 * The page's side of the link gate (gate.ts): whether the link's request waits for the user's
 * press. What the user asked for themselves (the form, an example, "Run this tracer") and what
 * once ran is approved for this page's life, for that request on that endpoint: moving through
 * frames, or back to the link, never stops it again.
 */
import { useCallback, useState } from "react";
import type { ResolvedEndpoint } from "../../endpoints";
import { linkGate, spenderOf, type LinkCost } from "./gate";
import { toParams, type TraceRequest } from "./params";

function approvalKey(endpoint: ResolvedEndpoint, request: TraceRequest): string {
  return `${endpoint.cacheId}\n${JSON.stringify(toParams(request))}`;
}

export interface LinkGateState {
  /** Why the link's request waits; null when it is sent (or nothing is to be sent). */
  waiting: LinkCost[] | null;
  /** The user asks for `request` (pressed "Run this tracer", or submitted the form). */
  approve: (request: TraceRequest) => void;
}

export function useLinkGate(
  request: TraceRequest | null,
  endpoint: ResolvedEndpoint | null,
  /** The link names the endpoint in use itself (`rpc=`). */
  linkEndpoint: boolean,
): LinkGateState {
  const [approved, setApproved] = useState<ReadonlySet<string>>(() => new Set());
  const key = request && endpoint ? approvalKey(endpoint, request) : null;
  const reasons =
    request && endpoint && key && !approved.has(key)
      ? linkGate(request, spenderOf(endpoint.provider, linkEndpoint))
      : null;
  // A request sent without asking stays sent when the link later drops `rpc=` (in-app moves).
  if (key && reasons === null && !approved.has(key)) setApproved((s) => new Set(s).add(key));
  const approve = useCallback(
    (r: TraceRequest) => {
      if (!endpoint) return;
      const k = approvalKey(endpoint, r);
      setApproved((s) => (s.has(k) ? s : new Set(s).add(k)));
    },
    [endpoint],
  );
  return { waiting: reasons, approve };
}
