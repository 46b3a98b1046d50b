/**
 * Which block the simulation runs on, said once above its results: the tag being resolved, the
 * number it stands for (decimal, the raw 0x value beside it), and "Pin block", which writes that
 * number into the link so that it opens on the same state later.
 */
import { BlockLink, Button } from "../../ui";
import { pinNote, type PinnedBlock } from "../../simulation/pin";

export function BlockPin({
  asked,
  at,
  resolving,
  unknownTag,
  onPin,
}: {
  /** The block as the link asks it: a tag or a 0x number. */
  asked: string;
  at: PinnedBlock | null;
  resolving: boolean;
  /** The node answered that it knows no block for the tag (`safe` on a chain without one). */
  unknownTag: boolean;
  /** Writes the number into the link; absent when the link names the number already. */
  onPin?: () => void;
}) {
  if (unknownTag)
    return (
      <p role="alert" className="text-sm text-red-800 dark:text-red-200">
        The node knows no <code>{asked}</code> block, so there is no state to run the call on. Enter
        a block number, or <code>latest</code>.
      </p>
    );
  if (!at)
    return resolving ? (
      <p role="status" className="text-sm">
        Finding the block <code>{asked}</code> stands for…
      </p>
    ) : null;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="simulation-block">
      <span>
        Runs at block <BlockLink number={at.number} /> (
        <code className="text-xs text-slate-700 dark:text-slate-300">{at.hex}</code>){pinNote(at)}
        {at.tag ? (
          <>
            : every request of this simulation is sent with this number. Run again looks for the{" "}
            {at.tag === "pending" ? "latest" : at.tag} block anew.
          </>
        ) : null}
      </span>
      {onPin ? (
        <Button onClick={onPin} title="Write this block number into the link">
          Pin block
        </Button>
      ) : null}
    </p>
  );
}
