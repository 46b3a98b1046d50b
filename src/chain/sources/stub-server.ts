/**
 * Test-only: a throwaway HTTP server on 127.0.0.1 (port 0) that records every request, for the
 * decoding clients' tests. Not imported by the app.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface StubRequest {
  /** Path and query, as received. */
  url: string;
  headers: IncomingHttpHeaders;
}
export type StubHandler = (url: URL, res: ServerResponse) => void | Promise<void>;

export interface StubServer {
  /** http://127.0.0.1:port */
  origin: string;
  requests: StubRequest[];
  setHandler(handler: StubHandler): void;
  /** Resolves once `count` requests have arrived in total. */
  waitForRequests(count: number): Promise<void>;
  /** Responses held open by handlers that never answer; ended by close(). */
  held: ServerResponse[];
  close(): Promise<void>;
}

export function json(res: ServerResponse, value: unknown, status = 200): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
}

export async function startStub(initial: StubHandler): Promise<StubServer> {
  let handler = initial;
  const requests: StubRequest[] = [];
  const held: ServerResponse[] = [];
  let waiters: { count: number; resolve: () => void }[] = [];
  const server = createServer((req, res) => {
    requests.push({ url: req.url ?? "", headers: req.headers });
    const ready = waiters.filter((w) => requests.length >= w.count);
    waiters = waiters.filter((w) => requests.length < w.count);
    for (const w of ready) w.resolve();
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    Promise.resolve(handler(url, res)).catch((err: unknown) => {
      if (!res.headersSent) json(res, { error: String(err) }, 500);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    held,
    setHandler(h) {
      handler = h;
    },
    waitForRequests(count) {
      if (requests.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
