import type { ReplayOutcome } from "../types";
import { ReplayUnsupportedError } from "./errors";
import type { RunContext } from "./mined";

export async function replayCall(
  _ctx: RunContext,
  _params: readonly unknown[],
): Promise<ReplayOutcome> {
  throw new ReplayUnsupportedError("not yet");
}
