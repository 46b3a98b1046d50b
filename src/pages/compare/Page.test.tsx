// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { JsonRpcError, SchemaError, type RpcClient } from "../../rpc";
import { EMPTY_STRUCT_LOG } from "../../trace/result";
import { renderPage } from "../../test-support/pages";
import ComparePage from "./Page";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

interface Call {
  method: string;
  params: readonly unknown[];
}

const FROM = "0x000000000000000000000000000000000000dead";
const TO = "0x0100000000000000000000000000000000000000";
const CHECK = "0x0200000000000000000000000000000000000000";
const HASH_A = `0x${"aa".repeat(32)}`;
const HASH_B = `0x${"bb".repeat(32)}`;
/** A hash the node has never seen: answered as anvil does, with an empty opcode log. */
const UNKNOWN = `0x${"cc".repeat(32)}`;

/** The same call path in every run; the check fails in the mined transaction A only. */
function callTree(checkFails: boolean, gasUsed: string) {
  return {
    type: "CALL",
    from: FROM,
    to: TO,
    gas: "0x100000",
    gasUsed,
    input: "0x12345678",
    calls: [
      {
        type: "STATICCALL",
        from: TO,
        to: CHECK,
        gas: "0x1000",
        gasUsed: "0x100",
        input: "0xc0ffee00",
        ...(checkFails ? { error: "execution reverted", revertReason: "over the cap" } : {}),
      },
    ],
  };
}

function setup(initial: Record<string, string>) {
  const calls: Call[] = [];
  const client: RpcClient = {
    request: async <T,>(
      _e: unknown,
      method: string,
      params: readonly unknown[],
      options?: { schema?: { parse: (v: unknown) => unknown } },
    ) => {
      calls.push({ method, params });
      if (params[0] === UNKNOWN)
        throw new SchemaError(
          { method, endpoint: "http://node.test/", request: {}, durationMs: 1 },
          { path: "result", issue: EMPTY_STRUCT_LOG },
        );
      const tracer = (params[1] as { tracer?: unknown } | undefined)?.tracer;
      // A node without JavaScript tracers: the built-in ones answer, Nodescope's storage tracer not.
      if (typeof tracer === "string" && tracer.includes("{"))
        throw new JsonRpcError(
          { method, endpoint: "http://node.test/", request: {}, durationMs: 1 },
          { code: -32000, message: "tracer not found" },
        );
      if (tracer === "prestateTracer") return { pre: {}, post: {} } as T;
      let answer: unknown = null;
      if (method === "debug_jstraceTransaction")
        answer = params[0] === HASH_A ? callTree(true, "0x30000") : callTree(false, "0x10000");
      else if (method === "debug_traceCall") answer = callTree(false, "0x28000");
      return (options?.schema ? options.schema.parse(answer) : answer) as T;
    },
  };
  const page = renderPage(ComparePage, { client, initial });
  return { calls, page, user: userEvent.setup() };
}

// jsdom lays nothing out, so the virtualised rows are not drawn here: the rows' words are
// CompareTree.test.tsx's; the page's are the sentence, the requests and the links.
const region = () => screen.getByRole("region", { name: /compare/i });
const tree = () => within(region()).getByRole("tree", { name: "Aligned call trees" });

describe("the comparison page", () => {
  it("aligns two transactions and says in one sentence what changed", async () => {
    setup({ a: HASH_A, b: HASH_B });
    await waitFor(() => expect(tree()).toBeTruthy());
    expect(region().textContent).toContain("B used 131,072 less gas; 0xc0ffee00 succeeds in B.");
    expect(region().textContent).toContain("2 changes");
  });

  it("runs a dry-run side at its block through debug_traceCall, and swaps the sides", async () => {
    const sim = `from=${FROM}&to=${TO}&data=0x12345678&block=0x10&tx=${HASH_A}`;
    const { calls, page, user } = setup({ a: HASH_A, b: `sim:${sim}` });
    await waitFor(() => expect(tree()).toBeTruthy());
    const traceCall = calls.find((c) => c.method === "debug_traceCall");
    expect(traceCall?.params[1]).toBe("0x10");
    expect(traceCall?.params[0]).toMatchObject({ from: FROM, to: TO, data: "0x12345678" });
    expect(calls.filter((c) => c.method === "eth_blockNumber")).toHaveLength(0);
    expect(region().textContent).toContain("B used 32,768 less gas");
    expect(screen.getByRole("link", { name: "Open B on its own page" }).getAttribute("href")).toBe(
      `#/simulate?${sim}`,
    );
    await user.click(screen.getByRole("button", { name: "Swap" }));
    expect(page.searches.at(-1)).toMatchObject({ a: `sim:${sim}`, b: HASH_A });
    await waitFor(() =>
      expect(region().textContent).toContain("B used 32,768 more gas; 0xc0ffee00 fails in B."),
    );
  });

  it("says why a side cannot be read, and asks nothing for it", async () => {
    const { calls } = setup({ a: HASH_A, b: "0x1234" });
    expect(await screen.findByText(/Not a transaction hash/)).toBeTruthy();
    expect(screen.queryByRole("region", { name: /compare/i })).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.params[0] === "0x1234")).toBe(false));
  });

  it("says No such transaction for a hash the node does not know, not an unexpected result", async () => {
    setup({ a: HASH_A, b: UNKNOWN });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Side B: The node does not know this transaction");
    expect(alert.textContent).toContain("No such transaction");
    expect(alert.textContent).not.toContain("unexpected result");
    expect(screen.queryByRole("region", { name: /compare/i })).toBeNull();
  });

  it("says the state's names are dropped when the node refuses the storage tracer", async () => {
    const { user } = setup({ a: HASH_A, b: HASH_B });
    await waitFor(() => expect(tree()).toBeTruthy());
    await user.click(screen.getByRole("button", { name: "Compare state changes" }));
    const note = await screen.findByRole("note");
    expect(note.textContent).toMatch(/^The node refused the storage tracer/);
    expect(note.textContent).toContain("shown by number, not by variable name");
  });
});
