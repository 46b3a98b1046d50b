/** The links from a simulated call's frames to the app's other views. No React. */
import { href } from "../routing/links";
import { simulateHref } from "../routing/simulateLink";
import type { CallFrame } from "../trace/result";
import { overridesParam } from "./overrides";
import type { SimulateRequest } from "./params";

export interface OnwardLink {
  label: string;
  href: string;
  description?: string;
}

export function onwardLinks(f: CallFrame, top: boolean, r: SimulateRequest): OnwardLink[] {
  const to = typeof f.to === "string" ? f.to : undefined;
  const type = String(f.type).toUpperCase();
  if (!to) return [];
  const out: OnwardLink[] = [];
  const value = type === "CALL" && f.value && !/^0x0*$/i.test(f.value) ? f.value : undefined;
  const data = typeof f.input === "string" && f.input !== "0x" ? f.input : undefined;
  if (type === "CALL" || type === "STATICCALL") {
    out.push({
      label: "Estimate gas for this call",
      href: href("estimate", { from: f.from, to, value, data, block: r.block }),
    });
    if (!top)
      out.push({
        label: "Simulate this call alone",
        href: simulateHref({
          from: f.from,
          to,
          value,
          data,
          gas: f.gas ?? null,
          block: r.block,
          overrides: overridesParam(r.overrides),
        }),
        description:
          "Runs this inner call by itself, from its caller, with the same block and overrides: what ran before it in this simulation is not replayed.",
      });
  }
  out.push({ label: "Logs of this contract", href: href("logs", { address: to }) });
  return out;
}
