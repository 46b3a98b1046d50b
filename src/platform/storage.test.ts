// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { readStorage, storedValue, subscribeStorage, writeStorage } from "./storage";

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe("storage", () => {
  it("keeps text in the area asked for, and tells the key's subscribers in this tab", () => {
    const local = vi.fn();
    const session = vi.fn();
    const offLocal = subscribeStorage("local", "t.a", local);
    subscribeStorage("session", "t.a", session);
    expect(writeStorage("local", "t.a", "1")).toBe(true);
    expect(localStorage.getItem("t.a")).toBe("1");
    expect(readStorage("session", "t.a")).toBeNull();
    expect(local).toHaveBeenCalledTimes(1);
    expect(session).not.toHaveBeenCalled();
    writeStorage("local", "t.a", null);
    expect(localStorage.getItem("t.a")).toBeNull();
    offLocal();
    writeStorage("local", "t.a", "2");
    expect(local).toHaveBeenCalledTimes(2);
  });

  it("keeps a refused write in memory for this page, and reads it back", () => {
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    const heard = vi.fn();
    subscribeStorage("local", "t.full", heard);
    expect(writeStorage("local", "t.full", "kept")).toBe(false);
    expect(readStorage("local", "t.full")).toBe("kept");
    expect(heard).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
    expect(writeStorage("local", "t.full", "stored")).toBe(true);
    expect(localStorage.getItem("t.full")).toBe("stored");
  });

  it("reads nothing, and keeps writes in memory, where the browser refuses storage outright", () => {
    vi.spyOn(window, "localStorage", "get").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    expect(readStorage("local", "t.denied")).toBeNull();
    expect(writeStorage("local", "t.denied", "x")).toBe(false);
    expect(readStorage("local", "t.denied")).toBe("x");
  });

  it("hears another tab's write of its key (or its clearing the area), not of other keys", () => {
    const heard = vi.fn();
    subscribeStorage("local", "t.other", heard);
    window.dispatchEvent(new StorageEvent("storage", { key: "t.else" }));
    expect(heard).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent("storage", { key: "t.other" }));
    window.dispatchEvent(new StorageEvent("storage", { key: null }));
    expect(heard).toHaveBeenCalledTimes(2);
  });
});

describe("storedValue", () => {
  const numbers = () =>
    storedValue<number[]>(
      "t.list",
      (text) => (text ? (JSON.parse(text) as number[]) : []),
      (v) => (v.length === 0 ? null : JSON.stringify(v)),
    );

  it("returns the same object until the kept text changes", () => {
    const list = numbers();
    const first = list.get();
    expect(list.get()).toBe(first);
    list.set((prev) => [...prev, 1]);
    const second = list.get();
    expect(second).toEqual([1]);
    expect(list.get()).toBe(second);
    localStorage.setItem("t.list", "[1,2]"); // another tab, or a test, behind its back
    expect(list.get()).toEqual([1, 2]);
  });

  it("tells its subscribers, and those of another value over the same key", () => {
    const a = numbers();
    const b = numbers();
    const heard = vi.fn();
    b.subscribe(heard);
    a.set([3]);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(b.get()).toEqual([3]);
    a.set([]);
    expect(localStorage.getItem("t.list")).toBeNull();
  });
});
