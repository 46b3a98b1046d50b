/**
 * The debugger's JavaScript tracer, written like the storage tracer (source/tracer.ts) for geth's
 * engine (goja evaluates `(<code>)`, so ES5.1 only; tracer.test.ts parses it so) and run unchanged
 * by anvil's (boa).
 *
 * Pass 1 (no window): for every call frame, in the callTracer's frame order (the top frame first,
 * then each frame as `enter` opens it): its call type `t` and code address `a`, the index `at` of
 * the parent's step that opened it (its CALL), and per step two numbers — the pc (`p`) and the gas
 * (`g`: the first step's gas left negated, then each step's gas left subtracted from the previous
 * step's in the same frame; a CALL's difference holds what the callee consumed). At the pcs the caller
 * lists per code address (the JUMPs the source map marks `i` into an internal function and `o` out
 * of it; a CREATE frame's pcs from a list of their own, they count the initcode) it keeps the top
 * words of the stack (`w`: [step, top, next, …], hex without 0x), where the arguments and return
 * values sit, and where one of them is a `memory` string, bytes or array (the count plus 100) the
 * first DEBUG_MEMORY_BYTES of memory (`wm`: [step, hex]; PASS1_MEMORY_MAX in all). A failing frame says its node error (`e`) and failing step
 * (`f`: its last, the one that failed); a frame's gas used (`u`) comes from `exit`.
 *
 * Pass 2 (a window: one frame, steps [from, to]): the same frame order and step counts, no pc or
 * gas arrays; for each step of the window its opcode (`o`), the whole stack (`s`, bottom first), memory (`m` from
 * byte `mo`, all of it up to MEMORY_BYTES, else MEMORY_BYTES around the offset the opcode reads or
 * writes; `ml` its whole size) and the storage it reads or writes (`sl`: [slot, value]; an SLOAD's
 * value is read at the frame's next step, where it is on top of the stack).
 *
 * What the text does about the two engines (../../../../shared/notes/tracers.md):
 * - an opcode failing before it executes reaches `step` with `log.getError()` on geth, without it
 *   on anvil, and `fault` on neither: the step is kept as any other and, being the frame's last,
 *   is its failing step once `exit` (or `result`) hears of the error; nothing else is read of it
 *   (pass 1 reads only pc, gas and, at listed pcs, stack words within the stack's height);
 * - `stack.peek` and `memory.slice` past their ends interrupt geth's engine: heights and sizes are
 *   checked first;
 * - gas comes from differences of `log.getGas()`, never `getCost()` (anvil's is the previous op's);
 * - no loop in the tracer's own code runs per step (anvil throws past 200,000 iterations of one).
 *
 * Bounded: at most `max` steps are kept (pc and gas) for the whole transaction; past it the steps
 * are still counted (`n` per frame) and `cut` says how many were not kept. A step costs two host
 * calls, two array pushes and a lookup of its pc in the frame's list. Measured on anvil 1.7.1
 * (bench/debug.mjs, Stepper.spin, 260,603 steps): 3.0–4.9 s and 1.9 MB (7.3 bytes a step) for
 * pass 1, where a tracer whose `step` only counts takes 3.8–4.5 s; pass 2 over 200 steps, 68 KB.
 */
export const DEBUG_TRACER_MAX_STEPS = 1_000_000;
/** Pass 2's longest window, in steps. */
export const DEBUG_WINDOW_MAX_STEPS = 256;
/** Pass 2's memory per step: all of it when smaller, else this many bytes around the access. */
export const DEBUG_MEMORY_BYTES = 4096;

/** Pass 1's memory in all (bytes): kept at jumps whose values lie in memory, the first 4 KB each. */
export const PASS1_MEMORY_MAX = 1_000_000;

/** Per code address (lower-case), per pc: how many stack words to keep there (top first). */
export type DebugWordPcs = Readonly<Record<string, Readonly<Record<number, number>>>>;

export interface DebugWindow {
  /** The frame's index in the callTracer's pre-order (0 = the top frame). */
  frame: number;
  /** Step indices within the frame, inclusive; at most DEBUG_WINDOW_MAX_STEPS. */
  from: number;
  to: number;
}

export interface DebugTracerOptions {
  words?: DebugWordPcs;
  /** The same for CREATE and CREATE2 frames, by created address: their pcs count the initcode. */
  creationWords?: DebugWordPcs;
  window?: DebugWindow;
  /** Replaces DEBUG_TRACER_MAX_STEPS (tests and the devnet check of the bound). */
  maxSteps?: number;
}

function wordsLiteral(words: DebugWordPcs | undefined): string {
  const out: Record<string, Record<string, number>> = {};
  for (const [address, pcs] of Object.entries(words ?? {})) {
    if (!/^0x[0-9a-fA-F]{40}$/.test(address)) continue;
    const kept: Record<string, number> = {};
    for (const [pc, n] of Object.entries(pcs))
      if (/^\d+$/.test(pc) && Number.isInteger(n) && n > 0)
        kept[pc] = Math.min(n % 100, 17) + (n >= 100 ? 100 : 0);
    out[address.toLowerCase()] = kept;
  }
  // JSON is an ES5 object literal: no code can come in through it.
  return JSON.stringify(out);
}

function windowLiteral(window: DebugWindow | undefined): string {
  if (!window) return "null";
  const whole = (n: number) => Math.max(0, Math.floor(n));
  const frame = whole(window.frame);
  const from = whole(window.from);
  const to = Math.min(whole(window.to), from + DEBUG_WINDOW_MAX_STEPS - 1);
  return JSON.stringify({ f: frame, from, to: Math.max(from, to) });
}

/**
 * Pass 1's step: two host calls, two pushes, one lookup. anvil (boa) spends ~17 µs calling an
 * empty `step`; every property read and host call adds to it, so the frame being run is kept in
 * `this` (cp, cg, cn, lg, cw) and saved in `enter`, put back in `exit`. The first gas entry of a
 * frame is its gas left negated (the difference from `lg` = 0), which spares a test per step.
 */
const PASS1_STEP = `step: function (log, db) {
    if (this.cw === undefined) this.top(log);
    var pc = log.getPC();
    var gas = log.getGas();
    if (this.kept < this.max) {
      this.kept++;
      this.cp.push(pc);
      this.cg.push(this.lg - gas);
    } else this.cut++;
    this.lg = gas;
    this.cn++;
    if (this.cw !== null && this.cw[pc] !== undefined) {
      var want = this.cw[pc];
      var h = log.stack.length();
      var n = want % 100 < h ? want % 100 : h;
      var rec = [this.cn - 1];
      for (var i = 0; i < n; i++) rec.push(log.stack.peek(i).toString(16));
      this.cf.w.push(rec);
      if (want >= 100 && this.mk < this.mmax) {
        var ml = log.memory.length();
        if (ml > this.memBytes) ml = this.memBytes;
        this.mk += ml;
        if (!this.cf.wm) this.cf.wm = [];
        this.cf.wm.push([this.cn - 1, ml > 0 ? toHex(log.memory.slice(0, ml)) : "0x"]);
      }
    }
  },`;

/** Pass 2's step: counts the frame's steps and details those of the window. */
const PASS2_STEP = `step: function (log, db) {
    if (this.cw === undefined) this.top(log);
    var k = this.cn;
    this.cn = k + 1;
    if (this.pend !== null) {
      if (log.stack.length() > 0) this.pend.sl[1] = log.stack.peek(0).toString(16);
      this.pend = null;
    }
    if (this.ci === this.win.f && k >= this.win.from && k <= this.win.to) this.detail(log, this.cf, k, log.op.toNumber());
  },`;

/** The tracer's text for a pass: pass 1 without a window, pass 2 with one. */
export function debugTracerText(options: DebugTracerOptions = {}): string {
  const max = Math.max(0, Math.floor(options.maxSteps ?? DEBUG_TRACER_MAX_STEPS));
  const pass2 = options.window !== undefined;
  return `{
  max: ${max},
  kept: 0,
  cut: 0,
  words: ${wordsLiteral(options.words)},
  cwords: ${wordsLiteral(options.creationWords)},
  win: ${windowLiteral(options.window)},
  memBytes: ${DEBUG_MEMORY_BYTES},
  mk: 0,
  mmax: ${PASS1_MEMORY_MAX},
  frames: [],
  saved: [],
  cf: null,
  ci: 0,
  cp: null,
  cg: null,
  cn: 0,
  lg: 0,
  cw: undefined,
  pend: null,
  open: function (f, words) {
    if (this.cf !== null) this.saved.push([this.cf, this.ci, this.cn, this.lg, this.cw]);
    this.ci = this.frames.length;
    this.frames.push(f);
    this.cf = f;
    this.cp = f.p;
    this.cg = f.g;
    this.cn = 0;
    this.lg = 0;
    this.cw = words;
  },
  top: function (log) {
    var a = toHex(log.contract.getAddress());
    this.open({ t: null, a: a, at: -1, n: 0, p: [], g: [], w: [] }, this.words[a] || null);
  },
  failed: function (f, err) {
    if (f.f === undefined) { f.f = f.n > 0 ? f.n - 1 : 0; f.e = String(err); }
  },
  num: function (v) {
    return Number(v.toString(10));
  },
  offsetOf: function (log, op) {
    var at = -1;
    if (op === 0x51 || op === 0x52 || op === 0x53 || op === 0x20 || op === 0xf3 || op === 0xfd || op === 0x37 || op === 0x39 || op === 0x3e || op === 0x5e || (op >= 0xa0 && op <= 0xa4)) at = 0;
    else if (op === 0xf1 || op === 0xf2) at = 3;
    else if (op === 0xf4 || op === 0xfa) at = 2;
    if (at < 0 || log.stack.length() <= at) return 0;
    var off = this.num(log.stack.peek(at));
    return off > 1e9 ? 0 : off;
  },
  detail: function (log, f, k, op) {
    var d = { k: k, o: op, s: [] };
    var h = log.stack.length();
    for (var i = h - 1; i >= 0; i--) d.s.push(log.stack.peek(i).toString(16));
    var len = log.memory.length();
    d.ml = len;
    var from = 0;
    var to = len;
    if (len > this.memBytes) {
      from = this.offsetOf(log, op) - 1024;
      from = from - (from % 32);
      if (from > len - this.memBytes) from = len - this.memBytes;
      if (from < 0) from = 0;
      to = from + this.memBytes;
    }
    d.mo = from;
    d.m = to > from ? toHex(log.memory.slice(from, to)) : "0x";
    if (op === 0x55 && h >= 2) d.sl = [log.stack.peek(0).toString(16), log.stack.peek(1).toString(16)];
    if (op === 0x54 && h >= 1) {
      d.sl = [log.stack.peek(0).toString(16), null];
      this.pend = d;
    }
    if (!f.x) f.x = [];
    f.x.push(d);
  },
  ${pass2 ? PASS2_STEP : PASS1_STEP}
  fault: function (log, db) {
    this.cf.n = this.cn;
    this.failed(this.cf, log.getError());
  },
  enter: function (frame) {
    var a = toHex(frame.getTo());
    var t = frame.getType();
    this.cf.n = this.cn;
    this.pend = null;
    this.open({ t: t, a: a, at: this.cn - 1, n: 0, p: [], g: [], w: [] }, (t === "CREATE" || t === "CREATE2" ? this.cwords[a] : this.words[a]) || null);
  },
  exit: function (result) {
    var f = this.cf;
    f.n = this.cn;
    this.pend = null;
    f.u = result.getGasUsed();
    var err = result.getError();
    if (err) this.failed(f, err);
    var s = this.saved.pop();
    this.cf = s[0];
    this.ci = s[1];
    this.cn = s[2];
    this.lg = s[3];
    this.cw = s[4];
    this.cp = this.cf.p;
    this.cg = this.cf.g;
  },
  result: function (ctx, db) {
    if (this.frames.length === 0) this.open({ t: null, a: null, at: -1, n: 0, p: [], g: [], w: [] }, null);
    var f = this.frames[0];
    if (this.cf === f) f.n = this.cn;
    f.t = ctx.type;
    if (ctx.to) f.a = toHex(ctx.to);
    if (ctx.error) this.failed(f, ctx.error);
    return { nodescope: "debug", v: 1, frames: this.frames, max: this.max, kept: this.kept, cut: this.cut, window: this.win };
  }
}`;
}

/** Pass 1 with no stack words kept: the text a node is sent when no source map is known. */
export const DEBUG_TRACER = debugTracerText();
