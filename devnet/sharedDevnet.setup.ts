// Vitest globalSetup: one devnet for every unit test file that reads one (sharedDevnet.ts), started
// on the first file's request rather than here, so a run without such a file never pays for it and
// the other worker keeps running tests while it starts. The devnet lives in this (the main) process;
// the workers reach it through a small local HTTP broker whose URL they get with inject().
import { createServer, type Server } from "node:http";
import type { TestProject } from "vitest/node";
import { startDevnet, type Devnet } from "./index.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** The broker's URL: a GET answers the shared devnet's URLs and manifest once it is up. */
    devnetBroker: string;
  }
}

let devnet: Promise<Devnet> | undefined;
let server: Server | undefined;

export async function setup(project: TestProject): Promise<void> {
  const broker = createServer((_req, res) => {
    devnet ??= startDevnet();
    devnet.then(
      (d) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({ gatewayUrl: d.gatewayUrl, anvilUrl: d.anvilUrl, manifest: d.manifest }),
        );
      },
      (error: unknown) => {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: String(error) }));
      },
    );
  });
  server = broker;
  await new Promise<void>((resolve, reject) => {
    broker.once("error", reject);
    broker.listen(0, "127.0.0.1", () => resolve());
  });
  const address = broker.address();
  if (address === null || typeof address === "string") throw new Error("the broker has no port");
  project.provide("devnetBroker", `http://127.0.0.1:${address.port}`);
}

export async function teardown(): Promise<void> {
  const broker = server;
  if (broker) {
    await new Promise<void>((resolve) => {
      broker.close(() => resolve());
      broker.closeAllConnections();
    });
  }
  await devnet?.then(
    (d) => d.stop(),
    () => {},
  );
}
