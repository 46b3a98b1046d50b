/**
 * The first paint's hand-over to React. The painted view sits in #root until React's first
 * commit, which clears the container and puts the app in its place. What was typed into the
 * painted fields meanwhile, and which of them had the focus, is carried into the app's fields of
 * the same `name` once they are there (set as the user's input, so the form's state sees it).
 * Waits at most HAND_OVER_MS for them.
 */
const HAND_OVER_MS = 10_000;

export function paintAndHandOver(root: HTMLElement, painted: HTMLElement): void {
  const typed = new Map<string, string>();
  let focused: { name: string; start: number | null; end: number | null } | null = null;
  const named = (t: EventTarget | null) =>
    t instanceof HTMLInputElement && t.name !== "" ? t : null;
  painted.addEventListener("input", (e) => {
    const input = named(e.target);
    if (input) typed.set(input.name, input.value);
  });
  painted.addEventListener("focusin", (e) => {
    const input = named(e.target);
    focused = input
      ? { name: input.name, start: input.selectionStart, end: input.selectionEnd }
      : null;
  });
  // Focus moving elsewhere forgets it (a field taken away with the painted view keeps it).
  painted.addEventListener("focusout", (e) => {
    if (e.relatedTarget !== null) focused = null;
  });
  painted.addEventListener("submit", (e) => e.preventDefault());
  root.replaceChildren(painted);

  let gone = false;
  const field = (name: string) =>
    [...root.getElementsByTagName("input")].find((input) => input.name === name) ?? null;
  const apply = () => {
    for (const [name, value] of typed) {
      const input = field(name);
      if (!input) continue;
      typed.delete(name);
      if (value === "" || input.value !== "") continue;
      // The native setter, then an input event: React (and react-hook-form) read it as typing.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, value);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
    if (focused) {
      const input = field(focused.name);
      if (input && (document.activeElement === null || document.activeElement === document.body)) {
        input.focus();
        if (focused.start !== null && focused.end !== null)
          input.setSelectionRange(focused.start, focused.end);
        focused = null;
      } else if (input) focused = null;
    }
    return typed.size === 0 && focused === null;
  };
  const observer = new MutationObserver(() => {
    if (!gone && painted.isConnected) return;
    gone = true;
    if (apply()) stop();
  });
  const timer = setTimeout(() => stop(), HAND_OVER_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(root, { childList: true, subtree: true });
}
