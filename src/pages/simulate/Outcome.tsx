/**
 * What the simulated call would do, in a sentence: succeed (gas used, output) or revert (the
 * reason decoded: Error(string), a panic, a custom error by ABI), and what it was run on.
 */
import { Address, BlockLink, groupedNumber, HexData, ShortAddress } from "../../ui";
import { href } from "../../routing/links";
import type { CallFrame } from "../../trace/result";
import type { FrameDecodeCache } from "../../trace/decode";
import { frameError, frameFailed, nodeRevertReason } from "../../trace/model";
import type { Simulation } from "../../simulation/query";
import { pinNote } from "../../simulation/pin";

export function Outcome({
  top,
  decode,
  simulation,
  created,
}: {
  top: CallFrame;
  /** The call tree's decoding (frame 0 is the top call). */
  decode: FrameDecodeCache;
  /** The call as asked and the block it ran on. */
  simulation: Simulation;
  /**
   * A creation (no `to`): the address it would make (null while it is worked out, or when it
   * cannot be); undefined for a call.
   */
  created?: string | null | undefined;
}) {
  const decoded = decode.frame(0);
  const { request, at } = simulation;
  const failed = frameFailed(top);
  const gasUsed = typeof top.gasUsed === "string" ? BigInt(top.gasUsed) : null;
  const revert = decoded.revert;
  const returns = decoded.call?.returns ?? null;
  const nodeReason = nodeRevertReason(top);
  const reason = revert && revert.kind !== "empty" ? revert.label : nodeReason;
  const accounts = request.overrides ? Object.keys(request.overrides).length : 0;
  const gas = gasUsed !== null ? `${groupedNumber(gasUsed)} gas` : null;
  const creation = created !== undefined;
  const output = typeof top.output === "string" && top.output !== "0x" ? top.output : null;
  return (
    <section
      aria-label="Simulation outcome"
      className={`rounded-md border p-3 text-sm ${
        failed
          ? "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          : "border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
      }`}
    >
      <p className="font-semibold">
        {failed ? "The call would revert" : "The call would succeed"}
        {gas ? ` · ${gas} used` : ""}
      </p>
      {creation ? (
        <div className="mt-1 flex flex-col gap-1" data-testid="created-contract">
          <p className="flex flex-wrap items-center gap-x-2">
            <span>{failed ? "It would have created" : "It would create a contract at"}</span>
            {created ? (
              <Address value={created} href={href("address", { address: created })} />
            ) : (
              <span>
                (an address the node did not name: it follows from the sender and its nonce at this
                block, which are not known yet)
              </span>
            )}
          </p>
          {!failed && output ? (
            <details>
              <summary className="cursor-pointer">
                {groupedNumber((output.length - 2) / 2)} bytes of runtime code
              </summary>
              <div className="mt-1">
                <HexData value={output} name="runtime code" label="Copy runtime code" />
              </div>
            </details>
          ) : !failed ? (
            <p>with no runtime code (the constructor returned nothing)</p>
          ) : null}
        </div>
      ) : null}
      {failed ? (
        <p className="mt-1 break-words">
          {reason ? (
            <>
              Reason: <q data-testid="revert-reason">{reason}</q>
            </>
          ) : (
            <>The node says: {frameError(top)} (no revert data)</>
          )}
        </p>
      ) : creation ? null : returns && returns.length > 0 ? (
        <p className="mt-1 break-all">
          {decoded.call?.name ?? "It"} returns{" "}
          <span className="font-mono">
            {returns.map((r, k) => (
              <span key={k}>
                {k > 0 ? ", " : ""}
                {r.name ? `${r.name}: ` : ""}
                {r.type === "address" && /^0x[0-9a-fA-F]{40}$/.test(r.value) ? (
                  <ShortAddress value={r.value} link />
                ) : (
                  r.value
                )}{" "}
                ({r.type})
              </span>
            ))}
          </span>
        </p>
      ) : output ? (
        <div className="mt-1 text-xs">
          <p>Returned {groupedNumber((output.length - 2) / 2)} bytes (not decoded):</p>
          <HexData value={output} name="return data" label="Copy return data" />
        </div>
      ) : null}
      <p className="mt-1 text-xs">
        Run on the state at block <BlockLink number={at.number} small /> (<code>{at.hex}</code>)
        {pinNote(at)}
        {accounts > 0
          ? `, with ${accounts} account${accounts === 1 ? "" : "s"} overridden`
          : ", with no state overrides"}
        {request.blockOverrides ? " and the block's fields overridden" : ""}. Nothing was sent to
        the chain.
      </p>
    </section>
  );
}
