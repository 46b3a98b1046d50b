// @vitest-environment jsdom
/**
 * Every callTracer answer of the real-output corpus (src/test-support/corpus: Erigon, Besu,
 * Arbitrum Nitro, Klaytn, zkSync…) through the schema, the model and the views — and the rules the
 * schema keeps, pinned for any faster validator that replaces it:
 *
 * - the checked tree equals what an independent, recursive reading of the rules gives (nulls as
 *   absent, wrong types left out with a warning holding the raw value, unknown keys kept), frame
 *   for frame, with the warnings;
 * - real answers carry no warnings; the synthetic cases below carry exactly the listed ones;
 * - every frame renders with no NaN, no invented figure ("—" where the node sent none), its extra
 *   keys under "Other fields", and logs of reverted frames marked as not emitted.
 */
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { corpusFiles, type CorpusEntry } from "../../test-support/corpus/index";
import { CallTree, ROW_HEIGHT } from "../../trace/CallTree";
import { FrameDecodeCache, TraceDecoder } from "../../trace/decode";
import { FrameDetail } from "../../trace/FrameDetail";
import { readTraceAnswer, resolvePicks, type TraceAnswer } from "../../trace/load";
import { flatten } from "../../trace/flatten";
import { frameFailed, gasShare, summarize, type TraceModel } from "../../trace/model";
import { allExpanded, baseStructure, buildRows } from "../../trace/tree";
import { callFrameSchema, frameIssues, type CallFrame } from "../../trace/result";
import { A, B, C } from "../../trace/testing";
import { deriveTransfers } from "../../trace/insight/transfers";

afterEach(cleanup);

// ---------------------------------------------------------------------------------------------
// The rules, read independently (recursive, field by field), as a digest per frame.

interface Digest {
  path: string;
  fields: Record<string, unknown>;
  calls: number;
  warnings: string[];
}

const OPTIONAL = ["to", "value", "gas", "gasUsed", "input", "output", "error", "revertReason"];
const QUANTITY = new Set(["value", "gas", "gasUsed"]);

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function expectedDigest(raw: unknown): Digest[] {
  const out: Digest[] = [];
  const walk = (node: unknown, path: string) => {
    const d: Digest = { path, fields: {}, calls: 0, warnings: [] };
    out.push(d);
    if (!isObj(node)) {
      d.fields = { type: "", from: "" };
      d.warnings.push("(frame)");
      return;
    }
    for (const [k, v] of Object.entries(node)) {
      if (k === "calls" || k === "logs") continue;
      if (k === "type" || k === "from") {
        if (typeof v === "string") d.fields[k] = v;
        else {
          d.fields[k] = "";
          d.warnings.push(k);
        }
      } else if (OPTIONAL.includes(k)) {
        if (v === null) continue;
        if (QUANTITY.has(k) && typeof v === "number" && Number.isInteger(v) && v >= 0)
          d.fields[k] = `0x${v.toString(16)}`;
        else if (typeof v === "string" && (!QUANTITY.has(k) || /^(0x[0-9a-fA-F]*|[0-9]+)$/.test(v)))
          d.fields[k] = v;
        else d.warnings.push(k);
      } else d.fields[k] = v;
    }
    for (const k of ["type", "from"]) {
      if (k in node) continue;
      d.fields[k] = "";
      d.warnings.push(k);
    }
    if (Array.isArray(node.logs)) {
      d.fields.logs = node.logs
        .filter((l, j) => {
          if (!isObj(l)) d.warnings.push(`logs[${j}]`);
          return isObj(l);
        })
        .map((l) => {
          const log: Record<string, unknown> = { topics: [], data: "0x" };
          for (const [k, v] of Object.entries(l)) if (v !== null) log[k] = v;
          return log;
        });
    } else if (node.logs !== undefined && node.logs !== null) d.warnings.push("logs");
    if (Array.isArray(node.calls)) {
      d.calls = node.calls.length;
      node.calls.forEach((c, k) => walk(c, `${path}${path ? "." : ""}calls[${k}]`));
    } else if (node.calls !== undefined && node.calls !== null) d.warnings.push("calls");
    d.warnings.sort();
  };
  walk(raw, "");
  return out;
}

function actualDigest(root: CallFrame): Digest[] {
  const out: Digest[] = [];
  const walk = (f: CallFrame, path: string) => {
    const fields: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(f)) {
      if (k === "calls" || v === undefined) continue;
      fields[k] = k === "logs" ? (v as object[]).map((l) => ({ ...l })) : v;
    }
    for (const l of (fields.logs ?? []) as Record<string, unknown>[])
      for (const k of Object.keys(l)) if (l[k] === undefined) delete l[k];
    out.push({
      path,
      fields,
      calls: f.calls?.length ?? 0,
      warnings: frameIssues(f)
        .map((x) => x.field.replace(/^(logs\[\d+\])\..*$/, "$1"))
        .sort(),
    });
    f.calls?.forEach((c, k) => walk(c, `${path}${path ? "." : ""}calls[${k}]`));
  };
  walk(root, "");
  return out;
}

// ---------------------------------------------------------------------------------------------
// Every call tree of the corpus, block entries and muxTracer parts picked one by one.

interface Tree {
  name: string;
  raw: unknown;
  frame: CallFrame;
}

function treesOf(e: CorpusEntry): { answer: TraceAnswer; trees: Tree[] } {
  const answer = readTraceAnswer(e.result, e.tracer === "callTracer");
  const trees: Tree[] = [];
  if (answer.kind === "frame") trees.push({ name: e.file, raw: e.result, frame: answer.frame });
  if (answer.kind === "block" || answer.kind === "mux") {
    const count = answer.kind === "block" ? answer.entries.length : answer.parts.length;
    for (let k = 0; k < count; k++) {
      const picked = resolvePicks(answer, e.result, [k]);
      if (picked.answer.kind === "frame")
        trees.push({ name: `${e.file} [${k}]`, raw: picked.raw, frame: picked.answer.frame });
    }
  }
  return { answer, trees };
}

const traceFiles = corpusFiles(
  (e) => e.method.startsWith("debug_trace") && e.error === null && e.tracer !== "prestateTracer",
);
const trees = traceFiles.flatMap((e) => treesOf(e).trees);

/** What each file holds, pinned: kind, and frames per call tree (in the node's order). */
const EXPECTED_SHAPES: Record<string, string> = {
  "arbitrum-nitro/debug_traceTransaction-delegatecall.json": "frame 3",
  "arbitrum-nitro/debug_traceTransaction-inner-revert-reason.json": "frame 3",
  "arbitrum-nitro/debug_traceTransaction-onlytopcall.json": "frame 1",
  "arbitrum-nitro/debug_traceTransaction-simple-evm-transfers.json": "frame 2",
  "arbitrum-nitro/debug_traceTransaction-withlog-partial-failed.json": "frame 2",
  "arbitrum-nitro/debug_traceTransaction-withlog-position-no-index.json": "frame 1",
  "besu/debug_traceBlockByNumber-calltracer-create-no-to.json": "block 1",
  "besu/debug_traceBlockByNumber-calltracer-delegatecall-value.json": "block 2",
  "besu/debug_traceBlockByNumber-calltracer-empty-block.json": "block",
  "besu/debug_traceBlockByNumber-calltracer-failed-creates.json": "block 2,2,2",
  "besu/debug_traceBlockByNumber-calltracer-halts.json": "block 1,1,1",
  "erigon/debug_traceBlockByNumber-mainnet-block-calltracer.json": "block 16,83,36,12",
  "erigon/debug_traceCall-mainnet-delegatecall-value.json": "frame 5",
  "erigon/debug_traceCall-mainnet-execution-reverted.json": "frame 1",
  "erigon/debug_traceCall-mainnet-invalid-opcode-revert.json": "frame 1",
  "erigon/debug_traceCall-mainnet-muxtracer.json": "mux 1",
  "erigon/debug_traceTransaction-mainnet-empty-tracerconfig.json": "frame 10",
  "erigon/debug_traceTransaction-mainnet-oog-uint64-overflow.json": "frame 4",
  "erigon/debug_traceTransaction-mainnet-withlog-index-position.json": "frame 6",
  "erigon/debug_traceTransaction-sepolia-string-id-delegatecall-value.json": "frame 18",
  "klaytn/debug_traceTransaction-create2-gasused-over-gas.json": "frame 2",
  "klaytn/debug_traceTransaction-evm-prefixed-error.json": "frame 1",
  "klaytn/debug_traceTransaction-gasused-over-gas.json": "frame 2",
  "klaytn/debug_traceTransaction-inner-throw-outer-revert.json": "frame 2",
  "klaytn/debug_traceTransaction-revert-reverted-object.json": "frame 1",
  "klaytn/debug_traceTransaction-reverted-message-empty.json": "frame 1",
  "klaytn/debug_traceTransaction-reverted-message.json": "frame 4",
  "klaytn/debug_traceTransaction-selfdestruct-no-input.json": "frame 2",
  "klaytn/debug_traceTransaction-to-eoa-gasused-over-gas.json": "frame 1",
  "zksync-era/debug_traceBlockByHash-pascalcase-type-nulls.json": "block 1",
};

function renderTree(model: TraceModel) {
  const structure = baseStructure(model);
  const expanded = allExpanded(model);
  const rows = buildRows(model, structure, expanded);
  const decode = new FrameDecodeCache(model.frames, new TraceDecoder());
  const height = (rows.length + 2) * ROW_HEIGHT;
  const view = render(
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
      viewport={{ width: 1600, height }}
      height={height}
    />,
  );
  return { ...view, decode, rows };
}

describe("every client's callTracer output in the corpus", () => {
  it("reads every file's shape: one tree, a block to pick from, or a muxTracer answer", () => {
    const shapes: Record<string, string> = {};
    for (const e of traceFiles) {
      const { answer, trees: ts } = treesOf(e);
      const counts = ts.map((t) => flatten(t.frame).size).join(",");
      shapes[e.file] = `${answer.kind}${counts ? ` ${counts}` : ""}`;
    }
    for (const [file, shape] of Object.entries(EXPECTED_SHAPES))
      expect(shapes[file], file).toBe(shape);
    // A file added to the corpus is added here too.
    expect(Object.keys(shapes).sort()).toEqual(Object.keys(EXPECTED_SHAPES).sort());
  });

  it.each(trees.map((t) => [t.name, t] as const))(
    "%s: the checked tree follows the rules, with no warnings",
    (_name, t) => {
      const actual = actualDigest(t.frame);
      expect(actual).toEqual(expectedDigest(t.raw));
      expect(actual.flatMap((d) => d.warnings)).toEqual([]);
    },
  );

  it.each(trees.map((t) => [t.name, t] as const))(
    "%s: the model and every view show it without NaN or invented figures",
    (_name, t) => {
      const model = flatten(t.frame);
      for (let i = 0; i < model.size; i++) {
        const s = gasShare(model, i);
        expect(s === null || (s >= 0 && s <= 1), `share of frame ${i}`).toBe(true);
      }
      const { container, decode } = renderTree(model);
      const items = within(container).getAllByRole("treeitem");
      expect(items).toHaveLength(model.size);
      items.forEach((el, i) => {
        const f = model.frames[i] as CallFrame;
        expect(el.textContent).not.toMatch(/NaN|undefined|Infinity/);
        expect(el.getAttribute("aria-invalid") === "true").toBe(frameFailed(f));
        if (f.gasUsed === undefined) expect(el.textContent).toContain("— gas");
      });
      for (const el of container.querySelectorAll("[data-log-of]")) {
        const owner = Number(el.getAttribute("data-log-of"));
        expect(el.getAttribute("data-log-reverted") === "true").toBe(model.reverted[owner] === 1);
      }
      cleanup();
      for (let i = 0; i < model.size; i++) {
        const f = model.frames[i] as CallFrame;
        const { container: detail } = render(
          <FrameDetail model={model} index={i} decode={decode} />,
        );
        expect(detail.textContent).not.toMatch(/NaN|undefined|Infinity/);
        if (f.gas === undefined) expect(detail.textContent).toContain("used of — (not sent)");
        for (const k of Object.keys(f))
          if (
            ![
              "type",
              "from",
              "to",
              "value",
              "gas",
              "gasUsed",
              "input",
              "output",
              "error",
              "revertReason",
              "calls",
              "logs",
            ].includes(k)
          )
            expect(detail.querySelector(`[data-other-field="${k}"]`), k).not.toBeNull();
        cleanup();
      }
    },
  );
});

describe("client differences, pinned on the corpus", () => {
  const tree = (file: string, k?: number): CallFrame => {
    const found = trees.find((t) => t.name === (k === undefined ? file : `${file} [${k}]`));
    if (!found) throw new Error(`no tree ${file} ${k ?? ""}`);
    return found.frame;
  };

  it("zkSync: type Call and null error/revertReason read as a successful CALL", () => {
    const f = tree("zksync-era/debug_traceBlockByHash-pascalcase-type-nulls.json", 0);
    expect(f.error).toBeUndefined();
    expect(f.revertReason).toBeUndefined();
    const m = flatten(f);
    expect(m.typeCounts.get("CALL")).toBe(1);
    expect(m.failed[0]).toBe(0);
  });

  it("Klaytn: no gas figures shown as missing; gasUsed above gas gives no share above 100%", () => {
    const m = flatten(tree("klaytn/debug_traceTransaction-gasused-over-gas.json"));
    expect(m.gasKnown[1]).toBe(0);
    expect(gasShare(m, 1)).toBeNull();
    expect(gasShare(m, 0)).toBe(1);
    expect(summarize(m).topGasUsed).toBe(0x59f6);
  });

  it("Klaytn: `reverted` is kept, counts as failed, and shows under Other fields", () => {
    const f = tree("klaytn/debug_traceTransaction-revert-reverted-object.json");
    const m = flatten(f);
    expect(m.failed[0]).toBe(1);
    const { container } = render(
      <FrameDetail
        model={m}
        index={0}
        decode={new FrameDecodeCache(m.frames, new TraceDecoder())}
      />,
    );
    expect(container.querySelector('[data-other-field="reverted"]')?.textContent).toContain(
      "0xabbcd5b340c80b5f1c0545c04c987b87310296ae",
    );
  });

  it("Klaytn: `reverted.message` is the revert reason when the node sends no other", () => {
    const m = flatten(tree("klaytn/debug_traceTransaction-reverted-message.json"));
    const decode = new FrameDecodeCache(m.frames, new TraceDecoder());
    const { container } = renderTree(m);
    const top = within(container).getAllByRole("treeitem")[0];
    expect(top?.querySelector("[data-revert-reason]")?.getAttribute("data-revert-reason")).toBe(
      "SafeMath: subtraction overflow",
    );
    cleanup();
    render(<FrameDetail model={m} index={0} decode={decode} />);
    expect(screen.getByText(/node's revert reason: SafeMath: subtraction overflow/)).toBeTruthy();
    // Its subcalls succeeded but were undone with it: nothing they did took effect.
    expect([...m.reverted]).toEqual([1, 1, 1, 1]);
  });

  it("Klaytn: a CREATE2 frame, created address shown as such", () => {
    const m = flatten(tree("klaytn/debug_traceTransaction-create2-gasused-over-gas.json"));
    expect(m.typeCounts.get("CREATE2")).toBe(1);
    const { container } = renderTree(m);
    expect(within(container).getAllByRole("treeitem")[1]?.textContent).toContain("created");
    expect(gasShare(m, 1)).toBeCloseTo(0x2a20 / 0x12310);
  });

  it("DELEGATECALL value kept but not moved (Erigon's non-zero one)", () => {
    const models = [0, 1, 2, 3].map((k) =>
      flatten(tree("erigon/debug_traceBlockByNumber-mainnet-block-calltracer.json", k)),
    );
    const delegates = models.flatMap((m) =>
      m.frames.filter(
        (x) => x.type.toUpperCase() === "DELEGATECALL" && x.value && BigInt(x.value) > 0n,
      ),
    );
    expect(delegates.length).toBeGreaterThan(0);
    for (const m of models) {
      let moved = 0n;
      m.frames.forEach((x, i) => {
        const t = x.type.toUpperCase();
        if (m.reverted[i] === 0 && x.value && !["DELEGATECALL", "STATICCALL"].includes(t))
          moved += BigInt(x.value);
      });
      expect(m.valueMoved).toBe(moved);
    }
  });

  it("Arbitrum: logs with position but no index sit at their position; transfers kept as other fields", () => {
    const f = tree("arbitrum-nitro/debug_traceTransaction-withlog-position-no-index.json");
    expect(f.logs?.length).toBeGreaterThan(0);
    expect(f.logs?.every((l) => l.index === undefined && l.position !== undefined)).toBe(true);
    expect(Object.keys(f)).toEqual(
      expect.arrayContaining(["beforeEVMTransfers", "afterEVMTransfers"]),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// What no corpus file has yet, built to the clients' documented shapes.

const synthetic = {
  type: "call",
  from: A,
  to: B,
  value: "0x0",
  gas: "0x7fffffffffffffff",
  gasUsed: "0x5208",
  input: "0x",
  time: "1.077µs",
  logs: [{ address: B, topics: [], data: "0x", position: "0x0" }],
  calls: [
    {
      type: "Call",
      from: B,
      to: C,
      gas: true,
      gasUsed: "0x9",
      input: "0x",
      error: "execution reverted",
      logs: [{ address: C, topics: ["0x" + "11".repeat(32)], data: "0x", position: 0 }],
      calls: [{ type: "INVALID", from: 12, to: C, input: "0x", gasUsed: "0x1" }],
    },
    "not a frame",
    { type: "SELFDESTRUCT", from: C, to: A, value: "0x5" },
    { type: "CREATE2", from: B, to: C, value: "0x1", gas: "0x10", gasUsed: "0x20", input: "0x60" },
    {
      type: "CALL",
      from: B,
      to: C,
      gas: "0x10",
      gasUsed: "0x10",
      input: "0x",
      reverted: { contract: C, message: "not enough balance" },
    },
  ],
};

describe("client differences no corpus file has yet", () => {
  const root = callFrameSchema.parse(synthetic);
  const m = flatten(root);

  it("keeps every frame, with the warnings the rules give", () => {
    expect(actualDigest(root)).toEqual(expectedDigest(synthetic));
    expect(m.size).toBe(7);
    expect(m.frames.map((f) => frameIssues(f).map((x) => `${x.field}: ${x.message}`))).toEqual([
      [],
      ["gas: expected hex quantity, got true"],
      ["from: expected an address string, got 12"],
      ['(frame): expected a frame object, got "not a frame"'],
      [],
      [],
      [],
    ]);
    expect([...m.typeCounts.keys()].sort()).toEqual(
      ["?", "CALL", "CREATE2", "INVALID", "SELFDESTRUCT"].sort(),
    );
  });

  it("counts logs of reverted frames apart, and moves no value under a failed frame", () => {
    const s = summarize(m);
    expect(s.logs).toBe(1);
    expect(s.revertedLogs).toBe(1);
    expect(s.issueFrames).toBe(3);
    expect(m.valueMoved).toBe(0x5n + 0x1n);
    expect(m.failed[6]).toBe(1);
  });

  it("gives shares only where they mean something", () => {
    expect(gasShare(m, 0)).toBe(1);
    expect(gasShare(m, 3)).toBeNull();
    expect(gasShare(m, 4)).toBeNull();
    expect(gasShare(m, 5)).toBe(0x20 / 0x5208);
  });

  it("shows the warnings, the missing gas, the extra keys and the reverted logs", () => {
    const { container, decode } = renderTree(m);
    const rows = within(container).getAllByRole("treeitem");
    expect(rows[1]?.textContent).toContain("gas: expected hex quantity, got true");
    expect(rows[3]?.textContent).toContain("(frame): expected a frame object");
    expect(rows[4]?.textContent).toContain("— gas");
    expect(rows[6]?.querySelector("[data-revert-reason]")?.textContent).toContain(
      "not enough balance",
    );
    const logRows = [...container.querySelectorAll("[data-log-of]")];
    expect(logRows.map((el) => el.getAttribute("data-log-reverted"))).toEqual([null, "true"]);
    expect(logRows[1]?.textContent).toContain("reverted (not emitted)");
    cleanup();
    render(<FrameDetail model={m} index={0} decode={decode} />);
    expect(screen.getByText("1.077µs")).toBeTruthy();
    cleanup();
    render(<FrameDetail model={m} index={1} decode={decode} />);
    const note = screen.getByRole("note", { name: /unexpected type/ });
    expect(note.textContent).toContain("gas: expected hex quantity, got true");
    expect(screen.getByText(/used of — \(not sent\)/)).toBeTruthy();
  });
});

describe("logs kept on reverted frames", () => {
  const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
  const word = (hex: string) => `0x${hex.replace(/^0x/, "").padStart(64, "0")}`;
  const transferLog = (amount: number) => ({
    address: C,
    topics: [TRANSFER, word(A), word(B)],
    data: word(amount.toString(16)),
    position: "0x0",
  });
  const trace = callFrameSchema.parse({
    type: "CALL",
    from: A,
    to: B,
    gas: "0x100",
    gasUsed: "0x80",
    input: "0x",
    logs: [transferLog(1)],
    calls: [
      {
        type: "CALL",
        from: B,
        to: C,
        gas: "0x50",
        gasUsed: "0x50",
        input: "0x",
        error: "execution reverted",
        logs: [transferLog(2)],
        calls: [{ type: "CALL", from: C, to: A, input: "0x", logs: [transferLog(3)] }],
      },
    ],
  });
  it("are not emitted: not counted, not in token flow, marked in the tree", () => {
    const m = flatten(trace);
    expect(summarize(m)).toMatchObject({ logs: 1, revertedLogs: 2 });
    expect(deriveTransfers(m).map((t) => t.amount)).toEqual([1n]);
    const { container } = renderTree(m);
    const marks = [...container.querySelectorAll("[data-log-of]")].map((el) => [
      el.getAttribute("data-log-of"),
      el.getAttribute("data-log-reverted"),
    ]);
    expect(marks).toEqual([
      ["0", null],
      ["1", "true"],
      ["2", "true"],
    ]);
    expect(within(container).getAllByRole("treeitem")[1]?.textContent).toContain(
      "1 log (reverted, not emitted)",
    );
  });
});
