/**
 * A tiny element builder for the first paint (no React, no HTML strings): text goes in as text
 * nodes, so chain data painted here is never markup.
 */
type Child = Node | string | null | false | undefined;

export function h(
  tag: string,
  attrs: Record<string, string | number | boolean | undefined> = {},
  ...children: Child[]
): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    el.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) if (child) el.append(child);
  return el;
}

/** The first paint's call tree, the box a trace link's first rows go into (trace.ts). */
export const FIRST_TREE = "data-first-tree";

/** The first paint's box a logs link's first rows go into (logs.ts). */
export const FIRST_ROWS = "data-first-rows";

/**
 * The first paint's box the controls a person reaches for first go into (controls.ts), of the
 * height they take: drawn once the first rows have had their frame (their fields' first layout
 * cost a small answer's rows ~8 ms), with nothing below moving when they come.
 */
export const FIRST_CONTROLS = "data-first-controls";
