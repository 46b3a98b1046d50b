/**
 * The EVM's state at the current step, from pass 2 (or, for the stack, the words pass 1 kept at
 * an internal call's jump): the stack top first, 32-byte words in hex with what the source says
 * of them; the memory around what the step reads or writes, 32 bytes a row; the storage slot it
 * reads or writes, by name. All of it is chain data: text only.
 */
import { useId, type ReactNode } from "react";
import { groupedNumber } from "../../ui";

export interface StackWord {
  /** 64 hex digits, no 0x. */
  word: string;
  /** What the source says it is ("amount uint64 = 100"), or null. */
  label: string | null;
}

export interface MemoryView {
  /** The first byte shown. */
  offset: number;
  /** The bytes shown, 0x hex. */
  hex: string;
  /** The memory's size at this step. */
  size: number;
}

export interface StorageAccess {
  write: boolean;
  /** A write the step did not make: it failed there (out of gas at the SSTORE). */
  failed?: boolean;
  slot: string;
  /** The word read or written (0x hex), null when not seen. */
  value: string | null;
  /** The variables in the slot with their values, by the layout; empty when unnamed. */
  names: { name: string; type: string; value: string | null }[];
}

export interface MachineStateProps {
  /** Top first; null while pass 2's window is read (or not asked). */
  stack: readonly StackWord[] | null;
  /** True when `stack` is pass 1's few top words only. */
  partialStack: boolean;
  memory: MemoryView | null;
  storage: StorageAccess | null;
  /** Pass 2 is being read, or why it is not here (an error panel). */
  pending: ReactNode;
}

const pad = (hex: string) => hex.replace(/^0x/, "").padStart(64, "0");

export function MachineState({ stack, partialStack, memory, storage, pending }: MachineStateProps) {
  const stackId = useId();
  const memoryId = useId();
  const storageId = useId();
  return (
    <div className="flex flex-col gap-3">
      {pending}
      <div className="flex flex-col gap-1">
        <h4 id={stackId} className="text-sm font-semibold">
          Stack
        </h4>
        {stack === null ? null : stack.length === 0 ? (
          <p className="text-xs">The stack is empty.</p>
        ) : (
          <>
            {partialStack ? (
              <p className="text-xs">The top words the first pass kept at this jump:</p>
            ) : null}
            <ol aria-labelledby={stackId} className="flex flex-col font-mono text-xs">
              {stack.map((w, i) => (
                <li key={i} className="flex flex-wrap gap-x-2 whitespace-nowrap">
                  <span className="w-6 shrink-0 text-right text-slate-700 dark:text-slate-300">
                    {i}
                  </span>
                  <span className="break-all">0x{pad(w.word)}</span>
                  {w.label ? (
                    <span className="font-sans font-semibold whitespace-normal">{w.label}</span>
                  ) : null}
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <h4 id={memoryId} className="text-sm font-semibold">
          Memory
        </h4>
        {memory ? <MemoryRows memory={memory} labelledBy={memoryId} /> : null}
      </div>
      <div className="flex flex-col gap-1">
        <h4 id={storageId} className="text-sm font-semibold">
          Storage
        </h4>
        {storage ? (
          <StorageLine access={storage} />
        ) : stack !== null && !partialStack ? (
          <p className="text-xs">This step reads and writes no storage.</p>
        ) : null}
      </div>
    </div>
  );
}

function MemoryRows({ memory, labelledBy }: { memory: MemoryView; labelledBy: string }) {
  const bytes = memory.hex.replace(/^0x/, "");
  if (bytes.length === 0)
    return (
      <p className="text-xs">
        {memory.size === 0
          ? "No memory yet."
          : `This step touches no memory (${groupedNumber(memory.size)} bytes in use).`}
      </p>
    );
  const rows: { offset: number; hex: string }[] = [];
  for (let i = 0; i < bytes.length; i += 64)
    rows.push({ offset: memory.offset + i / 2, hex: bytes.slice(i, i + 64) });
  return (
    <>
      <p className="text-xs">
        {bytes.length / 2 === memory.size
          ? `All ${groupedNumber(memory.size)} bytes.`
          : `${groupedNumber(bytes.length / 2)} of ${groupedNumber(memory.size)} bytes, around what this step reads or writes.`}
      </p>
      <div
        className="max-h-72 overflow-auto"
        tabIndex={0}
        aria-labelledby={labelledBy}
        role="region"
      >
        <table aria-labelledby={labelledBy} className="font-mono text-xs">
          <thead className="sr-only">
            <tr>
              <th scope="col">Offset</th>
              <th scope="col">Bytes</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.offset}>
                <td className="pr-2 text-right text-slate-700 dark:text-slate-300">
                  0x{r.offset.toString(16).padStart(4, "0")}
                </td>
                <td className="whitespace-nowrap">{r.hex.replace(/(.{8})(?!$)/g, "$1 ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function StorageLine({ access }: { access: StorageAccess }) {
  const verb = access.failed ? "Would write" : access.write ? "Writes" : "Reads";
  return (
    <div className="flex flex-col gap-1 text-xs">
      {access.names.length > 0 ? (
        <ul className="flex flex-col gap-0.5">
          {access.names.map((n) => (
            <li key={n.name}>
              {verb} <span className="font-mono font-semibold">{n.name}</span> {n.type}
              {n.value !== null ? (
                <>
                  {" "}
                  {access.write ? "←" : "="} <span className="font-mono break-all">{n.value}</span>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>{verb} an unnamed slot (the layout does not say, or its mapping key was not seen).</p>
      )}
      {access.failed ? (
        <p>The step failed here: nothing was stored (the frame&apos;s writes are undone).</p>
      ) : null}
      <p className="font-mono break-all text-slate-700 dark:text-slate-300">
        slot 0x{pad(access.slot)}
        {access.value !== null ? ` ${access.write ? "←" : "="} 0x${pad(access.value)}` : ""}
      </p>
    </div>
  );
}
