/** Where a frame's code failed in its verified source (its REVERT pc through the source map). */
import {
  decodeSourceMap,
  instructionIndex,
  locatePc,
  type SourceFile,
  type SourceMapEntry,
  type SourcePlace,
} from "../../chain/solidity";
import type { SourceBundle } from "../../chain/sources";
import type { TracedFrame } from "./storageTrace";

interface Decoded {
  code: string;
  entries: SourceMapEntry[];
  index: Int32Array;
  files: Map<number, SourceFile>;
}
const decoded = new WeakMap<SourceBundle, Decoded | null>();

function decode(bundle: SourceBundle): Decoded | null {
  if (decoded.has(bundle)) return decoded.get(bundle) ?? null;
  let out: Decoded | null = null;
  if (bundle.sourceMap && bundle.runtimeCode) {
    const files = new Map<number, SourceFile>();
    for (const s of bundle.sources) if (s.id >= 0) files.set(s.id, s);
    out = {
      code: bundle.runtimeCode,
      entries: decodeSourceMap(bundle.sourceMap),
      index: instructionIndex(bundle.runtimeCode),
      files,
    };
  }
  decoded.set(bundle, out);
  return out;
}

/** The failing place, or null (no failure pc, no source map, or it maps nowhere in the sources). */
export function placeOf(frame: TracedFrame, bundle: SourceBundle): SourcePlace | null {
  if (frame.failPc === null) return null;
  const d = decode(bundle);
  if (!d) return null;
  return locatePc({ ...d, pc: frame.failPc, jumps: frame.jumps });
}

/**
 * Where a pc is in the verified source, or null (no source map, or generated code). A frame's
 * first step is always pc 0: the Debug view shows this while its tracer runs.
 */
export function placeOfPc(bundle: SourceBundle, pc: number): SourcePlace | null {
  const d = decode(bundle);
  return d ? locatePc({ ...d, pc, jumps: [] }) : null;
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
