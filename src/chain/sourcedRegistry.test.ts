import { toFunctionSelector } from "viem";
import { describe, expect, it } from "vitest";
import { AbiRegistry } from "./registry";
import { withSources } from "./sourcedRegistry";
import { emptySources } from "./sources/types";

describe("the decoding sources' layer", () => {
  it("wraps the registry it is given: the user's ABIs, their export and a second layer all reach that one", () => {
    const base = new AbiRegistry({ builtins: false });
    const layered = withSources(base, emptySources());
    layered.addSignature("function ping(uint256 n)");
    expect(base.userAbi).toHaveLength(1);
    expect(layered.export()).toBe(base.export());

    // A layer over a layer wraps the same registry: layers do not stack.
    const again = withSources(layered, emptySources());
    base.addSignature("function pong(uint256 n)");
    expect(again.userAbi).toBe(base.userAbi);
    expect(again.lookupFunction(toFunctionSelector("pong(uint256)"))?.user).toBe(true);
    again.clearUser();
    expect(base.userAbi).toEqual([]);
    expect(layered.lookupFunctions(toFunctionSelector("ping(uint256)"))).toEqual([]);
  });
});
