import { describe, expect, it } from "vitest";
import {
  CALL_TRACER_SUITES,
  corpusDir,
  readCallTracerCases,
  requireCorpus,
  walkFrames,
} from "../test-support/corpus";
import { decodeRevert, gethRevertReason } from "./revert";

// Fails (throws) on CI when the corpus is missing; locally logs why and skips.
const corpus = requireCorpus("geth-call-tracer");

describe.skipIf(corpus === null)("decodeRevert agrees with geth's callTracer revertReason", () => {
  const root = corpusDir() ?? "";
  const frames = CALL_TRACER_SUITES.flatMap((suite) =>
    corpus === null
      ? []
      : readCallTracerCases(root, suite).flatMap((c) =>
          walkFrames(c.result)
            .filter(({ frame }) => typeof frame.revertReason === "string")
            .map(({ frame, depth }) => ({ id: `${suite}/${c.name} depth ${depth}`, frame })),
        ),
  );

  it("the corpus has frames with a revertReason", () => {
    expect(frames.length).toBeGreaterThan(0);
  });

  it.each(frames)("$id", ({ frame }) => {
    const output = typeof frame.output === "string" ? frame.output : "0x";
    expect(gethRevertReason(decodeRevert(output))).toBe(frame.revertReason);
  });

  it("every reverted frame's output decodes to something (never throws)", () => {
    for (const suite of CALL_TRACER_SUITES) {
      for (const c of readCallTracerCases(root, suite)) {
        for (const { frame } of walkFrames(c.result)) {
          if (frame.error === "execution reverted") {
            const d = decodeRevert(typeof frame.output === "string" ? frame.output : undefined);
            expect(["error-string", "panic", "empty", "unknown", "custom"]).toContain(d.kind);
          }
        }
      }
    }
  });
});
