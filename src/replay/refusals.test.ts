import { afterEach, describe, expect, it } from "vitest";
import { beforeAsking, forgetRefusals, knownRefusal, type Refusal } from "./refusals";

afterEach(forgetRefusals);

const refused: Refusal = { kind: "method", method: "m", message: "no", code: -32601 };
const tick = () => new Promise((r) => setTimeout(r, 5));

describe("what a node refused", () => {
  it("two requests go out together; the third waits for an answer, and a refusal sends it to the replay", async () => {
    const a = await beforeAsking("e", "m", ["method"]);
    const b = await beforeAsking("e", "m", ["method"]);
    if (!("settle" in a) || !("settle" in b)) throw new Error("the first two must ask");
    let third: Awaited<ReturnType<typeof beforeAsking>> | null = null;
    void beforeAsking("e", "m", ["method"]).then((r) => (third = r));
    await tick();
    expect(third).toBeNull();
    a.settle(refused, false);
    await tick();
    expect(third).toEqual({ refused });
    b.settle(refused, false);
    expect(knownRefusal("e", "m", ["method"])).toEqual(refused);
  });

  it("once served, nothing waits; another failure leaves the kind to be asked again", async () => {
    const a = await beforeAsking("e", "m", ["method", "js-tracer"]);
    if (!("settle" in a)) throw new Error("must ask");
    a.settle(null, false);
    const b = await beforeAsking("e", "m", ["method"]);
    if (!("settle" in b)) throw new Error("must ask again");
    b.settle(null, true);
    const c = await beforeAsking("e", "m", ["method"]);
    const d = await beforeAsking("e", "m", ["method"]);
    const e = await beforeAsking("e", "m", ["method"]);
    expect([c, d, e].every((x) => "settle" in x)).toBe(true);
  });

  it("a refused JavaScript tracer leaves the method served, and another endpoint unknown", async () => {
    const a = await beforeAsking("e", "m", ["method", "js-tracer"]);
    if (!("settle" in a)) throw new Error("must ask");
    const js: Refusal = {
      ...refused,
      kind: "js-tracer",
      message: "tracer not found",
      code: -32000,
    };
    a.settle(js, false);
    expect(knownRefusal("e", "m", ["method"])).toBeNull();
    expect(knownRefusal("e", "m", ["method", "js-tracer"])).toEqual(js);
    expect(knownRefusal("other", "m", ["method", "js-tracer"])).toBeNull();
  });
});
