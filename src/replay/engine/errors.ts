/**
 * What a replay can fail on, by class (the fallback and the pages branch on `instanceof`). The
 * Worker sends the kind and message across; `index.ts` rebuilds the class on the page.
 */
export class ReplayError extends Error {
  readonly kind: ReplayErrorKind = "replay";
  constructor(message: string) {
    super(message);
    this.name = "ReplayError";
  }
}

/** The request asks for something the engine does not do (custom tracer code, a pending tx …). */
export class ReplayUnsupportedError extends ReplayError {
  override readonly kind = "unsupported";
  constructor(message: string) {
    super(message);
    this.name = "ReplayUnsupportedError";
  }
}

/** A state or block read the replay needs was refused or unreadable. */
export class ReplayReadError extends ReplayError {
  override readonly kind = "read";
  constructor(
    message: string,
    /** The JSON-RPC method that failed. */
    readonly method: string,
  ) {
    super(message);
    this.name = "ReplayReadError";
  }
}

export type ReplayErrorKind = "replay" | "unsupported" | "read";

/** Rebuilds the class from what crossed the Worker boundary. */
export function replayErrorOf(kind: ReplayErrorKind, message: string, method = ""): ReplayError {
  if (kind === "unsupported") return new ReplayUnsupportedError(message);
  if (kind === "read") return new ReplayReadError(message, method);
  return new ReplayError(message);
}
