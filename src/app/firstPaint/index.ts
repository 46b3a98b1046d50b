/**
 * The first paint: what a visit shows before React and the route's code have loaded, drawn by the
 * first module with plain DOM (bench/STARTUP.md: React, the app and a route's chunks take
 * 200–400 ms to arrive and run on a 2-core machine; this is on screen as the first module runs).
 * The empty transaction form at once; a trace link's first rows as the trace Worker previews them
 * (trace.ts). React's first commit replaces it (handOver.ts).
 */
import { parseHash } from "../../shared/route";
import { txForm } from "./form";
import { paintAndHandOver } from "./handOver";
import { shell } from "./shell";

/** Paints the empty transaction form when `hash` is that route with nothing to look up. */
export function paintFirstView(hash: string, root: HTMLElement): void {
  const { route, searchString } = parseHash(hash);
  if (route === "tx" && searchString === "") paintAndHandOver(root, shell(route, txForm()));
}
