import { describe, expect, it } from "vitest";
import { emptyForm } from "../call/params";
import {
  checkSimulate,
  describeRequest,
  emptyBlockValues,
  fromSearch,
  toParams,
  toSearch,
  callTarget,
} from "./params";
import { PRESTATE_DIFF, traceRunParams } from "../trace/requests";

const FROM = "0x000000000000000000000000000000000000dead";
const TO = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const SLOT = `0x${"1c".repeat(32)}`;
const WORD = `0x${"00".repeat(31)}ff`;
const HASH = `0x${"ab".repeat(32)}`;

describe("simulation links", () => {
  it("a link with a call, a block and a state override set → the request, sent as stateOverrides", () => {
    const overrides = {
      [TO]: { stateDiff: { [SLOT]: WORD } },
      [FROM]: { balance: "0x56bc75e2d63100000" },
    };
    const link = fromSearch(
      new URLSearchParams({
        from: FROM,
        to: TO,
        data: "0xa9059cbb",
        value: "0xde0b6b3a7640000",
        block: "latest",
        overrides: JSON.stringify(overrides),
      }),
    );
    expect(link.complete).toBe(true);
    expect(link.overridesError).toBeNull();
    expect(link.request).not.toBeNull();
    if (!link.request) return;
    const [tx, block, config] = toParams(link.request);
    expect(tx).toEqual({ from: FROM, to: TO, data: "0xa9059cbb", value: "0xde0b6b3a7640000" });
    expect(block).toBe("latest");
    expect(config).toEqual({
      tracer: "callTracer",
      tracerConfig: { withLog: true },
      stateOverrides: overrides,
    });
    // the same overrides, the prestate tracer: the state changes of the very same call
    expect(traceRunParams(callTarget(link.request), PRESTATE_DIFF)).toEqual([
      tx,
      "latest",
      { ...PRESTATE_DIFF, stateOverrides: overrides },
    ]);
    expect(describeRequest(link.request)).toContain("2 accounts overridden");
  });

  it("an empty block is latest (debug_traceCall needs one); no overrides, no stateOverrides key", () => {
    const link = fromSearch(new URLSearchParams({ to: TO }));
    expect(link.request?.block).toBe("latest");
    expect(link.request ? toParams(link.request)[2] : null).toEqual({
      tracer: "callTracer",
      tracerConfig: { withLog: true },
    });
  });

  it("round trip: a checked request → the link → the same request", () => {
    const r = checkSimulate({
      call: { ...emptyForm(), from: FROM, to: TO, value: "1", valueUnit: "ether", gas: "100000" },
      accounts: fromSearch(
        new URLSearchParams({ overrides: JSON.stringify({ [FROM]: { balance: "0x64" } }) }),
      ).values.accounts,
      block: { ...emptyBlockValues(), number: "0x10" },
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const search = toSearch(r.request, { tx: HASH });
    const sp = new URLSearchParams();
    for (const [k, v] of Object.entries(search)) if (v) sp.set(k, v);
    const back = fromSearch(sp);
    expect(back.request).toEqual(r.request);
    expect(back.minedTx).toBe(HASH);
    expect(r.request.blockOverrides).toEqual({ number: "0x10" });
  });

  it("a link whose overrides are not JSON: said so, nothing runs", () => {
    const link = fromSearch(new URLSearchParams({ to: TO, overrides: "{not json" }));
    expect(link.request).toBeNull();
    expect(link.overridesError).toMatch(/overrides cannot be read/);
  });

  it("a bad call field in a link: its problem named, nothing runs", () => {
    const link = fromSearch(new URLSearchParams({ to: "0x1234" }));
    expect(link.request).toBeNull();
    expect(link.problems.to).toMatch(/40 hex digits/);
    expect(link.any).toBe(true);
  });

  it("a bad override stops the request though the call is fine", () => {
    const r = checkSimulate({
      call: { ...emptyForm(), to: TO },
      accounts: fromSearch(
        new URLSearchParams({ overrides: JSON.stringify({ [TO]: { nonce: "0x1" } }) }),
      ).values.accounts.map((a) => ({ ...a, nonce: "not a number" })),
      block: emptyBlockValues(),
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.overrides).toBe(true);
  });

  it("tx= is kept only as a transaction hash", () => {
    expect(fromSearch(new URLSearchParams({ to: TO, tx: "0x12" })).minedTx).toBeNull();
    expect(
      fromSearch(new URLSearchParams({ to: TO, tx: HASH.toUpperCase().replace("0X", "0x") }))
        .minedTx,
    ).toBe(HASH);
  });
});
