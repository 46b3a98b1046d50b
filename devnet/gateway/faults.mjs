// The failures a provider shows, injected on request: a key `fault-<mode>` in any endpoint shape
// makes the gateway answer that way, so e2e specs and tests can meet every failure the app must
// explain without a real provider misbehaving.
import { idOf, json, rpcError, statusReply } from "./http.mjs";

/** Default delay of the `slow` fault (past the provider's 30 s time-out). */
export const SLOW_MS = 35_000;
/** Bytes of the `oversized` fault's body (~60 MB). */
export const OVERSIZED_BYTES = 60 * 1024 * 1024;

export const STATUS_FAULTS = [401, 403, 404, 413, 429, 500, 502, 503, 504];
/** Every fault mode; select one with the key `fault-<mode>` in any endpoint shape (`slow-<ms>` too). */
export const FAULT_MODES = [
  ...STATUS_FAULTS.map(String),
  "html",
  "empty",
  "truncated",
  "wrong-id",
  "no-jsonrpc",
  "slow",
  "drop",
  "oversized",
  "rpc-error",
  "flaky-503",
];

/** @typedef {import("./http.mjs").Reply} Reply */

/** The fault a key asks for, or null (then the key is an ordinary one). @param {string} key @returns {string | null} */
export function faultOf(key) {
  if (!key.startsWith("fault-")) return null;
  const mode = key.slice("fault-".length);
  if (FAULT_MODES.includes(mode) || /^slow-\d{1,7}$/.test(mode)) return mode;
  return null;
}

/**
 * The fault replies of one gateway. `flaky-503` fails the first time a request (by its methods)
 * is seen and answers after, so its memory lives here and is forgotten with the request log.
 * @param {{ delay: (res: import("node:http").ServerResponse, ms: number) => Promise<boolean> }} delays
 */
export function createFaults({ delay }) {
  /** @type {Map<string, number>} */
  const flaky = new Map();

  /**
   * @param {string} mode
   * @param {unknown} parsed
   * @param {import("node:http").IncomingMessage} req
   * @param {import("node:http").ServerResponse} res
   * @param {() => Promise<Reply | Reply[]>} compute the answer the request would have had
   * @param {string} [test] the e2e test that sent it: each test's flaky requests are its own
   */
  async function reply(mode, parsed, req, res, compute, test) {
    const status = Number(mode);
    if (STATUS_FAULTS.includes(status)) return statusReply(res, status);
    switch (mode) {
      case "html":
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        return res.end(
          "<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>\n",
        );
      case "empty":
        res.writeHead(200, { "Content-Type": "application/json", "Content-Length": "0" });
        return res.end();
      case "truncated": {
        const text = JSON.stringify(await compute());
        const cut = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
        res.writeHead(200, {
          "Content-Type": "application/json",
          "Content-Length": String(Buffer.byteLength(cut)),
        });
        return res.end(cut);
      }
      case "wrong-id": {
        const answer = await compute();
        const shift = (/** @type {Reply} */ r) => ({
          ...r,
          id: typeof r.id === "number" ? r.id + 1000 : `${String(r.id)}-other`,
        });
        return json(res, 200, Array.isArray(answer) ? answer.map(shift) : shift(answer));
      }
      case "no-jsonrpc": {
        const answer = await compute();
        const strip = (/** @type {Reply} */ r) => {
          const rest = { ...r };
          delete rest.jsonrpc;
          return rest;
        };
        return json(res, 200, Array.isArray(answer) ? answer.map(strip) : strip(answer));
      }
      case "drop":
        req.socket.destroy();
        return;
      case "oversized":
        return oversized(res, parsed);
      case "rpc-error": {
        const err = (/** @type {unknown} */ el) => rpcError(idOf(el), -32603, "internal error");
        return json(res, 200, Array.isArray(parsed) ? parsed.map(err) : err(parsed));
      }
      case "flaky-503": {
        const items = Array.isArray(parsed) ? parsed : [parsed];
        const counter = `${test ?? ""}\n${mode}:${items.map((el) => (el && typeof el === "object" ? String(/** @type {{ method?: unknown }} */ (el).method) : "?")).join(",")}`;
        const seen = flaky.get(counter) ?? 0;
        flaky.set(counter, seen + 1);
        if (seen === 0) return statusReply(res, 503);
        return json(res, 200, await compute());
      }
      default: {
        // slow, slow-<ms>
        const ms = mode === "slow" ? SLOW_MS : Number(mode.slice("slow-".length));
        if (!(await delay(res, ms))) return;
        return json(res, 200, await compute());
      }
    }
  }

  return {
    reply,
    /**
     * Forgets which flaky requests were seen (with the request log, so a cleared log starts over):
     * all of them, or only those the test sent.
     * @param {string} [test]
     */
    reset(test) {
      if (test === undefined) return flaky.clear();
      for (const counter of [...flaky.keys()])
        if (counter.startsWith(`${test}\n`)) flaky.delete(counter);
    },
  };
}

/**
 * Streams a valid JSON-RPC response of ~OVERSIZED_BYTES (a long hex string result), 1 MiB at a
 * time, respecting back-pressure and stopping when the client goes away.
 * @param {import("node:http").ServerResponse} res
 * @param {unknown} parsed
 */
async function oversized(res, parsed) {
  const batch = Array.isArray(parsed);
  const id = JSON.stringify(idOf(batch ? parsed[0] : parsed) ?? null);
  const head = `${batch ? "[" : ""}{"jsonrpc":"2.0","id":${id},"result":"0x`;
  const tail = `"}${batch ? "]" : ""}`;
  const chunk = Buffer.alloc(1024 * 1024, "deadbeef");
  const count = Math.ceil(OVERSIZED_BYTES / chunk.length);
  res.writeHead(200, {
    "Content-Type": "application/json",
    "Content-Length": String(head.length + count * chunk.length + tail.length),
  });
  res.write(head);
  for (let i = 0; i < count; i++) {
    if (res.destroyed) return;
    if (!res.write(chunk)) {
      const go = await new Promise((resolve) => {
        const onDrain = () => {
          res.removeListener("close", onClose);
          resolve(true);
        };
        const onClose = () => {
          res.removeListener("drain", onDrain);
          resolve(false);
        };
        res.once("drain", onDrain);
        res.once("close", onClose);
      });
      if (!go) return;
    }
  }
  res.end(tail);
}
