/**
 * A log between the frames of the call tree (shown when logs are on): plain text, not a
 * treeitem, indented one level below the frame that emitted it.
 */
import type { ReactNode } from "react";
import { shownArg, withTokenUnits } from "../chain";
import { tokenMetaOf, type TokenMeta } from "../decoding/tokenMeta";
import type { FrameDecodeCache } from "./decode";
import { clip } from "./format";
import { ShortAddress, shortHex } from "../ui";
import { OriginBadge } from "../decoding/Origin";
import { INDENT } from "./FrameRow";
import type { TraceModel } from "./model";
import { isShown, type Structure } from "./tree";

export function FrameLogRow({
  model,
  structure,
  frame,
  log,
  decode,
  tokenMeta,
}: {
  model: TraceModel;
  structure: Structure;
  frame: number;
  log: number;
  decode: FrameDecodeCache;
  /** Token symbols and decimals by checksummed address: an ERC-20 amount reads in its units. */
  tokenMeta?: ReadonlyMap<string, TokenMeta> | undefined;
}): ReactNode {
  const l = model.frames[frame]?.logs?.[log];
  if (!l) return null;
  const d = withTokenUnits(decode.log(frame, log), tokenMetaOf(tokenMeta, l.address));
  const level = (isShown(structure, frame) ? (structure.level[frame] as number) : 1) + 1;
  // Some clients keep the logs of reverted frames: the chain never emitted them.
  const reverted = model.reverted[frame] === 1;
  return (
    <span
      data-log-of={frame}
      data-log-index={log}
      data-log-reverted={reverted ? "true" : undefined}
      className={`flex min-w-0 flex-1 items-center gap-2 overflow-hidden whitespace-nowrap border-l-4 border-transparent pr-2 ${reverted ? "text-slate-700 dark:text-slate-300" : "text-emerald-900 dark:text-emerald-200"}`}
      style={{ paddingLeft: (level - 1) * INDENT + 20 }}
    >
      <span className="rounded bg-emerald-100 px-1 text-[10px] font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
        LOG
      </span>
      {reverted ? (
        <span className="rounded bg-slate-200 px-1 text-[10px] font-semibold text-slate-900 dark:bg-slate-700 dark:text-slate-100">
          reverted (not emitted)
        </span>
      ) : null}
      <ShortAddress value={l.address} />
      <span className="min-w-0 truncate font-semibold">
        {d
          ? `${d.name}(${clip(d.args.map((a) => `${a.name ? `${a.name}: ` : ""}${shownArg(a)}`).join(", "), 140)})`
          : l.topics[0]
            ? `topic0 ${shortHex(l.topics[0])}`
            : "anonymous log"}
      </span>
      {d ? <OriginBadge origin={d.origin} /> : null}
      <span className="flex-none text-slate-700 dark:text-slate-300">
        {l.topics.length} topic{l.topics.length === 1 ? "" : "s"} ·{" "}
        {Math.max(0, (l.data.length - 2) / 2)} bytes
      </span>
    </span>
  );
}
