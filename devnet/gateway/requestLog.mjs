// The request log behind GET /__log: what the app sent, as the provider's dashboard would show it
// (keys masked), so e2e specs can assert which requests a user action caused and that the key
// never left the device where it should not.
import { PARSE_ERROR } from "./http.mjs";
import { maskKey } from "./routes.mjs";

/** Entries kept; the oldest go first, so a long e2e run cannot grow the gateway without bound. */
export const MAX_LOG_ENTRIES = 20_000;

/**
 * @typedef {{ time: string, path: string, host?: string, endpoint: string, network?: string, key: string,
 *   fault?: string, id?: unknown, method?: string, params: unknown }} RpcLogEntry
 * @typedef {{ time: string, service: "sigdb" | "sourcify", path: string, query: string, fault?: string }} ServiceLogEntry
 *   query: the query string without its `?`; fault: `down`, `garbage` or `slow-<ms>`
 * @typedef {RpcLogEntry | ServiceLogEntry} LogEntry
 */

export function createRequestLog() {
  /** @type {LogEntry[]} */
  let entries = [];

  function trim() {
    if (entries.length > MAX_LOG_ENTRIES) entries.splice(0, entries.length - MAX_LOG_ENTRIES);
  }

  return {
    /** A copy of the entries, oldest first. */
    entries: () => [...entries],
    /** Empties the log; returns how many entries it held. */
    clear() {
      const cleared = entries.length;
      entries = [];
      return cleared;
    },
    /**
     * One entry per JSON-RPC request of a body (a batch gives one per element; a body that is not
     * JSON, one without a method), the key masked in the path too.
     * @param {unknown} parsed @param {import("./routes.mjs").Route} r @param {string} pathname
     * @param {string | undefined} host @param {string | null} fault
     */
    recordRpc(parsed, r, pathname, host, fault) {
      const time = new Date().toISOString();
      const path = r.rawKey ? pathname.replace(`/${r.rawKey}`, `/${maskKey(r.key)}`) : pathname;
      const base = {
        time,
        path,
        ...(host ? { host } : {}),
        endpoint: r.endpoint,
        ...(r.network ? { network: r.network } : {}),
        key: maskKey(r.key),
        ...(fault ? { fault } : {}),
      };
      const items = parsed === PARSE_ERROR ? [null] : Array.isArray(parsed) ? parsed : [parsed];
      for (const el of items) {
        const e =
          el && typeof el === "object"
            ? /** @type {{ id?: unknown, method?: unknown, params?: unknown }} */ (el)
            : {};
        entries.push({
          ...base,
          id: e.id ?? null,
          ...(typeof e.method === "string" ? { method: e.method } : {}),
          params: e.params ?? null,
        });
      }
      trim();
    },
    /** @param {ServiceLogEntry} entry */
    recordService(entry) {
      entries.push(entry);
      trim();
    },
  };
}
