/**
 * The result an answer's text holds, for the first paint's painters (logs.ts, tx.ts). Not the rpc
 * layer's envelope reader: its module and the errors it imports made the logs painter's chunk wait
 * (50 logs' first row +13 ms, 1 of 8 rounds); the page reads the same answer through it anyway.
 */

/** `{ result }` when `text` is an answer carrying a result; null for an error, or text that is none. */
export function resultOf(text: string): { result: unknown } | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  return typeof body === "object" && body !== null && "result" in body
    ? { result: body.result }
    : null;
}
