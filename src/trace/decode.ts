/**
 * Decoding for the call tree, through src/chain with the shared ABI registry (built-ins, the
 * devnet's contract ABIs, the ABIs kept on this device): function calls and return values, revert
 * reasons (Error(string), Panic(uint256) with its meaning, custom errors, raw bytes otherwise) and
 * logs. Only the tree's wording lives here. Decoding is done per visible frame and memoised
 * (FrameDecodeCache), never at flatten time.
 */
import {
  AbiRegistry,
  decodeCalldata,
  decodeLog as chainDecodeLog,
  decodeReturn,
  decodeRevert,
  describeRevert,
  gethRevertReason,
  type DecodeOrigin,
  type DecodedArg,
  type DecodedLogArg,
} from "../chain";
import { frameFailed } from "./model";
import type { SearchNames } from "./search";
import type { CallFrame, CallLog } from "./result";

export type { DecodedArg };

export interface DecodedCall {
  /** The function's name; for guessed arguments, the selector. */
  name: string;
  /** The signature; for guessed arguments, the selector with the guessed types. */
  signature: string;
  args: DecodedArg[];
  returns: DecodedArg[] | null;
  /** Where the name came from: a verified source, the database, the built-ins, guessed types… */
  origin: DecodeOrigin;
  /** The built-in group (ERC-20, …) when the origin is the built-in set. */
  source?: string;
  /** How many signatures share the selector (collisions), and the others that also decode. */
  candidates?: number;
  alternatives: string[];
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
  /** Each with whether it is indexed (a token amount never is: chain/events.ts). */
  args: DecodedLogArg[];
  origin: DecodeOrigin;
}

let decoders = 0;

/** The call tree's view of an AbiRegistry. */
export class TraceDecoder implements SearchNames {
  /** Unique per decoder and bumped on every addition, so memoised decodings can be dropped. */
  version = ++decoders;

  constructor(readonly registry: AbiRegistry = new AbiRegistry()) {}

  /** Adds a JSON ABI (tests, pasted files); throws with the reason when it is not one. */
  addAbiJson(json: string): number {
    const r = this.registry.addAbiJson(json);
    if (!r.ok) throw new Error(r.message);
    this.version = ++decoders;
    return r.added.functions + r.added.events + r.added.errors;
  }

  functionName(selector: string, address?: string): string | undefined {
    return this.registry.lookupFunctions(selector, address)[0]?.signature;
  }

  eventName(topic0: string, address?: string): string | undefined {
    return this.registry.lookupEvents(topic0, undefined, address)[0]?.signature;
  }

  revertText(output: string): string | undefined {
    const r = this.decodeRevert(output);
    return r.kind === "raw" || r.kind === "empty" ? undefined : r.label;
  }

  decodeCall(
    input: string | undefined,
    output: string | null | undefined,
    withReturn: boolean,
    to: string | null = null,
  ): DecodedCall | null {
    if (!input || input.length < 10) return null;
    const candidates = this.registry.lookupFunctions(input, to);
    // Every argument takes at least one 32-byte word after the selector: shorter calldata cannot
    // decode (viem would throw, and building its error is costly for each row of a big trace).
    const argBytes = (input.length - 10) / 2;
    if (candidates.length > 0 && !candidates.some((c) => argBytes >= 32 * c.item.inputs.length))
      return null;
    const call = decodeCalldata(input, this.registry, { to });
    if (call.error || !call.args) return null;
    if (call.origin === "guessed") {
      const selector = input.slice(0, 10).toLowerCase();
      return {
        name: selector,
        signature: `${selector}(${call.args.map((a) => a.type).join(",")})`,
        args: call.args,
        returns: null,
        origin: "guessed",
        alternatives: [],
      };
    }
    if (!call.name || !call.signature) return null;
    const fn = candidates.find((c) => c.signature === call.signature)?.item;
    let returns: DecodedArg[] | null = null;
    if (
      withReturn &&
      fn &&
      typeof output === "string" &&
      output.length > 2 &&
      fn.outputs.length > 0
    ) {
      const r = decodeReturn(output, fn);
      returns = r.ok ? r.values : null;
    }
    return {
      name: call.name,
      signature: call.signature,
      args: call.args,
      returns,
      origin: call.origin ?? "builtin",
      ...(call.source !== undefined ? { source: call.source } : {}),
      ...(call.candidates !== undefined ? { candidates: call.candidates } : {}),
      alternatives: (call.alternatives ?? []).flatMap((a) => (a.signature ? [a.signature] : [])),
    };
  }

  decodeRevert(output: string | null | undefined, to: string | null = null): RevertInfo {
    const r = decodeRevert(output, this.registry, { to });
    switch (r.kind) {
      case "empty":
        return { kind: "empty", reason: "", label: "no revert data" };
      case "error-string":
        return { kind: "error", reason: r.message, label: `Error: ${r.message}` };
      case "panic": {
        // The reference client's wording, as in callTracer's revertReason.
        const meaning = gethRevertReason(r) ?? r.meaning;
        return {
          kind: "panic",
          reason: meaning,
          label: `Panic 0x${r.code.toString(16).padStart(2, "0")}: ${meaning}`,
        };
      }
      case "custom": {
        const call = describeRevert(r);
        return { kind: "custom", reason: call, label: call };
      }
      case "unknown":
        return { kind: "raw", reason: output ?? "", label: output ?? "" };
    }
  }

  decodeLog(log: Pick<CallLog, "topics" | "data"> & { address?: string }): DecodedLog | null {
    const d = chainDecodeLog(log, this.registry);
    if (d.error || !d.args || !d.name || !d.signature) return null;
    return { name: d.name, signature: d.signature, args: d.args, origin: d.origin ?? "builtin" };
  }
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
      const failed = f ? frameFailed(f) : false;
      d = {
        call: f
          ? this.decoder.decodeCall(
              f.input,
              f.output,
              !failed,
              typeof f.to === "string" ? f.to : null,
            )
          : null,
        revert:
          f && failed
            ? this.decoder.decodeRevert(f.output, typeof f.to === "string" ? f.to : null)
            : null,
      };
      // A frame still on its way (see arrival.ts) is decoded once it is here.
      if (f) this.cache.set(i, d);
    }
    return d;
  }

  log(i: number, k: number): DecodedLog | null {
    const key = `${i}:${k}`;
    if (this.logs.has(key)) return this.logs.get(key) ?? null;
    const l = this.frames[i]?.logs?.[k];
    const d = l ? this.decoder.decodeLog(l) : null;
    if (l) this.logs.set(key, d);
    return d;
  }
}
