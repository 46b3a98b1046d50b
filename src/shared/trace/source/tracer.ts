/**
 * The JavaScript tracer Nodescope ships (plain ES5: geth's and anvil's JS tracers run it as an
 * object literal). Per call frame, in the callTracer's frame order (the top frame first, then each
 * frame as `enter` opens it): its SSTOREs (slot, value) and the slots it SLOADs; KECCAK256
 * preimages of 32 to 128 bytes (mapping key ‖ slot, an array's base slot, a string key ‖ slot),
 * which name mapping keys and array elements; and, for a frame that fails, the pc of its REVERT,
 * INVALID or faulting instruction with the last jumps it took, [from pc, to pc] (a shared revert
 * block or generated code is located by the jump into it).
 *
 * Bounded: after MAX_ENTRIES writes, reads and preimages it records no more of them (frames and
 * failure pcs are still followed) and says `truncated`. Only a few opcodes do any work; every
 * other step costs a comparison.
 */
export const STORAGE_TRACER_MAX_ENTRIES = 20_000;

export const STORAGE_TRACER = `{
  max: ${STORAGE_TRACER_MAX_ENTRIES},
  count: 0,
  truncated: false,
  frames: [{ w: [], r: [] }],
  open: [0],
  seen: {},
  pre: [],
  reads: [{}],
  pending: -1,
  word: function (v) {
    var h = v.toString(16);
    while (h.length < 64) h = "0" + h;
    return "0x" + h;
  },
  full: function () {
    if (this.count < this.max) { this.count++; return false; }
    this.truncated = true;
    return true;
  },
  jump: function (f, from, to) {
    if (!f.j) f.j = [];
    f.j.push([from, to]);
    if (f.j.length > 16) f.j.shift();
  },
  step: function (log, db) {
    var op = log.op.toNumber();
    var top = this.open[this.open.length - 1];
    var f = this.frames[top];
    if (this.pending >= 0) {
      var at = log.getPC();
      if (at !== this.pending + 1) this.jump(f, this.pending, at);
      this.pending = -1;
    }
    if (op === 0x56 || op === 0x57) { this.pending = log.getPC(); return; }
    if (op === 0x55) {
      if (!this.full()) f.w.push([this.word(log.stack.peek(0)), this.word(log.stack.peek(1))]);
    } else if (op === 0x54) {
      var slot = this.word(log.stack.peek(0));
      var r = this.reads[top];
      if (!r[slot] && !this.full()) { r[slot] = 1; f.r.push(slot); }
    } else if (op === 0x20) {
      var size = Number(String(log.stack.peek(1)));
      if (size >= 32 && size <= 128) {
        var off = Number(String(log.stack.peek(0)));
        var bytes = null;
        try { bytes = toHex(log.memory.slice(off, off + size)); } catch (e) { bytes = null; }
        if (bytes && !this.seen[bytes] && !this.full()) { this.seen[bytes] = 1; this.pre.push(bytes); }
      }
    } else if (op === 0xfd || op === 0xfe) {
      f.p = log.getPC();
      f.o = op === 0xfd ? "REVERT" : "INVALID";
    }
  },
  fault: function (log, db) {
    var f = this.frames[this.open[this.open.length - 1]];
    if (f.p === undefined) { f.p = log.getPC(); f.o = log.op.toString(); }
  },
  enter: function (frame) {
    this.pending = -1;
    this.open.push(this.frames.length);
    this.frames.push({ w: [], r: [] });
    this.reads.push({});
  },
  exit: function (result) {
    this.pending = -1;
    var i = this.open.pop();
    var f = this.frames[i];
    if (f.p === undefined) delete f.j;
    this.reads[i] = null;
  },
  result: function (ctx, db) {
    var f = this.frames[0];
    if (f.p === undefined) delete f.j;
    return { nodescope: 1, frames: this.frames, preimages: this.pre, truncated: this.truncated ? this.max : null };
  }
}`;
