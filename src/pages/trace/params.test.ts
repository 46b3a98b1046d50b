import { describe, expect, it } from "vitest";
import {
  checkJsTracer,
  checkTimeout,
  emptyForm,
  fromSearch,
  toParams,
  toRequest,
  toSearch,
} from "./params";
import { interpretRpcError, SchemaError } from "../../rpc";
import { EMPTY_STRUCT_LOG } from "../../trace/result";
import { clientTimeoutMs, explainTraceError, MAX_TIMER_MS, traceErrorHint } from "./query";

/** A node's JSON-RPC error, as the client's interpret step names it. */
const node = (code: number, message = "") =>
  interpretRpcError(
    { method: "debug_traceTransaction", endpoint: "http://node.test/", request: {}, durationMs: 1 },
    { code, message },
  );

const HASH = `0x${"ab".repeat(32)}`;

describe("trace params", () => {
  it("sends [hash, {tracer}] and adds tracerConfig / timeout only when set", () => {
    expect(toParams(toRequest({ ...emptyForm(), hash: HASH, withLog: false }))).toEqual([
      HASH,
      { tracer: "callTracer" },
    ]);
    expect(
      toParams(toRequest({ ...emptyForm(), hash: HASH, withLog: true, timeout: "30s" })),
    ).toEqual([HASH, { tracer: "callTracer", tracerConfig: { withLog: true }, timeout: "30s" }]);
    expect(
      toRequest({
        ...emptyForm(),
        hash: HASH,
        tracer: "prestateTracer",
        config: '{"diffMode":true}',
      }).options,
    ).toEqual({
      tracer: "prestateTracer",
      tracerConfig: { diffMode: true },
    });
  });

  it("asks callTracer for logs by default; a link turns them off only by saying so", () => {
    expect(toParams(toRequest({ ...emptyForm(), hash: HASH }))).toEqual([
      HASH,
      { tracer: "callTracer", tracerConfig: { withLog: true } },
    ]);
    const plain = fromSearch(new URLSearchParams({ hash: HASH, tracer: "callTracer" }));
    expect(plain.request?.options.tracerConfig).toEqual({ withLog: true });
    expect(toSearch(plain.values).tracerConfig).toBeUndefined();
    const off = fromSearch(
      new URLSearchParams({ hash: HASH, tracer: "callTracer", tracerConfig: '{"withLog":false}' }),
    );
    expect(off.request?.options.tracerConfig).toBeUndefined();
    expect(toSearch(off.values).tracerConfig).toBe('{"withLog":false}');
  });

  it("waits for a long node timeout without overflowing the browser's timer", () => {
    const at = (timeout: string) =>
      clientTimeoutMs({ hash: HASH, options: { tracer: "callTracer", timeout } });
    expect(at("10s")).toBe(60_000);
    expect(at("2m")).toBe(135_000);
    // 600 h is past what setTimeout holds (2^31 − 1 ms): it would fire at once
    expect(at("600h")).toBe(MAX_TIMER_MS);
  });

  it("round-trips through the URL, a JavaScript tracer as its code", () => {
    const code =
      "{ data: [], step: function(log) {}, fault: function() {}, result: function() { return {ok: true}; } }";
    const values = { ...emptyForm(), hash: HASH, tracer: "js" as const, jsCode: code };
    const search = new URLSearchParams(
      Object.entries(toSearch(values)).filter((e): e is [string, string] => e[1] !== undefined),
    );
    expect(search.get("tracer")).toBe(code);
    const back = fromSearch(search);
    expect(back.request?.options).toEqual({ tracer: code });
    const call = new URLSearchParams({
      hash: HASH,
      tracer: "callTracer",
      tracerConfig: '{"onlyTopCall":true}',
      timeout: "10s",
    });
    expect(fromSearch(call).request).toEqual({
      hash: HASH,
      options: {
        tracer: "callTracer",
        tracerConfig: { onlyTopCall: true, withLog: true },
        timeout: "10s",
      },
    });
  });

  it("a link with a bad hash sends nothing and says why", () => {
    const r = fromSearch(new URLSearchParams({ hash: "0x1234" }));
    expect(r.request).toBeNull();
    expect(r.fieldProblems.hash).toMatch(/64 hex digits/);
    expect(
      fromSearch(new URLSearchParams({ hash: HASH, tracerConfig: "{nope" })).problems[0],
    ).toMatch(/not valid JSON/);
  });

  it("checks timeouts as geth durations", () => {
    for (const ok of ["10s", "500ms", "1m30s", "1.5s", ""]) expect(checkTimeout(ok)).toBeNull();
    for (const bad of ["10", "ten seconds", "5 s", "0s"]) expect(checkTimeout(bad)).not.toBeNull();
  });

  it("checks a JavaScript tracer lightly without evaluating it", () => {
    expect(
      checkJsTracer("{ step: function(){}, fault: function(){}, result: function(){ return 1; } }"),
    ).toBeNull();
    expect(checkJsTracer("{ fault() {}, result() { return '}'; } }")).toBeNull();
    expect(checkJsTracer("")).toMatch(/required/);
    expect(checkJsTracer("{ result: function() { return 1; }")).toMatch(/never closed/);
    expect(checkJsTracer("{ result: function() { return 1; } }")).toMatch(/fault/);
    expect(checkJsTracer("{ fault: function() {}, res: 'unterminated }")).toMatch(/string/);
  });

  it("explains a missing method and a timeout", () => {
    expect(
      traceErrorHint(
        node(-32601, "the method debug_jstraceTransaction does not exist/is not available"),
        "debug_jstraceTransaction",
      ),
    ).toMatch(/debug_traceTransaction/);
    expect(traceErrorHint(node(-32601), "debug_traceTransaction")).toMatch(
      /debug_jstraceTransaction/,
    );
    expect(traceErrorHint(node(-32000, "execution timeout"), "debug_traceTransaction")).toMatch(
      /Timeout/,
    );
    expect(traceErrorHint(node(3, "execution reverted"), "debug_traceTransaction")).toBeNull();
  });

  it("explains pruned state (anvil --prune-history, geth without archive) and suggests an archive node", () => {
    for (const e of [
      node(-32001, "Resource not found"),
      node(-32000, "missing trie node 1a2b… (path )"),
      node(-32000, "required historical state unavailable (reexec=128)"),
      node(-32000, "header not found"),
    ]) {
      const x = explainTraceError(e, "debug_jstraceTransaction");
      expect(x?.title).toMatch(/pruned/);
      expect(x?.hint).toMatch(/archive node/);
    }
  });

  it("tells an unknown transaction apart from pruned state, and keeps the other hints", () => {
    expect(
      explainTraceError(node(-32000, "transaction not found"), "debug_traceTransaction")?.title,
    ).toMatch(/does not know this transaction/);
    expect(explainTraceError(node(-32601), "debug_traceTransaction")?.hint).toMatch(
      /debug_jstraceTransaction/,
    );
    expect(explainTraceError(node(3, "execution reverted"), "x")).toBeNull();
  });

  it("says an empty opcode log answer is no such transaction, not an unexpected result", () => {
    const empty = new SchemaError(
      {
        method: "debug_traceTransaction",
        endpoint: "http://node.test/",
        request: {},
        durationMs: 1,
      },
      { path: "result", issue: EMPTY_STRUCT_LOG },
    );
    const x = explainTraceError(empty, "debug_traceTransaction");
    expect(x?.headline).toMatch(/^No such transaction/);
    expect(x?.title).toMatch(/does not know this transaction/);
  });
});
