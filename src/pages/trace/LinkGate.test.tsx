// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { resolveEndpoint, type Connection } from "../../endpoints";
import type { RpcClient } from "../../rpc";
import type { RpcContextValue } from "../../connection/context";
import { renderPage } from "../../test-support/pages";
import TracePage from "./Page";

afterEach(cleanup);

const HASH = `0x${"ab".repeat(32)}`;
const ADDR = `0x${"12".repeat(20)}`;
const FRAME = { type: "CALL", from: ADDR, to: ADDR, gas: "0x1", gasUsed: "0x1", input: "0x" };
const KEY = "secretKEY0123456789wxyz";
const CODE = `{
  n: 0,
  step: function (log) { this.n++; },
  fault: function () {},
  result: function () { return { steps: this.n }; }
}`;
const GATE = /trace waits for you/;

/** A few turns of the event loop: a query the page would start has started by then. */
const settled = () => act(() => new Promise((r) => setTimeout(r, 30)));

const NODEREAL: Connection = {
  kind: "nodereal",
  apiKey: KEY,
  rollupNitroSegment: "arbitrum-nitro",
  rollupSegment: "arbitrum",
  traceNetwork: "bsc-mainnet",
};

function setup(
  initial: Record<string, string>,
  where: { connection?: Connection; linkEndpoint?: boolean } = {},
) {
  const sent: { method: string; params: readonly unknown[] }[] = [];
  const client = {
    request: async (
      _e: unknown,
      method: string,
      params: readonly unknown[],
      call?: { schema?: { parse: (v: unknown) => unknown } },
    ) => {
      sent.push({ method, params });
      const answer = (params[1] as { tracer?: string }).tracer === "callTracer" ? FRAME : { n: 7 };
      return call?.schema ? call.schema.parse(answer) : answer;
    },
  } as unknown as RpcClient;
  const connection = where.connection ?? NODEREAL;
  const context: RpcContextValue = {
    client,
    devnet: null,
    resolve: (method) => resolveEndpoint(connection, method),
    linkEndpoint: where.linkEndpoint ?? false,
  };
  renderPage(TracePage, { client, initial, context });
  const traces = () => sent.filter((c) => /^debug_(js)?traceTransaction$/.test(c.method));
  return { traces, user: userEvent.setup() };
}

describe("a trace link that would spend the user's key on code they have not seen", () => {
  it("shows the code read-only, its size and the masked endpoint, and sends nothing until the button", async () => {
    const { traces, user } = setup({ hash: HASH, tracer: CODE });
    const gate = await screen.findByRole("region", { name: GATE });
    const code = within(gate).getByRole("textbox", { name: /Tracer code/ }) as HTMLTextAreaElement;
    expect(code.readOnly).toBe(true);
    expect(code.value).toBe(CODE);
    expect(gate.textContent).toContain(`custom code, ${CODE.length} bytes, 6 lines`);
    expect(gate.textContent).toContain(
      `debug_jstraceTransaction at https://bsc-mainnet.nodereal.io/v1/••••wxyz`,
    );
    expect(gate.textContent).toMatch(/chosen by whoever wrote the link/);
    expect(document.body.textContent).not.toContain(KEY);
    // One button runs it; the form stays folded behind its summary.
    expect(within(gate).getAllByRole("button")).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Trace transaction" })).toBeNull();
    await settled();
    expect(traces()).toEqual([]);

    await user.click(within(gate).getByRole("button", { name: "Run this tracer" }));
    await waitFor(() => expect(traces()).toHaveLength(1));
    expect(traces()[0]?.params).toEqual([HASH, { tracer: CODE }]);
    expect(screen.queryByRole("region", { name: GATE })).toBeNull();
    // After that, Run again works as for any request.
    await user.click(await screen.findByRole("button", { name: "Run again" }));
    await waitFor(() => expect(traces()).toHaveLength(2));
  });

  it("everything the link would send is shown: its tracer config and timeout too", async () => {
    setup({ hash: HASH, tracer: CODE, tracerConfig: '{"depth":2}', timeout: "3s" });
    const gate = await screen.findByRole("region", { name: GATE });
    expect(gate.textContent).toContain('Tracer config{"depth":2}');
    expect(gate.textContent).toContain("Timeout3s");
    expect(gate.textContent).not.toMatch(/nodes stop at/);
  });

  it("a built-in tracer link runs at once, with no gate", async () => {
    const { traces } = setup({ hash: HASH, tracer: "callTracer" });
    await screen.findByRole("button", { name: "Run again" });
    expect(traces()).toHaveLength(1);
    expect(screen.queryByRole("region", { name: GATE })).toBeNull();
  });

  it("a timeout above the node's default waits too, and says why", async () => {
    const { traces, user } = setup({ hash: HASH, tracer: "callTracer", timeout: "2m" });
    const gate = await screen.findByRole("region", { name: GATE });
    expect(gate.textContent).toMatch(/up to 2m, longer than the 5s nodes stop at by default/);
    expect(within(gate).queryByRole("textbox")).toBeNull();
    await settled();
    expect(traces()).toEqual([]);
    await user.click(within(gate).getByRole("button", { name: "Run this tracer" }));
    await waitFor(() => expect(traces()).toHaveLength(1));
  });

  it("the user's own submit is their choice: the form sends what it holds", async () => {
    const { traces, user } = setup({ hash: HASH, tracer: CODE });
    await screen.findByRole("region", { name: GATE });
    await user.click(screen.getByRole("button", { name: /Edit/ }));
    const editor = screen.getByLabelText("JavaScript tracer");
    await user.clear(editor);
    await user.click(editor);
    await user.paste(CODE.replace("this.n++", "this.n += 2"));
    await user.click(screen.getByRole("button", { name: "Trace transaction" }));
    await waitFor(() => expect(traces()).toHaveLength(1));
    expect(traces()[0]?.params).toEqual([
      HASH,
      { tracer: CODE.replace("this.n++", "this.n += 2") },
    ]);
    expect(screen.queryByRole("region", { name: GATE })).toBeNull();
  });

  it("a link naming its own endpoint (rpc=), and the devnet, spend no key of the user's: they run as before", async () => {
    const own = setup(
      { hash: HASH, tracer: CODE },
      {
        connection: {
          kind: "custom",
          url: "http://node.test/",
          traceMethod: "debug_jstraceTransaction",
        },
        linkEndpoint: true,
      },
    );
    await waitFor(() => expect(own.traces()).toHaveLength(1));
    expect(screen.queryByRole("region", { name: GATE })).toBeNull();
    cleanup();
    const devnet = {
      chainId: 31337,
      apiKey: "nodescope-demo",
      gatewayUrl: "http://127.0.0.1:1",
      anvilUrl: "http://127.0.0.1:2",
      endpoints: {
        rollupNitro: "http://127.0.0.1:1/n",
        rollup: "http://127.0.0.1:1/r",
        trace: "http://127.0.0.1:1/t",
      },
    };
    const local = setup({ hash: HASH, tracer: CODE }, { connection: { kind: "devnet", devnet } });
    await waitFor(() => expect(local.traces()).toHaveLength(1));
    expect(screen.queryByRole("region", { name: GATE })).toBeNull();
  });

  it("the user's own custom URL (it may hold a key) waits like the provider", async () => {
    const { traces } = setup(
      { hash: HASH, tracer: CODE },
      {
        connection: {
          kind: "custom",
          url: "http://node.test/v2/abc",
          traceMethod: "debug_traceTransaction",
        },
      },
    );
    const gate = await screen.findByRole("region", { name: GATE });
    expect(gate.textContent).toContain("debug_traceTransaction at http://node.test/v2/abc");
    await settled();
    expect(traces()).toEqual([]);
  });
});
