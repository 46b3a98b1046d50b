import { describe, expect, it } from "vitest";
import { createSignal, createStore } from "./store";

describe("createStore", () => {
  it("tells subscribers of a change, not of a set to an equal value", () => {
    const s = createStore(1);
    const seen: number[] = [];
    const off = s.subscribe(() => seen.push(s.get()));
    s.set(2);
    s.set(2);
    s.set((n) => n + 1);
    off();
    s.set(9);
    expect(seen).toEqual([2, 3]);
    expect(s.get()).toBe(9);
  });

  it("takes its own equality", () => {
    const s = createStore({ n: 1 }, { equals: (a, b) => a.n === b.n });
    let calls = 0;
    s.subscribe(() => calls++);
    s.set({ n: 1 });
    s.set({ n: 2 });
    expect(calls).toBe(1);
  });

  it("a listener that unsubscribes another during a change does not break the round", () => {
    const s = createStore(0);
    const calls: string[] = [];
    let offB = () => {};
    s.subscribe(() => {
      calls.push("a");
      offB();
    });
    offB = s.subscribe(() => calls.push("b"));
    s.set(1);
    s.set(2);
    expect(calls).toEqual(["a", "b", "a"]);
  });
});

describe("createSignal", () => {
  it("notifies current subscribers only", () => {
    const sig = createSignal();
    let n = 0;
    const off = sig.subscribe(() => n++);
    sig.notify();
    off();
    sig.notify();
    expect(n).toBe(1);
  });
});
