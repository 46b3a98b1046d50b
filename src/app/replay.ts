/**
 * Connects the in-browser replay engine (src/replay/engine/, a chunk of its own that loads on the
 * first replay, never on a first visit) to the fallback every trace request goes through
 * (src/replay/fallback.ts). Without it the app behaves as before: a refusal stays the node's.
 */
import { setReplayEngine } from "../replay/provider";
import type { ReplayFn } from "../replay/types";

// MERGE (issue 46): once the engine's branch is in, `null` below becomes
//   () => import("../replay/engine").then((m) => m.replay)
// (e2e/replay.spec.ts runs once this file loads the engine and src/replay/engine/index.ts exists).
const loadEngine: (() => Promise<ReplayFn>) | null = null;

export function connectReplayEngine(): void {
  setReplayEngine(loadEngine);
}
