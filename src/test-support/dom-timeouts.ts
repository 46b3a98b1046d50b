/**
 * Vitest setup: Testing Library's findBy and waitFor wait up to 5 s, not 1 s. Page tests answer from
 * real local HTTP servers and lazy chunks; on a loaded 2-core machine (the full suite beside a
 * build) one such answer has taken over a second, and a test that fails on the machine's load
 * proves nothing about the page. The tests still fail when the thing never appears.
 *
 * Only files with a DOM (jsdom) load Testing Library: the others (most of the suite) never use it,
 * and each file loads its setup in its own context.
 */
export {};

if (typeof document !== "undefined") {
  const { configure } = await import("@testing-library/dom");
  configure({ asyncUtilTimeout: 5_000 });
}
