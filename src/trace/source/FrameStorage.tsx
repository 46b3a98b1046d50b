/**
 * In a frame's detail, once the storage tracer has run: the storage it wrote, by name (the layout
 * of the frame's own code, keys through the preimages), each slot once with its value before the
 * frame's first write and after its last, and for a failed frame the place in the source where it
 * failed. Shows nothing before the tracer ran: the detail never asks for it.
 */
import { useMemo } from "react";
import { LayoutNamer, Preimages, nameSlotChange } from "../../chain/solidity";
import { frameFailed, type TraceModel } from "../model";
import { useSourceInsight, type SourceInsight } from "./context";
import { placeOf } from "./locate";
import { layoutFor } from "./namedState";
import { frameCodeAddress, frameCodeKind } from "./sourceFrame";
import { PlaceLine } from "./SourceView";
import { useSourceBundles } from "./useSourceBundles";

export function FrameStorage({ model, index }: { model: TraceModel; index: number }) {
  const insight = useSourceInsight();
  // Nothing, and no lookups, until the tracer has answered (view tests have no RPC context).
  if (!insight?.trace?.inStep) return null;
  return <TracedFrameStorage model={model} index={index} insight={insight} />;
}

function TracedFrameStorage({
  model,
  index,
  insight,
}: {
  model: TraceModel;
  index: number;
  insight: SourceInsight;
}) {
  const trace = insight.trace;
  const frame = trace?.frames[index];
  const failed = model.frames[index] ? frameFailed(model.frames[index]) : false;
  // a failed CREATE has no code address in the call tree: the one the tracer saw
  const code = frame ? frameCodeAddress(model, index, frame.address) : null;
  const wanted = frame && (frame.writes.length > 0 || failed) && code ? [code] : null;
  const { bundles } = useSourceBundles(insight.endpoint, wanted);
  const { rows, reads } = useMemo(() => {
    if (!frame || !trace || frame.writes.length + frame.reads.length === 0)
      return { rows: [], reads: [] };
    const chosen = layoutFor(frame.storage ?? "", frame.code ? [frame.code] : [], bundles);
    const namer = chosen ? new LayoutNamer(chosen.layout, new Preimages(trace.preimages)) : null;
    const zero = `0x${"0".repeat(64)}`;
    return {
      rows: frame.writes.map((w) => ({
        key: w.slot,
        slot: w.slot,
        rows: nameSlotChange(namer, w.slot, w.before, w.after),
      })),
      reads: [
        ...new Set(
          frame.reads.flatMap((slot) =>
            nameSlotChange(namer, slot, zero, zero).map((r) =>
              r.named ? r.name : `slot ${slot.slice(0, 10)}…`,
            ),
          ),
        ),
      ],
    };
  }, [frame, trace, bundles]);
  if (!frame) return null;
  const bundle = code ? bundles[code] : undefined;
  const place = failed && bundle ? placeOf(frame, bundle, frameCodeKind(model, index)) : null;
  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-2 text-sm dark:border-slate-700">
      {place ? (
        <div>
          <span className="font-medium">Failed in the source at </span>
          <PlaceLine place={place} />
        </div>
      ) : null}
      {rows.length > 0 ? (
        <div>
          <h4 className="font-medium">
            Storage writes ({rows.length})
            {model.reverted[index] ? " — undone: this frame reverted" : ""}
          </h4>
          <ul className="font-mono text-xs">
            {rows.map((w) => (
              <li key={w.key} className="break-all">
                {w.rows.map((r) => `${r.name}: ${r.before} → ${r.after}`).join(", ")}
                <span className="ml-2 text-slate-600 dark:text-slate-400">slot {w.slot}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {reads.length > 0 ? (
        <p className="text-xs break-all">
          <span className="font-medium">Storage read ({reads.length}): </span>
          <span className="font-mono">{reads.join(", ")}</span>
        </p>
      ) : null}
    </div>
  );
}
