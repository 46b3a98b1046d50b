// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useLinkFormSync } from "./useLinkFormSync";

/** The form shows an amount; the link holds it normalised ("1500000000 gwei" → "1.5 ether"). */
const fromLink = (key: string) => () => ({ amount: `from link ${key}` });

describe("the link ↔ form sync of the estimate and the dry run", () => {
  it("keeps what the form submitted as typed, and reads a link that arrives from outside", () => {
    const { result, rerender } = renderHook(({ k }) => useLinkFormSync(k, fromLink(k)), {
      initialProps: { k: "a" },
    });
    expect(result.current.values).toEqual({ amount: "from link a" });
    let same = true;
    act(() => {
      same = result.current.submit("b", { amount: "1500000000 gwei" });
    });
    expect(same).toBe(false);
    rerender({ k: "b" }); // the page wrote link b
    expect(result.current.values).toEqual({ amount: "1500000000 gwei" });
    expect(result.current.submitted("b")).toBe(true);
    rerender({ k: "c" }); // Back, or a pasted link
    expect(result.current.values).toEqual({ amount: "from link c" });
    expect(result.current.submitted("c")).toBe(false);
  });

  it("submitting the link shown says so (the page asks again), and side edits are kept", () => {
    const { result } = renderHook(() => useLinkFormSync("a", fromLink("a")));
    act(() => result.current.update((v) => ({ ...v, amount: "edited" })));
    expect(result.current.values.amount).toBe("edited");
    let same = false;
    act(() => {
      same = result.current.submit("a", { amount: "edited" });
    });
    expect(same).toBe(true);
    expect(result.current.submitted("a")).toBe(true);
  });
});
