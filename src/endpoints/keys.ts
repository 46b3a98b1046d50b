/**
 * Where the connection is kept in the browser. No imports: the entry module reads these before
 * anything else has loaded (it hands them to the trace Worker, which starts a deep link's request).
 */

/** The connection settings kept on this device (localStorage; the key only if remembered). */
export const CONNECTION_SETTINGS_KEY = "nodescope.connection";
/** This tab's custom JSON-RPC URL (sessionStorage). */
export const RPC_OVERRIDE_KEY = "nodescope.rpcOverride";

/** What the stores held when the page opened, for code that cannot read them (a Worker). */
export interface StoredConnection {
  settings: string | null;
  override: string | null;
}

/** What the stores hold now (throws where the browser refuses storage). */
export function readStoredConnection(): StoredConnection {
  return {
    settings: localStorage.getItem(CONNECTION_SETTINGS_KEY),
    override: sessionStorage.getItem(RPC_OVERRIDE_KEY),
  };
}
