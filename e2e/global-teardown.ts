import { existsSync, readFileSync, rmSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const E2E_PROCESSES = resolve(
  root,
  `.devnet/e2e-processes${process.env.NODESCOPE_E2E_TAG ?? ""}.json`,
);

/**
 * A safety net after the teardown that global-setup.ts returns (which normally stops everything
 * and removes the file): kills whatever the setup recorded and is still running.
 */
export default async function globalTeardown(): Promise<void> {
  if (!existsSync(E2E_PROCESSES)) return;
  let pids: { preview?: number; anvil?: number } = {};
  try {
    pids = JSON.parse(readFileSync(E2E_PROCESSES, "utf8")) as typeof pids;
  } catch {
    // unreadable: nothing to do
  }
  if (pids.preview) {
    try {
      process.kill(-pids.preview, "SIGKILL");
    } catch {
      // gone
    }
  }
  if (pids.anvil) {
    try {
      process.kill(pids.anvil, "SIGKILL");
    } catch {
      // gone
    }
  }
  rmSync(E2E_PROCESSES, { force: true });
}
