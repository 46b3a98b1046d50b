// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, renderHook, waitFor } from "@testing-library/react";
import { AbiRegistry } from "../chain";
import { decodeLogRow } from "./decode";
import { memoDecode, type Decode } from "./model";
import { parseLogs, toLogRow, type LogRow } from "./result";
import { useLogFilter } from "./useLogFilter";
import { syntheticLogs } from "../../bench/synthetic.mjs";

afterEach(cleanup);

const registry = new AbiRegistry();
const rows: LogRow[] = parseLogs(syntheticLogs(3000, 10)).map((r, i) => toLogRow(r, i));

/** A decoder that counts how often it is asked. */
function counting(): { decode: Decode; calls: () => number } {
  let n = 0;
  const inner = memoDecode((row) => {
    n++;
    return decodeLogRow(row, registry);
  });
  return { decode: inner, calls: () => n };
}

describe("useLogFilter", () => {
  it("shows a transaction hash's row before every row is decoded, then the final answer", async () => {
    const { decode, calls } = counting();
    const target = rows[1500] as LogRow;
    const q = (target.transactionHash ?? "").toLowerCase();
    const seen: { matches: number; done: boolean; decoded: number }[] = [];
    const { result } = renderHook(() => {
      const state = useLogFilter(rows, decode, q);
      if (state) seen.push({ matches: state.matches.length, done: state.done, decoded: calls() });
      return state;
    });
    await waitFor(() => expect(result.current?.done).toBe(true), { timeout: 15_000 });
    expect(result.current?.matches).toEqual([target]);
    const firstShown = seen.find((s) => s.matches === 1);
    expect(firstShown?.decoded).toBeLessThan(rows.length);
  });

  it("finds a decoded argument's value without decoding each row", async () => {
    const oracle = counting().decode;
    const { decode, calls } = counting();
    const q = "value=1500000001";
    const expected = rows.filter((r) =>
      oracle(r)?.args.some((a) => a.name === "value" && a.value === "1500000001"),
    );
    expect(expected.length).toBe(1);
    const { result } = renderHook(() => useLogFilter(rows, decode, q));
    await waitFor(() => expect(result.current?.done).toBe(true), { timeout: 15_000 });
    expect(result.current?.matches).toEqual(expected);
    // the argument was read where it sits: one log decoded per event and contract (2 × 3), no more
    expect(calls()).toBeLessThanOrEqual(6);
  });

  it("an address typed in full finds the logs holding it as an argument (after 0x, not as a topic)", async () => {
    const oracle = counting().decode;
    const { decode } = counting();
    const target = rows[1233] as LogRow; // a Transfer (every 5th log is an Approval)
    const to =
      oracle(target)
        ?.args.find((a) => a.name === "to")
        ?.value.toLowerCase() ?? "";
    expect(to).toMatch(/^0x[0-9a-f]{40}$/);
    const expected = rows.filter((r) =>
      oracle(r)?.args.some((a) => a.type === "address" && a.value.toLowerCase() === to),
    );
    const { result } = renderHook(() => useLogFilter(rows, decode, to));
    await waitFor(() => expect(result.current?.done).toBe(true), { timeout: 15_000 });
    expect(result.current?.matches).toEqual(expected);
    expect(expected).toContain(target);
  });

  it("follows rows streaming in: the answer grows with them and stays exact", async () => {
    const { decode } = counting();
    const q = "event=approval";
    const expected = rows.filter((_, i) => i % 5 === 4);
    const before: boolean[] = [];
    const { result, rerender } = renderHook(
      ({ shown }) => {
        const state = useLogFilter(shown, decode, q);
        before.push(state?.before === true);
        return state;
      },
      { initialProps: { shown: rows.slice(0, 1000) } },
    );
    await waitFor(() => expect(result.current?.done).toBe(true), { timeout: 15_000 });
    expect(result.current?.matches).toEqual(expected.slice(0, 200));
    const grown = before.length;
    rerender({ shown: rows.slice(0, 2000) });
    await waitFor(() => expect(result.current?.matches).toHaveLength(400), { timeout: 15_000 });
    // a row inserted before the end (a scan's piece landing in order) means a pass over all
    const reordered = [rows[2504] as LogRow, ...rows.slice(0, 2000)]; // an Approval
    rerender({ shown: reordered });
    await waitFor(() => expect(result.current?.matches).toHaveLength(401), { timeout: 15_000 });
    rerender({ shown: rows });
    await waitFor(() => expect(result.current?.matches).toEqual(expected), { timeout: 15_000 });
    expect(result.current?.done).toBe(true);
    // while rows came in, the answer so far stayed: this query's, never "from before"
    expect(before.slice(grown)).not.toContain(true);
  });

  it("while a query's first pass runs the table keeps what it showed: every row after a cleared filter, never an answer that left", async () => {
    const { decode } = counting();
    const seen: { q: string; matches: readonly LogRow[]; before: boolean }[] = [];
    const { result, rerender } = renderHook(
      ({ q }) => {
        const state = useLogFilter(rows, decode, q);
        if (state) seen.push({ q, matches: state.matches, before: state.before === true });
        return state;
      },
      { initialProps: { q: "event=approval" } },
    );
    // the first query: every row stays on screen, marked as from before, until its answer
    expect(seen[0]?.matches).toBe(rows);
    expect(seen[0]?.before).toBe(true);
    await waitFor(() => expect(result.current?.done).toBe(true), { timeout: 15_000 });
    const approvals = result.current?.matches;
    expect(approvals).toHaveLength(600);
    // cleared: no filter; then another query — every row again, not the Approvals
    rerender({ q: "" });
    expect(result.current).toBeNull();
    seen.length = 0;
    rerender({ q: "event=transfer" });
    expect(seen[0]?.matches).toBe(rows);
    expect(seen.some((s) => s.matches === approvals)).toBe(false);
    await waitFor(() => expect(result.current?.done).toBe(true), { timeout: 15_000 });
    expect(result.current?.matches).toHaveLength(2400);
    expect(result.current?.before).toBeUndefined();
    // straight from one query to the next: the last answer stays until the new one
    seen.length = 0;
    const transfers = result.current?.matches;
    rerender({ q: "event=approval" });
    expect(seen[0]?.matches).toBe(transfers);
    expect(seen[0]?.before).toBe(true);
    await waitFor(() => expect(result.current?.matches).toHaveLength(600), { timeout: 15_000 });
  });
});
