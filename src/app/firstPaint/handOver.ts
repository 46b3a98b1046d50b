/**
 * The first paint's hand-over to React. The painted view sits in #root until the app takes its
 * place (appStage, below). What was typed into the painted fields meanwhile, and which of them had
 * the focus, is carried into the app's fields of the same `name` once they are there (set as the
 * user's input, so the form's state sees it); a painted button pressed (ui/handOver.ts HAND_OVER:
 * the call tree's Expand all) presses the app's button of the same key once that is there.
 * Waits at most HAND_OVER_MS for them (a large trace from a distant node takes seconds).
 */
import { HAND_OVER } from "../../ui/handOver";

const HAND_OVER_MS = 60_000;

export function paintAndHandOver(root: HTMLElement, painted: HTMLElement): void {
  // The painted fields typed in, by name: their text (and what they held when drawn) is read when
  // handed over, as is the focused one's caret (where typing left it).
  const typed = new Map<string, HTMLInputElement>();
  let focused: HTMLInputElement | null = null;
  const named = (t: EventTarget | null) =>
    t instanceof HTMLInputElement && t.name !== "" ? t : null;
  painted.addEventListener("input", (e) => {
    const input = named(e.target);
    if (input) typed.set(input.name, input);
  });
  painted.addEventListener("focusin", (e) => {
    focused = named(e.target);
  });
  // Focus moving elsewhere forgets it (a field taken away with the painted view keeps it).
  painted.addEventListener("focusout", (e) => {
    if (e.relatedTarget !== null) focused = null;
  });
  painted.addEventListener("submit", (e) => e.preventDefault());
  const pressed = new Set<string>();
  painted.addEventListener("click", (e) => {
    const key =
      e.target instanceof Element
        ? e.target.closest(`[${HAND_OVER}]`)?.getAttribute(HAND_OVER)
        : null;
    if (key) pressed.add(key);
  });
  root.replaceChildren(painted);

  let gone = false;
  const field = (name: string) =>
    [...root.getElementsByTagName("input")].find((input) => input.name === name) ?? null;
  const apply = () => {
    for (const [name, from] of typed) {
      const input = field(name);
      if (!input) continue;
      typed.delete(name);
      // Never over what the app's field holds of its own (a linked value), unless the painted
      // field held the same to begin with (the link's filter text) and was edited.
      const { value } = from;
      if (input.value !== "" && input.value !== from.defaultValue) continue;
      if (value === input.value) continue;
      // The native setter, then an input event: React (and react-hook-form) read it as typing.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, value);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
    if (focused) {
      const input = field(focused.name);
      if (input && (document.activeElement === null || document.activeElement === document.body)) {
        const { selectionStart: start, selectionEnd: end } = focused;
        input.focus();
        if (start !== null && end !== null) input.setSelectionRange(start, end);
        focused = null;
      } else if (input) focused = null;
    }
    for (const key of pressed) {
      const button = root.querySelector(`button[${HAND_OVER}="${key}"]`);
      if (!(button instanceof HTMLButtonElement) || button.disabled) continue;
      pressed.delete(key);
      button.click();
    }
    return typed.size === 0 && focused === null && pressed.size === 0;
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

/** What the app must show before it takes the painted view's place: what the painted view shows. */
const SHOWN_FIRST = [
  "[role=treeitem]",
  "[role=row][data-index]",
  "[aria-label='Transaction fields'] dt",
];
/** An app that shows none of it within this long after its first commit takes over anyway. */
const STAGE_WAIT_MS = 3_000;
/**
 * An alert takes over once it has stood this long: one the app's first renders show and take
 * back must not replace painted rows (its first renders used to say "the local devnet is not
 * running" while the manifest was on the way, seen in e2e/handover.spec.ts; they now say it is
 * being looked for, as a status).
 */
const ALERT_STANDS_MS = 300;

/**
 * Where React renders: a container beside the painted view, laid out but unseen, until the app
 * shows what the painted view shows (its first rows, tree items or fields) or an alert that
 * stands — then the painted view leaves and the app is seen in the same task, so no frame shows
 * neither (React's first commit used to clear the painted rows while the app still waited for its
 * data: 3 logs gone for 56–115 ms, a trace's items for ~70 ms). A painted view with nothing of the
 * kind (a form, a loading note) gives way at the app's first commit, as before.
 */
export function appStage(root: HTMLElement, waitMs = STAGE_WAIT_MS): HTMLElement {
  const stage = document.createElement("div");
  const painted = root.querySelector<HTMLElement>("[data-first-paint]");
  if (!painted) {
    root.replaceChildren(stage);
    return stage;
  }
  const wanted = SHOWN_FIRST.filter((selector) => painted.querySelector(selector) !== null);
  stage.setAttribute("style", "position:absolute;top:0;left:0;right:0;visibility:hidden");
  root.append(stage);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let alertTimer: ReturnType<typeof setTimeout> | undefined;
  const alerting = () => stage.querySelector("[role=alert]") !== null;
  const shows = () =>
    stage.firstChild !== null &&
    (wanted.length === 0 || wanted.some((selector) => stage.querySelector(selector) !== null));
  const takeOver = () => {
    observer.disconnect();
    clearTimeout(timer);
    clearTimeout(alertTimer);
    painted.remove();
    stage.removeAttribute("style");
  };
  const observer = new MutationObserver(() => {
    if (timer === undefined && stage.firstChild !== null) timer = setTimeout(takeOver, waitMs);
    if (shows()) takeOver();
    else if (alertTimer === undefined && alerting())
      alertTimer = setTimeout(() => {
        alertTimer = undefined;
        if (alerting()) takeOver();
      }, ALERT_STANDS_MS);
  });
  observer.observe(stage, { childList: true, subtree: true });
  return stage;
}
