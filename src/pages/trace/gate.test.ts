import { describe, expect, it } from "vitest";
import {
  APP_TRACERS,
  costlyParts,
  isAppTracer,
  linkGate,
  NODE_DEFAULT_TIMEOUT_MS,
  spenderOf,
} from "./gate";
import { EXAMPLE_JS_TRACER, fromSearch, type TraceRequest } from "./params";
import { startsAhead } from "./worker/call";
import { STORAGE_TRACER } from "../../trace/source/tracer";

const HASH = `0x${"ab".repeat(32)}`;
const CODE =
  "{ n: 0, step: function () { this.n++; }, fault: function () {}, result: function () { return 'é'; } }";

/** The request a link asks for, read the way the page and the Worker read it. */
function linkRequest(params: Record<string, string>): TraceRequest {
  const { request } = fromSearch(new URLSearchParams({ hash: HASH, ...params }));
  if (!request) throw new Error(`not a complete link: ${JSON.stringify(params)}`);
  return request;
}

describe("which trace links wait for the user's press (on their key)", () => {
  it("built-in tracers and the app's own tracer sources run at once", () => {
    for (const tracer of ["callTracer", "prestateTracer", "4byteTracer", ...APP_TRACERS]) {
      expect(isAppTracer(tracer)).toBe(true);
      expect(linkGate(linkRequest({ tracer }), "user")).toBeNull();
    }
    expect(APP_TRACERS).toContain(EXAMPLE_JS_TRACER);
    expect(
      linkGate(
        linkRequest({ tracer: "prestateTracer", tracerConfig: '{"diffMode":true}' }),
        "user",
      ),
    ).toBeNull();
  });

  it("custom tracer code waits, with its exact source, UTF-8 size and lines", () => {
    const parts = linkGate(linkRequest({ tracer: CODE }), "user");
    expect(parts).toEqual([{ kind: "code", source: CODE, bytes: CODE.length + 1, lines: 1 }]);
    const two = `${CODE.slice(0, 10)}\n${CODE.slice(10)}`;
    expect(costlyParts(linkRequest({ tracer: two }))).toMatchObject([{ kind: "code", lines: 2 }]);
  });

  it("the app's own source is matched exactly: one character changed is custom code", () => {
    const changed = EXAMPLE_JS_TRACER.replace("this.count++", "this.count += 2");
    expect(changed).not.toBe(EXAMPLE_JS_TRACER);
    expect(costlyParts(linkRequest({ tracer: changed }))).toMatchObject([{ kind: "code" }]);
  });

  it("a timeout above the node's default (5s) waits; the default or less does not", () => {
    expect(NODE_DEFAULT_TIMEOUT_MS).toBe(5_000);
    expect(linkGate(linkRequest({ tracer: "callTracer", timeout: "6s" }), "user")).toEqual([
      { kind: "timeout", timeout: "6s", ms: 6_000 },
    ]);
    expect(costlyParts(linkRequest({ tracer: "callTracer", timeout: "1m30s" }))).toEqual([
      { kind: "timeout", timeout: "1m30s", ms: 90_000 },
    ]);
    for (const timeout of ["5s", "500ms", "4s999ms"])
      expect(linkGate(linkRequest({ tracer: "callTracer", timeout }), "user")).toBeNull();
    // Both at once: both are told.
    expect(costlyParts(linkRequest({ tracer: CODE, timeout: "10s" })).map((p) => p.kind)).toEqual([
      "code",
      "timeout",
    ]);
  });

  it("who pays: the link's own endpoint and the devnet spend no key of the user's", () => {
    expect(spenderOf("custom", true)).toBe("link");
    expect(spenderOf("devnet", false)).toBe("devnet");
    expect(spenderOf("nodereal", false)).toBe("user");
    // The user's own custom URL (its path may hold a key), or a link endpoint this tab kept from
    // an earlier link while the current link names none.
    expect(spenderOf("custom", false)).toBe("user");
    const code = linkRequest({ tracer: CODE, timeout: "1h" });
    expect(linkGate(code, "link")).toBeNull();
    expect(linkGate(code, "devnet")).toBeNull();
    expect(linkGate(code, "user")).not.toBeNull();
  });

  it("the Worker starts only callTracer, and never what waits for the user", () => {
    expect(startsAhead(linkRequest({ tracer: "callTracer" }), "user")).toBe(true);
    expect(startsAhead(linkRequest({ tracer: "callTracer", timeout: "60s" }), "user")).toBe(false);
    expect(startsAhead(linkRequest({ tracer: "callTracer", timeout: "60s" }), "link")).toBe(true);
    expect(startsAhead(linkRequest({ tracer: CODE }), "link")).toBe(false);
    expect(startsAhead(linkRequest({ tracer: "prestateTracer" }), "user")).toBe(false);
  });
});

describe("the app's own storage tracer", () => {
  it("runs from a link at once, like a built-in tracer", () => {
    expect(
      costlyParts({ hash: `0x${"ab".repeat(32)}`, options: { tracer: STORAGE_TRACER } }),
    ).toEqual([]);
  });
});
