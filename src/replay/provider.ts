/**
 * Where the replay engine comes from. The engine (`./engine/`, @ethereumjs in a Worker) is a large
 * chunk that must never load on a first visit, so nothing here imports it: the app hands over a
 * loader once at startup (`setReplayEngine(() => import("../replay/engine").then((m) => m.replay))`)
 * and the first fallback calls it. Tests hand over a fake.
 */
import type { ReplayFn } from "./types";

let loader: (() => Promise<ReplayFn>) | null = null;
let loaded: Promise<ReplayFn> | null = null;

/** The app's one line that connects the engine (src/app/App.tsx). */
export function setReplayEngine(load: (() => Promise<ReplayFn>) | null): void {
  loader = load;
  loaded = null;
}

/** Whether an engine was handed over (a page offers "Replay in this browser" only then). */
export function replayAvailable(): boolean {
  return loader !== null;
}

/** This build carries no replay engine. */
export class ReplayUnavailableError extends Error {
  constructor() {
    super("This build of Nodescope carries no in-browser replay engine.");
    this.name = "ReplayUnavailableError";
  }
}

/** The engine, loaded once (a failed load is tried again on the next call). */
export function loadReplay(): Promise<ReplayFn> {
  if (!loader) return Promise.reject(new ReplayUnavailableError());
  if (!loaded) {
    loaded = loader();
    loaded.catch(() => {
      loaded = null;
    });
  }
  return loaded;
}
