/**
 * Decoding for the call tree: function calls and return values, revert reasons (Error(string),
 * Panic(uint256) with its meaning, custom errors a pasted ABI knows, raw bytes otherwise) and
 * logs. Built on viem. Decoding is done per visible frame and memoised (FrameDecodeCache), never
 * at flatten time.
 */
import {
  decodeAbiParameters,
  decodeErrorResult,
  decodeEventLog,
  decodeFunctionData,
  decodeFunctionResult,
  parseAbiItem,
  toEventSelector,
  toFunctionSelector,
  type Abi,
  type AbiEvent,
  type AbiFunction,
  type AbiParameter,
  type Hex,
} from "viem";
import type { SearchNames } from "./model";
import type { CallFrame, CallLog } from "./result";

type AbiError = Extract<Abi[number], { type: "error" }>;

/** A small built-in set so common calls read as names without any ABI. */
export const BUILTIN_SIGNATURES: readonly string[] = [
  "function transfer(address to, uint256 amount) returns (bool)",
  "function transferFrom(address from, address to, uint256 amount) returns (bool)",
  "function approve(address spender, uint256 amount) returns (bool)",
  "function balanceOf(address account) view returns (uint256)",
  "function allowance(address owner, address spender) view returns (uint256)",
  "function totalSupply() view returns (uint256)",
  "function decimals() view returns (uint8)",
  "function symbol() view returns (string)",
  "function name() view returns (string)",
  "function ownerOf(uint256 tokenId) view returns (address)",
  "function safeTransferFrom(address from, address to, uint256 tokenId)",
  "function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)",
  "function setApprovalForAll(address operator, bool approved)",
  "function deposit()",
  "function withdraw(uint256 wad)",
  "function multicall(bytes[] data) returns (bytes[] results)",
  "function aggregate((address target, bytes callData)[] calls) returns (uint256 blockNumber, bytes[] returnData)",
  "function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
  "function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)",
  "function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)",
  "function owner() view returns (address)",
  "function supportsInterface(bytes4 interfaceId) view returns (bool)",
  "event Transfer(address indexed from, address indexed to, uint256 value)",
  "event Approval(address indexed owner, address indexed spender, uint256 value)",
  "event ApprovalForAll(address indexed owner, address indexed operator, bool approved)",
  "event Deposit(address indexed dst, uint256 wad)",
  "event Withdrawal(address indexed src, uint256 wad)",
  "event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)",
  "event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)",
  "event Sync(uint112 reserve0, uint112 reserve1)",
];

export const PANIC_MEANINGS: Record<number, string> = {
  0x00: "generic panic",
  0x01: "assert(false)",
  0x11: "arithmetic underflow or overflow",
  0x12: "division or modulo by zero",
  0x21: "enum overflow",
  0x22: "invalid encoded storage byte array accessed",
  0x31: "out-of-bounds array access; popping on an empty array",
  0x32: "out-of-bounds access of an array or bytesN",
  0x41: "out of memory",
  0x51: "uninitialized function",
};

export interface DecodedArg {
  name: string;
  type: string;
  value: string;
}

export interface DecodedCall {
  name: string;
  signature: string;
  args: DecodedArg[];
  returns: DecodedArg[] | null;
}

export type RevertKind = "error" | "panic" | "custom" | "raw" | "empty";
export interface RevertInfo {
  kind: RevertKind;
  /** The reason alone: Error(string)'s message, the panic meaning, the custom error call. */
  reason: string;
  /** How it reads in the tree: `Error: …`, `Panic 0x11: …`, `InsufficientBalance(…)`, raw hex. */
  label: string;
}

export interface DecodedLog {
  name: string;
  signature: string;
  args: DecodedArg[];
}

export function formatValue(v: unknown): string {
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "string") return v;
  if (typeof v === "boolean" || typeof v === "number") return String(v);
  if (v === undefined || v === null) return "";
  return JSON.stringify(v, (_k, x: unknown) => (typeof x === "bigint" ? x.toString() : x));
}

function params(inputs: readonly AbiParameter[]): string {
  return inputs
    .map((i) =>
      i.type === "tuple" && "components" in i ? `(${params(i.components)})${""}` : i.type,
    )
    .join(",");
}

function argsOf(inputs: readonly AbiParameter[], values: unknown): DecodedArg[] {
  const list: readonly unknown[] = Array.isArray(values)
    ? values
    : values === undefined
      ? []
      : [values];
  return inputs.map((input, k) => ({
    name: input.name ?? "",
    type: input.type,
    value: formatValue(list[k]),
  }));
}

function isItem(x: unknown, type: string): boolean {
  return (
    typeof x === "object" &&
    x !== null &&
    (x as Record<string, unknown>).type === type &&
    typeof (x as Record<string, unknown>).name === "string"
  );
}

export class TraceDecoder implements SearchNames {
  private functions = new Map<string, AbiFunction[]>();
  private errors = new Map<string, AbiError[]>();
  private events = new Map<string, AbiEvent[]>();
  private seen = new Set<string>();
  /** Bumped on every addition, so memoised decodings can be dropped. */
  version = 0;

  constructor(signatures: readonly string[] = BUILTIN_SIGNATURES) {
    for (const s of signatures) this.addSignature(s);
  }

  private add(item: AbiFunction | AbiError | AbiEvent): boolean {
    const key = `${item.type} ${item.name}(${params(item.inputs)})`;
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    if (item.type === "function") push(this.functions, toFunctionSelector(item), item);
    else if (item.type === "error")
      push(this.errors, toFunctionSelector(`function ${item.name}(${params(item.inputs)})`), item);
    else push(this.events, toEventSelector(item), item);
    this.version++;
    return true;
  }

  /** `function f(uint256)`, `error E(address)`, `event Ev(...)`, or a bare `f(uint256)` (a function). */
  addSignature(text: string): void {
    const t = text.trim().replace(/;$/, "");
    const item = parseAbiItem(/^(function|error|event)\s/.test(t) ? t : `function ${t}`);
    if (item.type === "function" || item.type === "error" || item.type === "event") this.add(item);
    else throw new Error("expected a function, error or event signature");
  }

  /** Adds the functions, errors and events of a JSON ABI; returns how many it had. */
  addAbiJson(json: string): number {
    const parsed: unknown = JSON.parse(json);
    const items = Array.isArray(parsed)
      ? parsed
      : typeof parsed === "object" &&
          parsed !== null &&
          Array.isArray((parsed as { abi?: unknown }).abi)
        ? (parsed as { abi: unknown[] }).abi
        : null;
    if (!items) throw new Error("expected a JSON array (an ABI) or an object with an abi array");
    let n = 0;
    for (const item of items) {
      if (isItem(item, "function") || isItem(item, "error") || isItem(item, "event")) {
        const it = item as AbiFunction | AbiError | AbiEvent;
        if (!Array.isArray(it.inputs)) continue;
        this.add(it);
        n++;
      }
    }
    return n;
  }

  functionName(selector: string): string | undefined {
    const f = this.functions.get(selector.toLowerCase())?.[0];
    return f ? `${f.name}(${params(f.inputs)})` : undefined;
  }

  eventName(topic0: string): string | undefined {
    const e = this.events.get(topic0.toLowerCase())?.[0];
    return e ? `${e.name}(${params(e.inputs)})` : undefined;
  }

  revertText(output: string): string | undefined {
    const r = this.decodeRevert(output);
    return r.kind === "raw" || r.kind === "empty" ? undefined : r.label;
  }

  decodeCall(
    input: string | undefined,
    output: string | null | undefined,
    withReturn: boolean,
  ): DecodedCall | null {
    if (!input || input.length < 10) return null;
    const candidates = this.functions.get(input.slice(0, 10).toLowerCase());
    if (!candidates) return null;
    for (const fn of candidates) {
      try {
        const { args } = decodeFunctionData({ abi: [fn], data: input as Hex });
        let returns: DecodedArg[] | null = null;
        if (
          withReturn &&
          typeof output === "string" &&
          output.length > 2 &&
          fn.outputs.length > 0
        ) {
          try {
            const out: unknown = decodeFunctionResult({
              abi: [fn],
              functionName: fn.name,
              data: output as Hex,
            });
            returns = argsOf(fn.outputs, fn.outputs.length === 1 ? [out] : out);
          } catch {
            returns = null;
          }
        }
        return {
          name: fn.name,
          signature: `${fn.name}(${params(fn.inputs)})`,
          args: argsOf(fn.inputs, args),
          returns,
        };
      } catch {
        // next candidate with the same selector
      }
    }
    return null;
  }

  decodeRevert(output: string | null | undefined): RevertInfo {
    if (!output || output === "0x") return { kind: "empty", reason: "", label: "no revert data" };
    const data = output.toLowerCase() as Hex;
    const selector = data.slice(0, 10);
    try {
      if (selector === "0x08c379a0") {
        const [message] = decodeAbiParameters([{ type: "string" }], `0x${data.slice(10)}`);
        return { kind: "error", reason: message, label: `Error: ${message}` };
      }
      if (selector === "0x4e487b71") {
        const [code] = decodeAbiParameters([{ type: "uint256" }], `0x${data.slice(10)}`);
        const meaning = PANIC_MEANINGS[Number(code)] ?? "unknown panic code";
        return {
          kind: "panic",
          reason: meaning,
          label: `Panic 0x${code.toString(16).padStart(2, "0")}: ${meaning}`,
        };
      }
    } catch {
      return { kind: "raw", reason: output, label: output };
    }
    const custom = this.errors.get(selector);
    if (custom) {
      for (const err of custom) {
        try {
          const r = decodeErrorResult({ abi: [err], data });
          const args = argsOf(err.inputs, r.args);
          const call = `${err.name}(${args.map((a) => (a.name ? `${a.name}: ${a.value}` : a.value)).join(", ")})`;
          return { kind: "custom", reason: call, label: call };
        } catch {
          // next candidate
        }
      }
    }
    return { kind: "raw", reason: output, label: output };
  }

  decodeLog(log: Pick<CallLog, "topics" | "data">): DecodedLog | null {
    const topic0 = log.topics[0];
    if (!topic0) return null;
    const candidates = this.events.get(topic0.toLowerCase());
    if (!candidates) return null;
    for (const ev of candidates) {
      const indexed = ev.inputs.filter((i) => "indexed" in i && i.indexed).length;
      if (indexed !== log.topics.length - 1) continue;
      try {
        const out = decodeEventLog({
          abi: [ev],
          topics: log.topics as [Hex, ...Hex[]],
          data: log.data as Hex,
          strict: true,
        });
        const rec = (out.args ?? {}) as Record<string, unknown> | readonly unknown[];
        const args = ev.inputs.map((input, k) => ({
          name: input.name ?? "",
          type: input.type,
          value: formatValue(
            Array.isArray(rec)
              ? rec[k]
              : input.name
                ? (rec as Record<string, unknown>)[input.name]
                : undefined,
          ),
        }));
        return { name: ev.name, signature: `${ev.name}(${params(ev.inputs)})`, args };
      } catch {
        // next
      }
    }
    return null;
  }
}

function push<T>(map: Map<string, T[]>, key: string, item: T): void {
  const list = map.get(key) ?? [];
  // User ABIs come after the built-ins and win.
  list.unshift(item);
  map.set(key, list);
}

// ---------------------------------------------------------------------------------------------

export interface FrameDecoding {
  call: DecodedCall | null;
  revert: RevertInfo | null;
}

/** Decodes frames on demand (visible rows, the detail panel) and remembers the result per frame. */
export class FrameDecodeCache {
  private cache = new Map<number, FrameDecoding>();
  private logs = new Map<string, DecodedLog | null>();
  constructor(
    private readonly frames: readonly CallFrame[],
    readonly decoder: TraceDecoder,
    /** Decoder version this cache was built for. */
    readonly version = decoder.version,
  ) {}

  frame(i: number): FrameDecoding {
    let d = this.cache.get(i);
    if (!d) {
      const f = this.frames[i];
      const failed = typeof f?.error === "string" && f.error !== "";
      d = {
        call: f ? this.decoder.decodeCall(f.input, f.output, !failed) : null,
        revert: f && failed ? this.decoder.decodeRevert(f.output) : null,
      };
      this.cache.set(i, d);
    }
    return d;
  }

  log(i: number, k: number): DecodedLog | null {
    const key = `${i}:${k}`;
    if (this.logs.has(key)) return this.logs.get(key) ?? null;
    const l = this.frames[i]?.logs?.[k];
    const d = l ? this.decoder.decodeLog(l) : null;
    this.logs.set(key, d);
    return d;
  }
}
