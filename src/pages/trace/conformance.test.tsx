// @vitest-environment jsdom
/**
 * Conformance through the real view: every case of the reference client's own callTracer tests
 * (../shared/conformance/geth-call-tracer) rendered in the virtualised CallTree (with a viewport
 * big enough for all rows), fully expanded. The treeitems must be exactly the fixture's frames,
 * in order, at the right aria-level; failed frames exactly those with `error`; the app's own
 * decoding of `output` equal to geth's `revertReason`; withLog logs inside their frames, in order,
 * at their position among the subcalls.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CallTree, ROW_HEIGHT } from "../../trace/CallTree";
import { FrameDecodeCache, TraceDecoder } from "../../trace/decode";
import { flatten } from "../../trace/flatten";
import { allExpanded, baseStructure, buildRows } from "../../trace/tree";
import { parseTraceJson } from "../../trace/load";
import type { CallFrame, CallLog } from "../../trace/result";

afterEach(cleanup);

const ROOT = resolve(process.cwd(), "../shared/conformance/geth-call-tracer");
const present = existsSync(ROOT);
if (!present && process.env.CI === "true") throw new Error(`conformance corpus missing at ${ROOT}`);
const SUITES = ["call_tracer", "call_tracer_withLog", "call_tracer_legacy"];

interface Expected {
  kind: "frame" | "log";
  level: number;
  frame: CallFrame;
  log?: CallLog;
}

/** The order the viewer must show, computed independently of model.ts (recursive walk). */
function expectedOrder(root: CallFrame): Expected[] {
  const out: Expected[] = [];
  const pos = (l: CallLog) =>
    typeof l.position === "number" ? l.position : Number(l.position ?? 0);
  const walk = (f: CallFrame, level: number) => {
    out.push({ kind: "frame", level, frame: f });
    const logs = f.logs ?? [];
    let next = 0;
    (f.calls ?? []).forEach((c, k) => {
      while (next < logs.length && pos(logs[next] as CallLog) <= k)
        out.push({ kind: "log", level: level + 1, frame: f, log: logs[next++] });
      walk(c, level + 1);
    });
    while (next < logs.length)
      out.push({ kind: "log", level: level + 1, frame: f, log: logs[next++] });
  };
  walk(root, 1);
  return out;
}

const cases = present
  ? SUITES.flatMap((suite) =>
      readdirSync(join(ROOT, suite))
        .filter((f) => f.endsWith(".json"))
        .sort()
        .map((file) => ({ suite, file, path: join(ROOT, suite, file) })),
    )
  : [];

describe.skipIf(!present)("geth callTracer conformance through the call tree", () => {
  it("has the three suites", () => {
    expect(cases.filter((c) => c.suite === "call_tracer").length).toBeGreaterThanOrEqual(15);
    expect(cases.filter((c) => c.suite === "call_tracer_withLog").length).toBeGreaterThanOrEqual(
      10,
    );
    expect(cases.filter((c) => c.suite === "call_tracer_legacy").length).toBeGreaterThanOrEqual(12);
  });

  it.each(cases)("$suite/$file", ({ path }) => {
    // The same path a user takes with "Open trace JSON file": the fixture object carries `result`.
    const parsed = parseTraceJson(readFileSync(path, "utf8"));
    if (!parsed.ok || parsed.answer.kind !== "frame")
      throw new Error(parsed.ok ? "not a callTracer result" : parsed.message);
    const root = parsed.answer.frame;
    const model = flatten(root);
    const structure = baseStructure(model);
    const expanded = allExpanded(model);
    const rows = buildRows(model, structure, expanded);
    const decode = new FrameDecodeCache(model.frames, new TraceDecoder());
    const { container } = render(
      <CallTree
        model={model}
        structure={structure}
        rows={rows}
        expanded={expanded}
        selected={-1}
        decode={decode}
        matches={null}
        onSelect={() => {}}
        onToggle={() => {}}
        onExpandSiblings={() => {}}
        viewport={{ width: 1600, height: (rows.length + 2) * ROW_HEIGHT }}
        height={(rows.length + 2) * ROW_HEIGHT}
      />,
    );
    const expected = expectedOrder(root);
    const shown = [...container.querySelectorAll<HTMLElement>('[role="treeitem"], [data-log-of]')];
    expect(shown.length).toBe(expected.length);

    const items = [...container.querySelectorAll<HTMLElement>('[role="treeitem"]')];
    const frames = expected.filter((e) => e.kind === "frame");
    expect(items.length).toBe(frames.length);

    expected.forEach((e, k) => {
      const el = shown[k] as HTMLElement;
      if (e.kind === "frame") {
        expect(el.getAttribute("role")).toBe("treeitem");
        expect(el.getAttribute("aria-level")).toBe(String(e.level));
        expect(el.textContent).toContain(e.frame.type.toUpperCase());
        const failed = typeof e.frame.error === "string";
        expect(el.getAttribute("aria-invalid") === "true").toBe(failed);
        expect(el.textContent?.includes("failed")).toBe(failed);
        if (failed) expect(el.textContent).toContain(e.frame.error);
        if ((e.frame.calls?.length ?? 0) > 0) expect(el.getAttribute("aria-expanded")).toBe("true");
        else expect(el.hasAttribute("aria-expanded")).toBe(false);
        if (e.frame.revertReason) {
          const reason = el.querySelector("[data-revert-reason]");
          expect(reason?.getAttribute("data-revert-reason")).toBe(e.frame.revertReason);
        }
      } else {
        expect(el.getAttribute("role")).toBeNull();
        const log = e.log as CallLog;
        const owner = Number(el.getAttribute("data-log-of"));
        expect(model.frames[owner]).toBe(e.frame);
        expect(model.frames[owner]?.logs?.[Number(el.getAttribute("data-log-index"))]).toBe(log);
        expect(el.getAttribute("title") ?? el.textContent).toBeTruthy();
      }
    });
  });
});
