// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AbiRegistry } from "../chain";
import { DecodingNote, LOOKUP_NOTE_AFTER_MS } from "./DecodingNote";
import type { DecodingState } from "./useDecodingRegistry";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const state = (pending: boolean, notes: string[] = []): DecodingState => ({
  registry: new AbiRegistry(),
  stored: 0,
  pending,
  notes,
  asked: { functions: 1, events: 0, addresses: 0 },
});
const note = () => screen.queryByRole("status", { name: "Decoding services" });

describe("the decoding services' note", () => {
  it("says names are being looked up only once the lookup has taken a while; a quick one never shows a line", () => {
    const { rerender } = render(<DecodingNote decoding={state(true)} />);
    expect(note()).toBeNull();
    act(() => vi.advanceTimersByTime(LOOKUP_NOTE_AFTER_MS - 50));
    // answered before the note was due: nothing came and went above the results
    rerender(<DecodingNote decoding={state(false)} />);
    act(() => vi.advanceTimersByTime(LOOKUP_NOTE_AFTER_MS));
    expect(note()).toBeNull();

    // a slow one: said once it has taken that long, gone when it is answered
    rerender(<DecodingNote decoding={state(true)} />);
    act(() => vi.advanceTimersByTime(LOOKUP_NOTE_AFTER_MS - 50));
    expect(note()).toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(note()?.textContent).toContain("Looking up names");
    rerender(<DecodingNote decoding={state(false)} />);
    expect(note()).toBeNull();

    // the next lookup waits its own while again
    rerender(<DecodingNote decoding={state(true)} />);
    expect(note()).toBeNull();
  });

  it("shows a failed service's note at once, whether or not a lookup is on", () => {
    render(<DecodingNote decoding={state(true, ["Signature database: 503"])} />);
    expect(note()?.textContent).toContain("Signature database: 503");
    expect(note()?.textContent).not.toContain("Looking up names");
  });
});
