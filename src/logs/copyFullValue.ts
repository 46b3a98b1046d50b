/** A copy from the logs table. */
import type { ClipboardEvent } from "react";

/**
 * A hash or an address shown short (0xabcd…1234) copies as the full value its tooltip holds,
 * when the selection lies within it: what was meant, not the ellipsis.
 */
export function copyFullValue(e: ClipboardEvent<HTMLDivElement>) {
  const sel = window.getSelection();
  if (!sel || sel.rangeCount === 0 || sel.isCollapsed) return;
  const at = sel.anchorNode;
  const el = (at instanceof Element ? at : at?.parentElement)?.closest("[title]");
  if (!el || !sel.focusNode || !el.contains(sel.focusNode)) return;
  if (!(el.textContent ?? "").includes("…")) return;
  const full = /0x[0-9a-fA-F]{40}(?:[0-9a-fA-F]{24})?$/.exec(el.getAttribute("title") ?? "");
  if (!full) return;
  e.clipboardData.setData("text/plain", full[0]);
  e.preventDefault();
}
