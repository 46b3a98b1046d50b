/**
 * Where the connection is kept in the browser. Only platform/storage is imported: the entry module
 * reads these before anything else has loaded (it hands them to the trace Worker, which starts a
 * deep link's request).
 */
import { readStorage } from "../platform/storage";

/** The connection settings kept on this device (localStorage; the key only if remembered). */
export const CONNECTION_SETTINGS_KEY = "nodescope.connection";
/** This tab's custom JSON-RPC URL (sessionStorage). */
export const RPC_OVERRIDE_KEY = "nodescope.rpcOverride";

/** What the stores held when the page opened, for code that cannot read them (a Worker). */
export interface StoredConnection {
  settings: string | null;
  override: string | null;
}

/** What the stores hold now (nothing where the browser refuses storage). */
export function readStoredConnection(): StoredConnection {
  return {
    settings: readStorage("local", CONNECTION_SETTINGS_KEY),
    override: readStorage("session", RPC_OVERRIDE_KEY),
  };
}
