/**
 * The first paint's reading of an answer cut anywhere (its first bytes): only whole elements of the
 * envelope's own `result` array are taken.
 */
import { describe, expect, it } from "vitest";
import { resultPrefixOf } from "./answer";

describe("resultPrefixOf", () => {
  const text = JSON.stringify({
    jsonrpc: "2.0",
    id: 7,
    result: [{ a: 1, b: [1, { c: "}]" }] }, { a: 2, s: 'a "quoted" } ]' }, { a: 3 }],
  });

  it("takes the whole elements before the cut, whatever the elements hold", () => {
    for (let cut = 0; cut <= text.length; cut++) {
      const got = resultPrefixOf(text.slice(0, cut), 10);
      const result = (JSON.parse(text) as { result: unknown[] }).result;
      // Each element is whole once the cut is past its last character.
      const expected = result.filter((el) => {
        const json = JSON.stringify(el);
        return text.indexOf(json) + json.length <= cut;
      });
      if (cut <= text.indexOf("[")) expect(got, `cut at ${cut}`).toBeNull();
      else expect(got, `cut at ${cut}`).toEqual(expected);
    }
  });

  it("stops at `most`, and reads scalars and a result before the id", () => {
    expect(resultPrefixOf(text, 2)).toHaveLength(2);
    expect(resultPrefixOf('{"result":["0x1", 2, true],"id":1', 10)).toEqual(["0x1", 2, true]);
    expect(resultPrefixOf('{"result":["0x1", 2, tr', 10)).toEqual(["0x1", 2]);
  });

  it("takes no result from an error, a nested or quoted 'result', or another shape", () => {
    expect(resultPrefixOf('{"jsonrpc":"2.0","error":{"result":[1,2]}', 10)).toBeNull();
    expect(resultPrefixOf('{"jsonrpc":"result","x":[1,2]', 10)).toBeNull();
    expect(resultPrefixOf('{"result":{"a":[1]', 10)).toBeNull();
    expect(resultPrefixOf("[1,2,3]", 10)).toBeNull();
    expect(resultPrefixOf('{"result":[{"a":1},{"a":}]', 10)).toBeNull();
  });
});
