import { describe, expect, it } from "vitest";
import { compareHref, parseSide, sideHref, sideName, sideParam } from "./sides";

const HASH = `0x${"ab".repeat(32)}`;
const TO = "0x00000000000000000000000000000000000000aa";

describe("the comparison's sides", () => {
  it("round-trips a dry run's link params through b=sim:…", () => {
    const sim = `from=${TO}&to=${TO}&data=0x12345678&block=0x10&tx=${HASH}`;
    const link = compareHref(HASH, `sim:${sim}`);
    const search = new URLSearchParams(link.slice(link.indexOf("?") + 1));
    expect(parseSide(search.get("a"))).toEqual({ kind: "tx", hash: HASH });
    const b = parseSide(search.get("b"));
    expect(b.kind).toBe("sim");
    if (b.kind !== "sim") return;
    expect(b.params).toBe(sim);
    expect(b.link.minedTx).toBe(HASH);
    expect(b.link.request?.block).toBe("0x10");
    expect(sideHref(b)).toBe(`#/simulate?${sim}`);
    expect(sideHref({ kind: "tx", hash: HASH })).toBe(`#/trace?hash=${HASH}&tracer=callTracer`);
  });

  it("says why a side cannot be read", () => {
    expect(parseSide("0x12").kind).toBe("invalid");
    expect(parseSide("sim:from=0x1").kind).toBe("invalid");
    expect(parseSide(null).kind).toBe("empty");
  });

  it("takes a pasted dry-run URL, keeping its request params and dropping the view", () => {
    expect(sideParam(`https://x.test/#/simulate?to=${TO}&data=0x01&view=state`)).toBe(
      `sim:to=${TO}&data=0x01`,
    );
    expect(sideParam(` ${HASH} `)).toBe(HASH);
  });

  it("reads replay:0x… as the transaction replayed in this browser, opened on its own page from the node", () => {
    const hash = `0x${"Ab".repeat(32)}`;
    const side = parseSide(`replay:${hash}`);
    expect(side).toEqual({ kind: "tx", hash: hash.toLowerCase(), replay: true });
    expect(sideName(side)).toBe("transaction 0xabababab…abab replayed in this browser");
    expect(sideHref(side)).toBe(`#/trace?hash=${hash.toLowerCase()}&tracer=callTracer`);
    expect(sideParam(` replay:${hash} `)).toBe(`replay:${hash}`);
    expect(parseSide("replay:0x12").kind).toBe("invalid");
  });
});
