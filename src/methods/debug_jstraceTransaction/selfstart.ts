/**
 * The trace Worker's own start of a deep link's request (trace.worker.ts): the entry module hands
 * the Worker the link and what the browser keeps of the connection as soon as the page opens, so
 * the request leaves while the app's modules still load, instead of once the boot module has
 * loaded (~300 ms later on a 2-core machine). It is the request the boot module then starts (same
 * URL, same body, the first early id), which the Worker recognises and carries on with.
 *
 * Only for connections known without the network: a link's `rpc=`, this tab's custom URL, or a
 * provider kept on this device with its key. The devnet's address comes from its manifest, which
 * the boot module fetches; the Worker leaves that start to it.
 */
import { initialConnectionOf, resolveEndpoint, type StoredConnection } from "../../endpoints";
import { earlyBody, FIRST_EARLY_ID } from "../../rpc/early";
import { traceEarlyCall } from "./earlyCall";

/** The trace route's method (the folder's name), as the router names it. */
const METHOD = "debug_jstraceTransaction";

export interface SelfStart {
  url: string;
  bodyText: string;
  id: number;
}

/** The request a trace link (`#/trace?…`) makes, when it can be told here; null otherwise. */
export function selfStartRequest(hash: string, stored: StoredConnection): SelfStart | null {
  const m = /^#\/trace\?(.*)$/.exec(hash);
  if (!m) return null;
  const search = new URLSearchParams(m[1] ?? "");
  const connection = initialConnectionOf(search, stored, null);
  if (connection.kind === "devnet") return null;
  const resolved = resolveEndpoint(connection, METHOD);
  if (!resolved.ok) return null;
  const early = traceEarlyCall(search, resolved.endpoint);
  if (!early || !early.callTracer) return null;
  const { bodyText } = earlyBody(FIRST_EARLY_ID, early.call);
  return { url: resolved.endpoint.url, bodyText, id: FIRST_EARLY_ID };
}
