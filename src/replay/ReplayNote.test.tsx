// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { ResolvedEndpoint } from "../endpoints";
import { addRecord, forgetRecords, updateRecord } from "./activity";
import { ReplayNote } from "./ReplayNote";

const HASH = `0x${"cd".repeat(32)}`;
const endpoint: ResolvedEndpoint = {
  url: "http://127.0.0.1:1/node/standard/",
  secrets: [],
  maskedUrl: "http://127.0.0.1:1/node/standard/",
  host: "127.0.0.1:1",
  rpcMethod: "debug_traceTransaction",
  cacheId: "standard",
  provider: "custom",
};
const refusal = {
  kind: "method" as const,
  method: "debug_traceTransaction",
  message: "the method debug_traceTransaction does not exist/is not available",
  code: -32601,
};
const base = { endpoint: "standard", method: "debug_traceTransaction", subject: HASH };

afterEach(() => {
  cleanup();
  forgetRecords();
});

describe("the replay note", () => {
  it("says nothing when every answer came from the node", () => {
    addRecord({ ...base, tracer: "callTracer", state: { at: "done", origin: { from: "node" } } });
    render(<ReplayNote endpoint={endpoint} subject={HASH} />);
    expect(screen.queryByRole("region", { name: "Replayed in this browser" })).toBeNull();
  });

  it("shows the progress with its counts and a Cancel that stops the run; then the refusal, the block and the notes", async () => {
    let cancelled = 0;
    const cancel = () => void cancelled++;
    const id = addRecord({
      ...base,
      tracer: "callTracer",
      state: { at: "running", progress: null, refusal, cancel },
    });
    render(<ReplayNote endpoint={endpoint} subject={HASH} />);
    expect(screen.getByRole("status").textContent).toContain("loading the replay engine");
    act(() =>
      updateRecord(id, {
        at: "running",
        refusal,
        cancel,
        progress: { phase: "block", text: "replaying 3 of 41", done: 3, total: 41 },
      }),
    );
    expect(screen.getByRole("status").textContent).toBe(
      "Replaying callTracer in this browser (the node refused debug_traceTransaction): replaying 3 of 41Cancel",
    );
    await userEvent.setup().click(screen.getByRole("button", { name: /Cancel/ }));
    expect(cancelled).toBe(1);

    act(() =>
      updateRecord(id, {
        at: "done",
        origin: {
          from: "replay",
          blockNumber: 1_200n,
          hardfork: "prague",
          notes: ["Gas used: 52,000 on chain, 51,980 in the replay."],
          refusal,
          requests: 11,
        },
      }),
    );
    const note = screen.getByRole("region", { name: "Replayed in this browser" });
    expect(note.textContent).toContain(
      "replayed in this browser from the node's state at block 1,199 (hardfork prague)",
    );
    expect(note.textContent).toContain('error -32601: "the method debug_traceTransaction');
    expect(screen.getByRole("list", { name: "What the replay cannot vouch for" }).textContent).toBe(
      "Gas used: 52,000 on chain, 51,980 in the replay.",
    );
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("keeps another connection's and another transaction's replays out", () => {
    addRecord({
      ...base,
      endpoint: "other",
      tracer: "callTracer",
      state: { at: "failed", message: "boom", refusal },
    });
    addRecord({
      ...base,
      subject: "0x01",
      tracer: "callTracer",
      state: { at: "failed", message: "boom", refusal },
    });
    render(<ReplayNote endpoint={endpoint} subject={HASH} />);
    expect(screen.queryByRole("region")).toBeNull();
  });
});
