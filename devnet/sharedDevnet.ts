// The devnet the unit test files share (started once per run by sharedDevnet.setup.ts). Shared
// means: read its chain, never change it (a test that sends, mines or reverts starts its own anvil),
// and read or clear the gateway's request log only under the test's own `x-nodescope-test` header.
import { inject } from "vitest";
import type { Manifest } from "./index.mjs";

export interface SharedDevnet {
  gatewayUrl: string;
  anvilUrl: string;
  manifest: Manifest;
}

let shared: Promise<SharedDevnet> | undefined;

/** The shared devnet, started by the first file that asks (the others wait for the same one). */
export function sharedDevnet(): Promise<SharedDevnet> {
  shared ??= (async () => {
    const broker = inject("devnetBroker");
    if (!broker)
      throw new Error("no devnet broker: run the tests with vitest.config.ts (its globalSetup)");
    const res = await fetch(broker);
    const body = (await res.json()) as SharedDevnet | { error: string };
    if ("error" in body) throw new Error(`the shared devnet did not start: ${body.error}`);
    return body;
  })();
  return shared;
}
