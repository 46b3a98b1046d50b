/**
 * The JavaScript tracer Nodescope ships, written for geth's engine (goja evaluates `(<code>)`, so
 * ES5.1 only; tracer.test.ts parses it so) and run unchanged by anvil's (boa). Per call frame, in
 * the callTracer's frame order (the top frame first, then each frame as `enter` opens it): its
 * call type and code address (`t`, `a`: what the reader lines the frames up with the call tree
 * by), its storage address once it touches storage (`s`), each slot it wrote once — [slot, value
 * before its first write, value after its last] — and the slots it read; KECCAK256 preimages of
 * 32 to 128 bytes (mapping key ‖ slot, an array's base slot, a string key ‖ slot), which name
 * mapping keys and array elements; and, for a frame that fails, the pc of its REVERT, INVALID or
 * failing instruction (`p`, `o`, the node's error `e`) with the last jumps it took, [from pc, to
 * pc] (a shared revert block or generated code is located by the jump into it).
 *
 * How geth runs it, and what the text does about it (README, "Storage by name"):
 * - An opcode that fails before it executes (out of gas, stack underflow) reaches `step` with
 *   `log.getError()` set and never reaches `fault`: it wrote nothing, and its pc is the frame's
 *   failing pc. So the error is read before anything is recorded.
 * - `stack.peek` past the stack's height and `memory.slice` past its size interrupt the engine (a
 *   `try` does not catch it; the whole trace fails): heights and sizes are checked first.
 * - `db.getState` takes bytes (the address as `log.contract.getAddress()` gives it, the slot
 *   through `toWord`); anvil reads the state as it was before the transaction, geth as it is
 *   now, so the tracer keeps the value each slot was last written to itself and asks the node only
 *   for a slot this transaction has not written yet (a frame that fails puts back what it and the
 *   frames under it changed).
 *
 * A failed frame's writes and its callees' are undone newest first in the order they were made
 * (`undo`, from the frame's `mark`), not frame by frame: the oldest write's "before" is the value
 * the frame found, so a later frame's "before" is right after a revert.
 *
 * Bounded: MAX_ENTRIES distinct entries in all (a slot a frame writes again, or reads again, does
 * not count twice). Past it nothing new is kept (frames and failure pcs are still followed) and
 * `cut` says how many of each kind were left out: distinct writes and reads per frame, and
 * KECCAK256 inputs not kept (one hashed twice counts twice). Only a few opcodes do any work;
 * every other step costs a comparison.
 */
export const STORAGE_TRACER_MAX_ENTRIES = 20_000;

export const STORAGE_TRACER = `{
  max: ${STORAGE_TRACER_MAX_ENTRIES},
  kept: 0,
  cut: { w: 0, r: 0, k: 0 },
  frames: [{ t: null, a: null, w: [], r: [] }],
  open: [0],
  last: [],
  wat: [{}],
  rat: [{}],
  cur: {},
  undo: [],
  mark: [0],
  seen: {},
  pre: [],
  pending: -1,
  pad: function (h) {
    while (h.length < 64) h = "0" + h;
    return "0x" + h;
  },
  word: function (v) {
    return this.pad(v.toString(16));
  },
  num: function (v) {
    return Number(v.toString(10));
  },
  jump: function (f, from, to) {
    if (!f.j) f.j = [];
    f.j.push([from, to]);
    if (f.j.length > 16) f.j.shift();
  },
  failed: function (f, pc, op, err) {
    if (f.p !== undefined) return;
    f.p = pc;
    if (op) f.o = op;
    if (err) f.e = String(err);
  },
  close: function (i, err) {
    var f = this.frames[i];
    if (err && this.last[i] !== undefined) this.failed(f, this.last[i], null, err);
    if (f.p === undefined) delete f.j;
    this.wat[i] = null;
    this.rat[i] = null;
  },
  write: function (log, db, top, f) {
    if (log.stack.length() < 2) return;
    var slot = this.word(log.stack.peek(0));
    var value = this.word(log.stack.peek(1));
    var at = this.wat[top];
    var i = at[slot];
    if (i === undefined) {
      if (this.kept >= this.max) { at[slot] = -1; this.cut.w++; return; }
      this.kept++;
      if (!f.s) f.s = toHex(log.contract.getAddress());
      var before = this.cur[f.s + slot];
      if (before === undefined) before = this.pad(toHex(db.getState(log.contract.getAddress(), toWord(slot))).slice(2));
      at[slot] = f.w.length;
      f.w.push([slot, before, value]);
      this.undo.push([f.s + slot, before]);
    } else if (i >= 0) {
      f.w[i][2] = value;
    } else return;
    this.cur[f.s + slot] = value;
  },
  read: function (log, top, f) {
    if (log.stack.length() < 1) return;
    var slot = this.word(log.stack.peek(0));
    var at = this.rat[top];
    if (at[slot] !== undefined) return;
    if (this.kept >= this.max) { at[slot] = -1; this.cut.r++; return; }
    this.kept++;
    at[slot] = 1;
    if (!f.s) f.s = toHex(log.contract.getAddress());
    f.r.push(slot);
  },
  hash: function (log) {
    if (log.stack.length() < 2) return;
    var size = this.num(log.stack.peek(1));
    if (size < 32 || size > 128) return;
    var off = this.num(log.stack.peek(0));
    var len = log.memory.length();
    var bytes;
    if (off + size <= len) bytes = toHex(log.memory.slice(off, off + size));
    else if (off + size - len <= 128) {
      bytes = off < len ? toHex(log.memory.slice(off, len)) : "0x";
      while (bytes.length < 2 + 2 * size) bytes += "00";
    } else return;
    if (this.seen[bytes]) return;
    if (this.kept >= this.max) { this.cut.k++; return; }
    this.kept++;
    this.seen[bytes] = 1;
    this.pre.push(bytes);
  },
  step: function (log, db) {
    var top = this.open[this.open.length - 1];
    var f = this.frames[top];
    var pc = log.getPC();
    this.last[top] = pc;
    if (this.pending >= 0) {
      if (pc !== this.pending + 1) this.jump(f, this.pending, pc);
      this.pending = -1;
    }
    var err = log.getError();
    if (err) { this.failed(f, pc, log.op.toString(), err); return; }
    var op = log.op.toNumber();
    if (op === 0x56 || op === 0x57) this.pending = pc;
    else if (op === 0x55) this.write(log, db, top, f);
    else if (op === 0x54) this.read(log, top, f);
    else if (op === 0x20) this.hash(log);
    else if (op === 0xfd || op === 0xfe) this.failed(f, pc, op === 0xfd ? "REVERT" : "INVALID", null);
  },
  fault: function (log, db) {
    var f = this.frames[this.open[this.open.length - 1]];
    this.failed(f, log.getPC(), log.op.toString(), log.getError());
  },
  enter: function (frame) {
    this.pending = -1;
    this.open.push(this.frames.length);
    this.mark[this.frames.length] = this.undo.length;
    this.frames.push({ t: frame.getType(), a: toHex(frame.getTo()), w: [], r: [] });
    this.wat.push({});
    this.rat.push({});
  },
  exit: function (result) {
    this.pending = -1;
    var i = this.open.pop();
    var err = result.getError();
    if (err) {
      for (var n = this.undo.length - 1; n >= this.mark[i]; n--) this.cur[this.undo[n][0]] = this.undo[n][1];
      this.undo.length = this.mark[i];
    }
    this.close(i, err);
  },
  result: function (ctx, db) {
    var f = this.frames[0];
    f.t = ctx.type;
    f.a = ctx.to ? toHex(ctx.to) : null;
    this.close(0, ctx.error);
    return { nodescope: 2, frames: this.frames, preimages: this.pre, max: this.max, kept: this.kept, cut: this.cut };
  }
}`;
