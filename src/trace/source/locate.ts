/** Where a frame's code failed in its verified source (its REVERT pc through the source map). */
import { locatePc, type SourcePlace } from "../../chain/solidity";
import type { CodeKind, SourceBundle } from "../../chain/sources";
import { sourceIndexOf } from "../steps";
import type { TracedFrame } from "./storageTrace";

/**
 * The failing place, or null (no failure pc, no source map of the code the frame ran, or it maps
 * nowhere in the sources). `kind`: the frame's code (a CREATE frame fails in its initcode).
 */
export function placeOf(
  frame: TracedFrame,
  bundle: SourceBundle,
  kind: CodeKind,
): SourcePlace | null {
  if (frame.failPc === null) return null;
  const s = sourceIndexOf(bundle, kind);
  if (!s) return null;
  return locatePc({ ...s, code: s.hex, pc: frame.failPc, jumps: frame.jumps });
}

/**
 * Where a pc is in the verified source, or null (no source map, or generated code). A frame's
 * first step is always pc 0: the Debug view shows this while its tracer runs.
 */
export function placeOfPc(bundle: SourceBundle, kind: CodeKind, pc: number): SourcePlace | null {
  const s = sourceIndexOf(bundle, kind);
  return s ? locatePc({ ...s, code: s.hex, pc, jumps: [] }) : null;
}

/** The file a contract is declared in (its fully qualified name's), else the first one. */
export function mainFile(bundle: SourceBundle): string | null {
  const fq = bundle.fullyQualifiedName;
  const path = fq ? fq.slice(0, fq.lastIndexOf(":")) : null;
  const byName = bundle.name
    ? bundle.sources.find((s) => declares(s.content, bundle.name ?? ""))
    : undefined;
  return (
    bundle.sources.find((s) => s.path === path)?.path ??
    byName?.path ??
    bundle.sources.find((s) => path?.endsWith(s.path))?.path ??
    bundle.sources[0]?.path ??
    null
  );
}

function declares(content: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`\\b(?:contract|library|abstract contract)\\s+${escaped}\\b`).test(content);
}
