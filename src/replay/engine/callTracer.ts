/**
 * geth's `callTracer` answer built from the EVM's message events: one frame per call, with geth's
 * field names, order and omissions (go-ethereum eth/tracers/native/call.go), `withLog` logs with
 * their position among the frame's calls, and `onlyTopCall`.
 */
import type { EVMResult, Message } from "@ethereumjs/evm";
import { bytesToHex, type Address } from "@ethereumjs/util";
import { decodeRevert, gethRevertReason } from "../../chain";
import { gethError, isRevert } from "./errorText";
import type { TxDone, TxTracer } from "./hooks";
import type { Tap } from "./taps";

export interface CallLog {
  address: string;
  topics: string[];
  data: string;
  position: string;
  index: string;
}

export interface CallFrame {
  from: string;
  gas: string;
  gasUsed: string;
  to?: string;
  input: string;
  output?: string;
  error?: string;
  revertReason?: string;
  calls?: CallFrame[];
  logs?: CallLog[];
  value?: string;
  type: string;
}

export interface CallTracerConfig {
  onlyTopCall?: boolean;
  withLog?: boolean;
}

const qty = (n: bigint): string => `0x${n.toString(16)}`;

interface Open {
  frame: CallFrame;
  /** The address whose storage the frame runs on: the `from` of the frames it opens. */
  context: string;
  gasLimit: bigint;
}

export function callTracer(config: CallTracerConfig): TxTracer {
  const open: Open[] = [];
  let root: CallFrame | null = null;
  let op = "";
  let logIndex = 0;
  const failed = new Set<CallFrame>();

  const taps = new Map<number, Tap>();
  const CALL_CODES: Record<number, string> = {
    0xf0: "CREATE",
    0xf1: "CALL",
    0xf2: "CALLCODE",
    0xf4: "DELEGATECALL",
    0xf5: "CREATE2",
    0xfa: "STATICCALL",
  };
  for (const [code, name] of Object.entries(CALL_CODES))
    taps.set(Number(code), () => {
      op = name;
      return undefined;
    });
  if (!config.onlyTopCall)
    taps.set(0xff, async (st) => {
      const top = open[open.length - 1];
      if (!top) return undefined;
      const [beneficiary = 0n] = st.stack.peek(1);
      const from = st.interpreter.getAddress().toString();
      const balance = (await st.stateManager.getAccount(st.env.address))?.balance ?? 0n;
      // geth reports a SELFDESTRUCT as a frame of its own, sending the contract's balance.
      return () => {
        (top.frame.calls ??= []).push({
          from,
          gas: "0x0",
          gasUsed: "0x0",
          to: `0x${beneficiary.toString(16).padStart(40, "0").slice(-40)}`,
          input: "0x",
          value: qty(balance),
          type: "SELFDESTRUCT",
        });
      };
    });
  if (config.withLog)
    for (let n = 0; n <= 4; n++)
      taps.set(0xa0 + n, (st) => {
        const top = open[open.length - 1];
        if (!top || (config.onlyTopCall && open.length > 1)) return undefined;
        const [offset = 0n, size = 0n, ...words] = st.stack.peek(2 + n);
        const data = bytesToHex(st.memory.read(Number(offset), Number(size)));
        const address = st.interpreter.getAddress().toString();
        return () => {
          (top.frame.logs ??= []).push({
            address,
            topics: words.map((w) => `0x${w.toString(16).padStart(64, "0")}`),
            data,
            position: qty(BigInt(top.frame.calls?.length ?? 0)),
            index: qty(BigInt(logIndex++)),
          });
        };
      });

  const before = (m: Message): void => {
    const parent = open[open.length - 1];
    const create = m.to === undefined;
    let type: string;
    if (!parent) type = create ? "CREATE" : "CALL";
    else if (m.delegatecall) type = "DELEGATECALL";
    else if (op !== "") type = op;
    else type = create ? (m.salt ? "CREATE2" : "CREATE") : "CALL";
    const codeAddress: Address | undefined = m._codeAddress ?? m.to;
    // A creating frame's address is made after its message starts: a call it makes (not a
    // DELEGATECALL, which keeps the original sender) names it as its caller.
    if (parent && parent.context === "" && !m.delegatecall) parent.context = m.caller.toString();
    const frame: CallFrame = {
      from: parent ? parent.context : m.caller.toString(),
      gas: qty(m.gasLimit),
      gasUsed: "0x0",
      to: codeAddress?.toString(),
      input: bytesToHex(create && m.code instanceof Uint8Array ? m.code : m.data),
      type,
    };
    if (type !== "STATICCALL") frame.value = qty(m.value);
    if (create && frame.input === "0x") frame.input = bytesToHex(m.data);
    const context = m.to?.toString() ?? "";
    if (!parent) root = frame;
    else if (!config.onlyTopCall) (parent.frame.calls ??= []).push(frame);
    open.push({ frame, context, gasLimit: m.gasLimit });
  };

  const after = (r: EVMResult): void => {
    const top = open.pop();
    if (!top) return;
    const { frame } = top;
    const e = r.execResult.exceptionError;
    frame.gasUsed = qty(r.execResult.executionGasUsed);
    if (r.createdAddress) frame.to = r.createdAddress.toString();
    const output = bytesToHex(r.execResult.returnValue);
    if (!e) {
      if (output !== "0x") frame.output = output;
      return;
    }
    failed.add(frame);
    frame.error = gethError(e, r.execResult.runState?.opCode);
    if (frame.type === "CREATE" || frame.type === "CREATE2") delete frame.to;
    if (!isRevert(e) || output === "0x") return;
    frame.output = output;
    const reason = gethRevertReason(decodeRevert(output));
    if (reason !== null && output.length >= 10) frame.revertReason = reason;
  };

  const clearFailedLogs = (f: CallFrame, parentFailed: boolean): void => {
    const isFailed = parentFailed || failed.has(f);
    if (isFailed) delete f.logs;
    for (const c of f.calls ?? []) clearFailedLogs(c, isFailed);
  };

  return {
    taps,
    before,
    after,
    result(done: TxDone): CallFrame {
      const frame = root ?? {
        from: "0x",
        gas: qty(done.gasLimit),
        gasUsed: "0x0",
        input: "0x",
        type: "CALL",
      };
      frame.gasUsed = qty(done.gasUsed);
      if (config.withLog) clearFailedLogs(frame, false);
      return sortKeys(frame);
    },
  };
}

const ORDER = [
  "from",
  "gas",
  "gasUsed",
  "to",
  "input",
  "output",
  "error",
  "revertReason",
  "calls",
  "logs",
  "value",
  "type",
] as const;

/** geth's field order (its struct's), so the answer reads as the node's does. */
function sortKeys(f: CallFrame): CallFrame {
  const out: Record<string, unknown> = {};
  for (const k of ORDER) {
    const v = f[k];
    if (v === undefined) continue;
    out[k] = k === "calls" ? (v as CallFrame[]).map(sortKeys) : v;
  }
  return out as unknown as CallFrame;
}
