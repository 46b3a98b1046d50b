import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";

/**
 * The e2e tests run side by side on one devnet. Most only read the chain; a few change what the
 * others read (mine a block, stop automining): those carry CHAIN_WRITES and run alone. A
 * readers–writer lock across the worker processes, in files: a reader registers itself unless a
 * writer holds or waits for the lock; a writer takes the lock (so no new reader starts), then waits
 * for the running readers to finish. Files left by a killed worker are ignored (their pid is gone),
 * and the global setup starts every run with an empty lock folder.
 */
export const CHAIN_WRITES = "@chain-writes";

const POLL_MS = 50;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the writer's file; false while another live writer holds it. */
function takeWriter(file: string): boolean {
  try {
    writeFileSync(file, String(process.pid), { flag: "wx" });
    return true;
  } catch {
    // held: by a live writer, or left by a killed one (then freed for the next try)
    if (readWriter(file) === null) rmSync(file, { force: true });
    return false;
  }
}

export function lockDir(manifestFile: string): string {
  return `${manifestFile}.lock`;
}

/** Empties the lock folder (the global setup, before any test). */
export function resetLocks(manifestFile: string): void {
  rmSync(lockDir(manifestFile), { recursive: true, force: true });
  mkdirSync(join(lockDir(manifestFile), "readers"), { recursive: true });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Holds the chain for one test until the returned release is called; resolves once held. */
export async function holdChain(
  manifestFile: string,
  id: string,
  writes: boolean,
): Promise<() => void> {
  const dir = lockDir(manifestFile);
  const writer = join(dir, "writer");
  const readers = join(dir, "readers");
  mkdirSync(readers, { recursive: true });
  if (writes) {
    while (!takeWriter(writer)) await sleep(POLL_MS);
    for (;;) {
      const running = readdirSync(readers).filter((f) => alive(Number(f.split("-")[0])));
      if (running.length === 0) break;
      await sleep(POLL_MS);
    }
    return () => rmSync(writer, { force: true });
  }
  const mine = join(readers, `${process.pid}-${id.replace(/[^\w.-]/g, "_")}`);
  for (;;) {
    if (readWriter(writer) === null) {
      closeSync(openSync(mine, "w"));
      // a writer that arrived meanwhile waits for us unless we step back
      if (readWriter(writer) === null) break;
      rmSync(mine, { force: true });
    }
    await sleep(POLL_MS);
  }
  return () => rmSync(mine, { force: true });
}

/** The live writer's pid, or null when none holds or waits for the lock. */
function readWriter(file: string): number | null {
  let owner: number;
  try {
    owner = Number(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
  // an empty file is a writer between its create and its write: treat it as there
  if (!Number.isInteger(owner) || owner <= 0) return -1;
  return alive(owner) ? owner : null;
}
