// The gateway's HTTP and JSON-RPC reply shapes, shared by the endpoints, the faults and the
// service stand-ins so that every reply of one kind is written one way.
import { STATUS_CODES } from "node:http";

/**
 * @typedef {{ jsonrpc?: string, id?: unknown, result?: unknown, error?: { code: number, message: string, data?: unknown } }} Reply
 */

/** What a body that is not JSON parses to: answered -32700, logged as one request without a method. */
export const PARSE_ERROR = Symbol("parse error");

export const rpcError = (
  /** @type {unknown} */ id,
  /** @type {number} */ code,
  /** @type {string} */ message,
) => ({ jsonrpc: "2.0", id, error: { code, message } });

/** @param {unknown} el */
export function idOf(el) {
  return el && typeof el === "object" && "id" in el ? /** @type {{ id: unknown }} */ (el).id : null;
}

/** @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res */
export function cors(req, res) {
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
  const requested = req.headers["access-control-request-headers"];
  res.setHeader("Access-Control-Allow-Headers", requested ? String(requested) : "content-type");
  res.setHeader("Access-Control-Expose-Headers", "Retry-After, Content-Length");
  res.setHeader("Access-Control-Max-Age", "600");
}

/** @param {import("node:http").ServerResponse} res @param {number} status @param {unknown} value */
export function json(res, status, value) {
  const text = JSON.stringify(value);
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": String(Buffer.byteLength(text)),
    "Cache-Control": "no-store",
  });
  res.end(text);
}

/** A bare status page, as a provider's proxy sends it (429 with Retry-After). @param {import("node:http").ServerResponse} res @param {number} status */
export function statusReply(res, status) {
  const text = `${status} ${STATUS_CODES[status] ?? "Error"}\n`;
  res.writeHead(status, {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(text)),
    ...(status === 429 ? { "Retry-After": "1" } : {}),
  });
  res.end(text);
}

/**
 * Reads a request body; null when it is larger than `maxBytes` (the rest is drained, not kept).
 * @param {import("node:http").IncomingMessage} req @param {number} maxBytes @returns {Promise<Buffer | null>}
 */
export function readBody(req, maxBytes) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    let tooBig = false;
    req.on("data", (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size > maxBytes) tooBig = true;
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(tooBig ? null : Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/**
 * Delayed replies (the `slow` faults) that the gateway can cut short on close, so a test's
 * `close()` never waits out a 35 s timer.
 */
export function createDelays() {
  /** @type {Set<() => void>} */
  const pending = new Set();
  return {
    /**
     * Waits `ms` unless the client goes away or the gateway closes; true when still worth answering.
     * @param {import("node:http").ServerResponse} res @param {number} ms @returns {Promise<boolean>}
     */
    async delay(res, ms) {
      const answered = await new Promise((resolve) => {
        const done = (/** @type {boolean} */ value) => {
          clearTimeout(timer);
          res.removeListener("close", onClose);
          pending.delete(cancel);
          resolve(value);
        };
        const onClose = () => done(false);
        const cancel = () => done(false);
        const timer = setTimeout(() => done(true), ms);
        res.once("close", onClose);
        pending.add(cancel);
      });
      return answered && !res.destroyed;
    },
    cancelAll() {
      for (const cancel of [...pending]) cancel();
    },
  };
}
