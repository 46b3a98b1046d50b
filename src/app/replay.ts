/**
 * Connects the in-browser replay engine (src/replay/engine/, a chunk of its own that loads on the
 * first replay, never on a first visit) to the fallback every trace request goes through
 * (src/replay/fallback.ts).
 */
import { setReplayEngine } from "../replay/provider";
import type { ReplayFn } from "../replay/types";

const loadEngine: () => Promise<ReplayFn> = () => import("../replay/engine").then((m) => m.replay);

export function connectReplayEngine(): void {
  setReplayEngine(loadEngine);
}
