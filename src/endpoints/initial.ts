/**
 * The connection a page opens with, from its link and what the browser keeps (no React, no
 * storage access: the caller reads the stores, so a Worker can use it too).
 */
import { fromStored, toConnection } from "./persist";
import type { Connection } from "./presets";
import { overrideConnection } from "./override";
import type { StoredConnection } from "./keys";

/**
 * A link's `rpc=`, else this tab's override, else the settings kept on this device (the devnet's
 * connection needs its manifest, `devnet`; null while it is not known).
 */
export function initialConnectionOf(
  search: URLSearchParams,
  stored: StoredConnection,
  devnet: Extract<Connection, { kind: "devnet" }>["devnet"],
): Connection {
  return overrideConnection(search, stored) ?? toConnection(fromStored(stored.settings), devnet);
}
