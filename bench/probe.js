// Injected into every benchmark page before the app runs (page.addInitScript). Collects the
// app's User Timing measures (nodescope:*), long tasks (buffered, from navigation start), the
// most items of `selector` ever in the DOM, when the first one was painted and when every row
// became reachable (`done`: the count text, or the view no longer aria-busy), all as
// performance.now() values — milliseconds from navigation start on a fresh page — and offers
// frame-accurate interaction helpers. Plain browser JavaScript: it is passed to the page as text.
/* global window, document, requestAnimationFrame, requestIdleCallback, MutationObserver, HTMLInputElement */
(() => {
  const cfg = window.__benchConfig || { selector: "[role=treeitem]" };
  // Said on the console when the first rows are painted (or an error shows) and when every row is:
  // the harness waits for it (bench/page.mjs probeSaid) rather than polling, which evaluates
  // Playwright's injected script in the page while it loads.
  const MARK = "nodescope-bench:";
  const b = {
    selector: cfg.selector,
    measures: [],
    longtasks: [],
    maxItems: 0,
    firstItemAt: null,
    firstPaintedAt: null,
    doneAt: null,
    donePaintedAt: null,
    usablePaintedAt: null,
    errorText: null,
  };
  window.__bench = b;

  const now = () => performance.now();
  /** Resolves after the next frame has been rendered, with the frame's start time and the end. */
  b.frame = () =>
    new Promise((resolve) => {
      requestAnimationFrame((ts) => {
        const ch = new MessageChannel();
        ch.port1.onmessage = () => resolve({ start: ts, end: now() });
        ch.port2.postMessage(0);
      });
    });

  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.name.startsWith("nodescope:"))
          b.measures.push({
            name: e.name,
            start: e.startTime,
            end: e.startTime + e.duration,
            duration: e.duration,
            method: e.detail && e.detail.method,
          });
      }
    }).observe({ type: "measure", buffered: true });
  } catch {
    // no User Timing observer: parse/validate figures stay empty
  }
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        b.longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch {
    // no longtask support: longest task reads 0
  }

  const count = () => document.querySelectorAll(b.selector).length;
  b.count = count;
  /** Every row reachable: the count text says so, or (no text given) nothing is aria-busy. */
  const isDone = (n) => {
    if (cfg.doneText) {
      const re = new RegExp(cfg.doneText);
      return [...document.querySelectorAll(cfg.doneSelector)].some((el) =>
        re.test(el.textContent ?? ""),
      );
    }
    if (n === 0) return false;
    const busy = cfg.busySelector ? document.querySelector(cfg.busySelector) : null;
    if (busy && busy.getAttribute("aria-busy") === "true") return false;
    // Placeholder rows of what has not arrived yet (aria-busy) mean: not all there.
    return !(cfg.busyItemSelector && document.querySelector(cfg.busyItemSelector));
  };
  /** The most rows ever in the DOM (placeholders included), and an error the view shows. */
  const tally = (n) => {
    const all = cfg.countSelector ? document.querySelectorAll(cfg.countSelector).length : n;
    if (all > b.maxItems) b.maxItems = all;
    if (b.errorText === null) {
      const alert = document.querySelector("main [role=alert]");
      if (alert && /failed|refused|limit/i.test(alert.textContent ?? "")) {
        b.errorText = (alert.textContent ?? "").slice(0, 300);
        console.debug(`${MARK}error`);
      }
    }
  };
  const timed = !!(cfg.doneText || cfg.busySelector);
  let tallyAsked = false;
  /**
   * Issue 49's "usable": the first moment a control named `cfg.usable.name` (a button, or a field
   * by its label) is in the page and not disabled: the trace's Expand all, the logs' filter box.
   */
  const usable = cfg.usable ? new RegExp(cfg.usable.name, "i") : null;
  let usableFound = false;
  const usableNow = () => {
    if (cfg.usable.role === "button")
      return [...document.getElementsByTagName("button")].some(
        (el) => !el.disabled && usable.test(el.textContent ?? ""),
      );
    return [...document.getElementsByTagName("input")].some(
      (el) => !el.disabled && [...(el.labels ?? [])].some((l) => usable.test(l.textContent ?? "")),
    );
  };
  const watchUsable = () => {
    if (!usable || usableFound || !usableNow()) return;
    usableFound = true;
    b.frame().then((f) => {
      b.usablePaintedAt = f.end;
    });
  };
  const watch = () => {
    new MutationObserver(() => {
      watchUsable();
      // Once the view has loaded, the counting waits for an idle moment: done in the mutation's
      // own frame, it would be counted in the scroll frames measured (the rows of a frame are
      // the same after it, so the most is the same).
      if (b.firstItemAt !== null && (b.doneAt !== null || !timed)) {
        if (!tallyAsked) {
          tallyAsked = true;
          requestIdleCallback(
            () => {
              tallyAsked = false;
              tally(count());
            },
            { timeout: 500 },
          );
        }
        return;
      }
      const n = count();
      tally(n);
      if (b.doneAt === null && timed) {
        if (isDone(n)) {
          b.doneAt = now();
          b.frame().then((f) => {
            b.donePaintedAt = f.end;
            console.debug(`${MARK}done`);
          });
        }
      }
      if (n > 0 && b.firstItemAt === null) {
        b.firstItemAt = now();
        b.frame().then((f) => {
          b.firstPaintedAt = f.end;
          console.debug(`${MARK}first-rows`);
        });
      }
    }).observe(document.documentElement, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ["aria-busy"],
    });
  };
  if (document.documentElement) watch();
  else document.addEventListener("DOMContentLoaded", watch);

  /**
   * Runs `action`, then waits frame by frame until `done()` holds: the time from the action to
   * the end of the frame that showed the result (bounded by `maxMs`).
   */
  b.interaction = async (action, done, maxMs = 15000) => {
    await b.frame();
    const t0 = now();
    action();
    for (;;) {
      const f = await b.frame();
      if (done()) return { ms: f.end - t0, ok: true };
      if (f.end - t0 > maxMs) return { ms: f.end - t0, ok: false };
    }
  };

  /** Sets an input's value the way typing does (React listens to `input`). */
  b.type = (input, value) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set;
    setter.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  };

  /**
   * Scrolls `el` through `positions` (scrollTop values), one per frame pair: the scroll is set in
   * one frame and the frame after it (scroll event → virtual rows re-rendered → layout → paint)
   * is timed from its start to the end of its rendering.
   */
  b.scroll = async (el, positions) => {
    const frames = [];
    for (const top of positions) {
      await new Promise((resolve) =>
        requestAnimationFrame(() => {
          el.scrollTop = top;
          resolve(undefined);
        }),
      );
      const f = await b.frame();
      frames.push(f.end - f.start);
    }
    return frames;
  };

  /** The durations (start → end of rendering) of every frame in the next `ms` milliseconds. */
  b.framesFor = async (ms) => {
    const out = [];
    const t0 = now();
    while (now() - t0 < ms) {
      const f = await b.frame();
      out.push(f.end - f.start);
    }
    return out;
  };

  /** Waits until no long task happened for `quietMs` (bounded by `maxMs`). */
  b.settle = async (quietMs = 600, maxMs = 8000) => {
    const t0 = now();
    for (;;) {
      await new Promise((r) => setTimeout(r, 100));
      const last = b.longtasks.reduce((m, t) => Math.max(m, t.start + t.duration), 0);
      if (now() - last >= quietMs && now() - t0 >= quietMs) return true;
      if (now() - t0 > maxMs) return false;
    }
  };
})();
