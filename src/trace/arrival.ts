/**
 * The main thread's side of a trace modelled in a Worker: the model's arrays arrive at once, its
 * frames in chunks (the frames the tree opens on first). Views read `loaded` (how many frames are
 * here) through `subscribe`; those that need every frame (search, type filter, flame chart,
 * insight, raw JSON) wait for `complete`. On completion each frame gets its `calls` back (the same
 * objects), so the top frame is the whole checked tree again, as the main-thread path builds it.
 */
import { perf } from "../platform/perf";
import { createSignal } from "../platform/store";
import type { FrameChunk, PackedModel } from "./answer";
import type { TraceModel } from "./model";
import { FRAME_ISSUES, type CallFrame } from "./result";

/** How often views hear of frames arriving (the first chunk and the last are told at once). */
const NOTIFY_MS = 100;

export class FrameArrival {
  readonly model: TraceModel;
  private count = 0;
  private readonly arrived = createSignal();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(packed: PackedModel) {
    this.model = { ...packed, frames: new Array<CallFrame>(packed.size) };
  }

  get loaded(): number {
    return this.count;
  }

  get complete(): boolean {
    return this.count >= this.model.size;
  }

  add(chunk: FrameChunk): void {
    const start = perf.now();
    const frames = this.model.frames;
    const { indices } = chunk;
    for (let k = 0; k < indices.length; k++)
      frames[indices[k] as number] = chunk.frames[k] as CallFrame;
    for (const [k, issues] of chunk.issues) {
      const f = chunk.frames[k];
      if (f) f[FRAME_ISSUES] = issues;
    }
    const first = this.count === 0;
    this.count += indices.length;
    if (this.complete) reattachCalls(this.model);
    perf.measure("nodescope:trace:frames", start);
    if (this.complete || first) this.notify();
    else this.timer ??= setTimeout(() => this.notify(), NOTIFY_MS);
  }

  subscribe = (listener: () => void): (() => void) => this.arrived.subscribe(listener);

  getLoaded = (): number => this.count;

  private notify(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.arrived.notify();
  }
}

/** Puts every frame back into its parent's `calls`, in order (the key stayed in its place). */
export function reattachCalls(model: TraceModel): void {
  const { frames, parent } = model;
  for (const f of frames) if ("calls" in f) f.calls = [];
  for (let i = 1; i < model.size; i++) {
    const p = frames[parent[i] as number] as CallFrame;
    (p.calls ??= []).push(frames[i] as CallFrame);
  }
}
