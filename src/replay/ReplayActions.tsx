/**
 * The trace page's replay actions, on any node: "Replay in this browser" (the tab's trace methods
 * answered by the replay until "Trace on the node"), and where the node also traces, "Check
 * against the node", which opens the comparison with the node's trace and the replay side by side.
 */
import type { ResolvedEndpoint } from "../endpoints";
import { href } from "../routing/links";
import { Button } from "../ui";
import { useStore } from "../ui/store";
import { traceRecords } from "./activity";
import { nodeEndpoint, onDemandReplay, REPLAY_SIDE_PREFIX } from "./onDemand";
import { replayAvailable } from "./provider";
import { knownRefusal } from "./refusals";

export function ReplayActions({
  endpoint,
  hash,
}: {
  endpoint: ResolvedEndpoint | null;
  hash: string | null;
}) {
  // A refusal learnt by a request of the page changes what is offered.
  useStore(traceRecords);
  if (!endpoint || !hash || !replayAvailable()) return null;
  const node = nodeEndpoint(endpoint);
  const refused = knownRefusal(node.cacheId, node.rpcMethod, ["method"]) !== null;
  const replaying = endpoint.via === "replay";
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      {replaying ? (
        <Button onClick={() => onDemandReplay.set(false)}>Trace on the node</Button>
      ) : refused ? null : (
        <Button onClick={() => onDemandReplay.set(true)}>Replay in this browser</Button>
      )}
      {refused ? null : (
        <a
          className="underline"
          href={href("compare", { a: hash, b: `${REPLAY_SIDE_PREFIX}${hash}` })}
          // The comparison's side a is the node's trace: the choice to replay everything ends.
          onClick={() => onDemandReplay.set(false)}
        >
          Check against the node
        </a>
      )}
    </div>
  );
}
