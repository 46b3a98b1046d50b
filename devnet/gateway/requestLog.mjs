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

/**
 * The header naming the e2e test a request came from (e2e/fixtures.ts sets it on every request of
 * a test's browser context). Tests running in parallel on one gateway each read and clear only
 * their own entries; a request without it belongs to no test and is seen only by an unscoped read.
 */
export const TEST_HEADER = "x-nodescope-test";

/** The test a request names (its TEST_HEADER), or undefined. @param {import("node:http").IncomingMessage} req */
export function testOf(req) {
  const v = req.headers[TEST_HEADER];
  return typeof v === "string" && v !== "" ? v.slice(0, 200) : undefined;
}

export function createRequestLog() {
  /** @type {{ test: string | undefined, entry: LogEntry }[]} */
  let entries = [];

  function trim() {
    if (entries.length > MAX_LOG_ENTRIES) entries.splice(0, entries.length - MAX_LOG_ENTRIES);
  }

  /** @param {string | undefined} test @param {string | undefined} scope */
  const inScope = (test, scope) => scope === undefined || test === scope;

  return {
    /** A copy of the entries (only the test's when `test` is given), oldest first. @param {string} [test] */
    entries: (test) => entries.filter((e) => inScope(e.test, test)).map((e) => e.entry),
    /** Empties the log (only the test's entries when `test` is given); returns how many it removed. @param {string} [test] */
    clear(test) {
      const before = entries.length;
      entries = test === undefined ? [] : entries.filter((e) => e.test !== test);
      return before - entries.length;
    },
    /**
     * One entry per JSON-RPC request of a body (a batch gives one per element; a body that is not
     * JSON, one without a method), the key masked in the path too.
     * @param {unknown} parsed @param {import("./routes.mjs").Route} r @param {string} pathname
     * @param {string | undefined} host @param {string | null} fault
     * @param {string} [test] the test that sent it (TEST_HEADER)
     */
    recordRpc(parsed, r, pathname, host, fault, test) {
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
          test,
          entry: {
            ...base,
            id: e.id ?? null,
            ...(typeof e.method === "string" ? { method: e.method } : {}),
            params: e.params ?? null,
          },
        });
      }
      trim();
    },
    /** @param {ServiceLogEntry} entry @param {string} [test] */
    recordService(entry, test) {
      entries.push({ test, entry });
      trim();
    },
  };
}
