// Per-client encoder: diffs a frame against the last one the client was sent
// and writes the fewest bytes that turn the one into the other.

import { Attr, COLOR_MODE_MASK, COLOR_P16, COLOR_P256, COLOR_RGB, COLOR_VALUE_MASK, Frame, GRAPHEME_BASE, type Cursor } from "./frame.ts";
import { graphemeBytes, hostWidthBound, MAY_DIFFER_FROM } from "./graphemes.ts";
import { noFTL } from "bun:jsc";

const ESC = 0x1b;
const EMPTY = new Uint8Array(0);
const enc = (s: string) => new TextEncoder().encode(s);
const SYNC_BEGIN = enc("\x1b[?2026h");
const SYNC_END = enc("\x1b[?2026l");
const HIDE = enc("\x1b[?25l");
const SHOW = enc("\x1b[?25h");
const CLEAR = enc("\x1b[0m\x1b[H\x1b[2J");
/** DECAWM: a cell drawn wider than expected at the right edge must not wrap (and scroll). */
const AUTOWRAP_OFF = enc("\x1b[?7l");
const AUTOWRAP_ON = enc("\x1b[?7h");
/** An unchanged stretch this short is rewritten rather than jumped over (a CUF costs 3-4 bytes). */
const MAX_REWRITE = 4;

// SGR parameters that turn each attribute on and off, in Attr bit order.
const ATTR_ON = [1, 2, 3, 4, 5, 7, 8, 9, 53];
const ATTR_OFF = [22, 22, 23, 24, 25, 27, 28, 29, 55];

/** A growable byte buffer with the few writes the encoder needs. */
class Bytes {
  buf = new Uint8Array(1 << 16);
  len = 0;

  private room(n: number): void {
    if (this.len + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.len + n));
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }

  byte(b: number): void {
    this.room(1);
    this.buf[this.len++] = b;
  }

  bytes(b: Uint8Array): void {
    this.room(b.length);
    this.buf.set(b, this.len);
    this.len += b.length;
  }

  num(n: number): void {
    this.room(10);
    if (n >= 10) this.num(Math.floor(n / 10));
    this.buf[this.len++] = 0x30 + (n % 10);
  }

  /** Inserts bytes at an earlier position. */
  insert(at: number, b: Uint8Array): void {
    this.room(b.length);
    this.buf.copyWithin(at + b.length, at, this.len);
    this.buf.set(b, at);
    this.len += b.length;
  }

  /** A codepoint as UTF-8. */
  code(c: number): void {
    this.room(4);
    const b = this.buf;
    if (c < 0x80) b[this.len++] = c;
    else if (c < 0x800) {
      b[this.len++] = 0xc0 | (c >> 6);
      b[this.len++] = 0x80 | (c & 0x3f);
    } else if (c < 0x10000) {
      b[this.len++] = 0xe0 | (c >> 12);
      b[this.len++] = 0x80 | ((c >> 6) & 0x3f);
      b[this.len++] = 0x80 | (c & 0x3f);
    } else {
      b[this.len++] = 0xf0 | (c >> 18);
      b[this.len++] = 0x80 | ((c >> 12) & 0x3f);
      b[this.len++] = 0x80 | ((c >> 6) & 0x3f);
      b[this.len++] = 0x80 | (c & 0x3f);
    }
  }

  /** CSI n <final>, with n left out when it is the default 1. */
  csi(n: number, final: number): void {
    this.byte(ESC);
    this.byte(0x5b);
    if (n !== 1) this.num(n);
    this.byte(final);
  }
}

const digits = (n: number) => (n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : n < 10000 ? 4 : 5);
/** Bytes of CSI n <final> with n=1 left out. */
const csiCost = (n: number) => (n === 1 ? 3 : 3 + digits(n));

/** A char id no cell has: what the encoder assumes of host cells it must write whatever they hold. */
const UNWRITTEN = 0xffffffff;

export interface ClientScreenOptions {
  /** Wrap each frame in DEC 2026 synchronized output (the host supports it). */
  syncOutput?: boolean;
  /**
   * Maps a packed colour the host cannot show to one it can (RGB to the nearest of 256 for a host
   * without true colour, 256 to 16 for one with 16); absent: every colour is sent as it is.
   */
  reduceColour?: (packed: number) => number;
  /** The host has no automatic margins (terminfo's am off): its bottom-right cell is never written, as tmux's tty_putc skips it. */
  noAutoMargin?: boolean;
}

export class ClientScreen {
  private readonly last: Frame;
  private full = true;
  private readonly out = new Bytes();
  private readonly sgrA = new Bytes();
  private readonly sgrB = new Bytes();
  private readonly syncOutput: boolean;
  private readonly reduce: ((packed: number) => number) | null;
  private readonly noAutoMargin: boolean;
  // What the host terminal is in now.
  private penFg = 0;
  private penBg = 0;
  private penAttrs = 0;
  /** Host cursor column, -1 when unknown (after writing the last column: pending wrap). */
  private cx = -1;
  private cy = -1;
  private hostCursorVisible = true;
  /** DECSCUSR parameter last sent, -1 unknown. */
  private hostShape = -1;
  /** Runs of cells written in this frame. */
  private runs = 0;
  /** Cells of this row before this index are written even if unchanged: a host may have drawn over them. */
  private redrawTo = 0;

  constructor(cols: number, rows: number, opts: ClientScreenOptions = {}) {
    this.last = new Frame(cols, rows);
    this.syncOutput = opts.syncOutput ?? false;
    this.reduce = opts.reduceColour ?? null;
    this.noAutoMargin = opts.noAutoMargin ?? false;
  }

  resize(cols: number, rows: number): void {
    this.last.resize(cols, rows);
    this.full = true;
  }

  invalidate(): void {
    this.full = true;
  }

  /** The bytes that bring the host from the last frame to this one; empty when nothing changed. */
  encode(frame: Frame): Uint8Array {
    const last = this.last;
    if (frame.cols !== last.cols || frame.rows !== last.rows || frame.generation !== last.generation) {
      this.full = true;
    }
    const full = this.full;
    const out = this.out;
    out.len = 0;
    if (this.syncOutput) out.bytes(SYNC_BEGIN);
    const start = out.len;
    if (full) {
      last.resize(frame.cols, frame.rows);
      last.clear();
      // No cell of the status lines is taken as already on the host: all are written.
      const { from, to } = frame.statusRows;
      if (to > from) last.chars.fill(UNWRITTEN, from * frame.cols, Math.min(to, frame.rows) * frame.cols);
      out.bytes(CLEAR);
      this.penFg = this.penBg = this.penAttrs = 0;
      this.cx = this.cy = 0;
      this.hostShape = -1;
      this.hostCursorVisible = true; // unknown after attach: hide and show again
      this.full = false;
    }
    this.runs = 0;
    // Rows the frame says are as they were need no diff: the host has them (partial compose).
    const damage = full ? null : frame.damage;
    for (let y = 0; y < frame.rows; y++) if (!damage || damage[y] === 1) this.diffRow(frame, y);
    if (!full && this.runs === 0 && sameCursor(frame.cursor, last.cursor)) return EMPTY;
    // Hide the cursor while drawing, unless it is one run (an echo): that is a single small
    // write the host shows at once, and the hide/show pair would double its size.
    if ((full || this.runs > 1) && this.hostCursorVisible) {
      out.insert(start, HIDE);
      this.hostCursorVisible = false;
    }
    this.placeCursor(frame.cursor);
    if (this.syncOutput) out.bytes(SYNC_END);
    if (full || (this.runs > 0 && !damage)) last.copyFrom(frame);
    else if (this.runs > 0) last.copyRowsFrom(frame, damage!);
    else last.cursor = { ...frame.cursor };
    return out.buf.slice(0, out.len);
  }

  private placeCursor(c: Cursor): void {
    if (!c.visible) {
      if (this.hostCursorVisible) {
        this.out.bytes(HIDE);
        this.hostCursorVisible = false;
      }
      return;
    }
    this.moveTo(c.x, c.y);
    const shape = c.shape === "default" ? 0 : (c.shape === "block" ? 1 : c.shape === "underline" ? 3 : 5) + (c.blink ? 0 : 1);
    if (shape !== this.hostShape) {
      const o = this.out;
      o.byte(ESC);
      o.byte(0x5b);
      o.num(shape);
      o.byte(0x20);
      o.byte(0x71); // CSI n SP q: DECSCUSR
      this.hostShape = shape;
    }
    if (!this.hostCursorVisible) {
      this.out.bytes(SHOW);
      this.hostCursorVisible = true;
    }
  }

  private diffRow(f: Frame, y: number): void {
    const cols = f.cols;
    const base = y * cols;
    const end = base + cols - (this.noAutoMargin && y === f.rows - 1 ? 1 : 0);
    const widths = f.widths;
    this.redrawTo = 0;
    let i = base;
    while (i < end) {
      if (i >= this.redrawTo) i = this.nextDiff(f, i, end);
      if (i >= end) return;
      if (widths[i] === 0 && i > base) i--; // start at the wide char's head
      this.moveTo(i - base, y);
      this.runs++;
      i += this.writeCell(f, i, i - base); // the head, even if only its spacer differed
      // Write the run; short unchanged stretches in the same pen are cheaper to rewrite than to jump.
      // After a cell the host may have drawn at another width (cx unknown), the next is placed anew.
      while (i < end && this.cx >= 0) {
        const next = i < this.redrawTo ? i : this.nextDiff(f, i, Math.min(end, i + MAX_REWRITE + 1));
        if (next === i) {
          i += this.writeCell(f, i, i - base);
          continue;
        }
        if (next - i > MAX_REWRITE || next >= end) break;
        let j = i;
        while (j < next && this.cheapToRewrite(f, j)) j++;
        if (j < next) break;
        for (; i < next; i++) this.writeCell(f, i, i - base);
      }
    }
  }

  /** The first index in [from, end) whose cell differs from the last frame, or end. */
  private nextDiff(f: Frame, from: number, end: number): number {
    const l = this.last;
    const { chars, fg, bg, attrs, widths } = f;
    const lc = l.chars;
    const lf = l.fg;
    const lb = l.bg;
    const la = l.attrs;
    const lw = l.widths;
    let i = from;
    while (i < end && chars[i] === lc[i] && fg[i] === lf[i] && bg[i] === lb[i] && attrs[i] === la[i] && widths[i] === lw[i]) i++;
    return i;
  }

  /** A narrow ASCII cell in the current pen: rewriting it costs one byte. */
  private cheapToRewrite(f: Frame, i: number): boolean {
    return (
      f.widths[i] === 1 &&
      (f.chars[i] ?? 0) < 0x80 &&
      f.fg[i] === this.penFg &&
      f.bg[i] === this.penBg &&
      f.attrs[i] === this.penAttrs
    );
  }

  /** Writes the cell at index i (column x); returns the columns it took. */
  private writeCell(f: Frame, i: number, x: number): number {
    this.pen(f.fg[i] ?? 0, f.bg[i] ?? 0, f.attrs[i] ?? 0);
    const ch = f.chars[i] ?? 0x20;
    const w = f.widths[i] === 2 ? 2 : 1;
    if (ch >= MAY_DIFFER_FROM) {
      const bound = hostWidthBound(ch, w);
      if (bound > 0) return this.writeUncertain(f, i, x, ch, w, bound);
      if (ch >= GRAPHEME_BASE) this.out.bytes(graphemeBytes(ch));
      else this.out.code(ch);
    } else this.out.code(ch === 0 ? 0x20 : ch);
    // After the last column the host has a pending wrap: its column is not to be trusted.
    this.cx = x + w >= f.cols ? -1 : x + w;
    return w;
  }

  /**
   * A cell the host may draw `bound` columns wide instead of `w` (a cluster, an emoji): whatever
   * it does, no debris stays. Its cells are erased first (drawn narrower, the rest is blank);
   * near the right edge autowrap is off (drawn wider, it cannot wrap and scroll the screen);
   * the cells it may have drawn over are written again, and the next cell is placed explicitly.
   */
  private writeUncertain(f: Frame, i: number, x: number, ch: number, w: number, bound: number): number {
    const o = this.out;
    if (w === 2) o.csi(2, 0x58); // ECH 2, in the cell's colours
    const edge = x + bound > f.cols;
    if (edge) o.bytes(AUTOWRAP_OFF);
    if (ch >= GRAPHEME_BASE) o.bytes(graphemeBytes(ch));
    else o.code(ch);
    if (edge) o.bytes(AUTOWRAP_ON);
    this.cx = -1;
    this.redrawTo = Math.max(this.redrawTo, i + bound);
    return w;
  }

  /** Moves the host cursor by the cheapest of CUP, VPA/CHA, relative moves and CR/LF. */
  private moveTo(tx: number, ty: number): void {
    const { cx, cy } = this;
    if (cx === tx && cy === ty) return;
    const o = this.out;
    const cupCost = 2 + (ty === 0 ? 0 : digits(ty + 1)) + (tx === 0 ? 0 : 1 + digits(tx + 1)) + 1;
    if (cy < 0) return this.cup(tx, ty);
    const dy = ty - cy;
    // Vertical: nothing, CUD/CUU, or VPA; with tx == 0, CR then LFs (safe in raw mode and with onlcr).
    const vRel = dy === 0 ? 0 : csiCost(Math.abs(dy));
    const vAbs = 3 + digits(ty + 1);
    const crlf = tx === 0 && dy > 0 ? 1 + dy : Infinity;
    // Horizontal: nothing, CUF/CUB/BS, CR (+CUF), or CHA.
    let hRel = Infinity;
    if (cx >= 0) {
      const dx = tx - cx;
      hRel = dx === 0 ? 0 : dx > 0 ? csiCost(dx) : Math.min(csiCost(-dx), -dx <= 2 ? -dx : Infinity);
    }
    const hCr = 1 + (tx === 0 ? 0 : csiCost(tx));
    const hAbs = tx === 0 ? 3 : 3 + digits(tx + 1);
    const v = Math.min(vRel, vAbs);
    const h = Math.min(hRel, hCr, hAbs);
    if (crlf <= v + h && crlf < cupCost) {
      o.byte(0x0d);
      for (let k = 0; k < dy; k++) o.byte(0x0a);
    } else if (v + h < cupCost) {
      // Horizontal first: CR from a pending wrap clears it before any vertical move.
      if (h === hRel && hRel !== Infinity) {
        const dx = tx - (cx as number);
        if (dx > 0) o.csi(dx, 0x43);
        else if (dx < 0) {
          if (-dx <= 2 && -dx < csiCost(-dx)) for (let k = 0; k < -dx; k++) o.byte(0x08);
          else o.csi(-dx, 0x44);
        }
      } else if (h === hCr) {
        o.byte(0x0d);
        if (tx > 0) o.csi(tx, 0x43);
      } else o.csi(tx + 1, 0x47);
      if (v === vRel) {
        if (dy > 0) o.csi(dy, 0x42);
        else if (dy < 0) o.csi(-dy, 0x41);
      } else o.csi(ty + 1, 0x64);
    } else this.cup(tx, ty);
    this.cx = tx;
    this.cy = ty;
  }

  private cup(tx: number, ty: number): void {
    const o = this.out;
    o.byte(ESC);
    o.byte(0x5b);
    if (ty !== 0) o.num(ty + 1);
    if (tx !== 0) {
      o.byte(0x3b);
      o.num(tx + 1);
    }
    o.byte(0x48);
    this.cx = tx;
    this.cy = ty;
  }

  /** Sets the host's pen: only what changed, or a reset when that is shorter. */
  private pen(fg: number, bg: number, attrs: number): void {
    if (this.reduce !== null) {
      fg = this.reduce(fg);
      bg = this.reduce(bg);
    }
    if (fg === this.penFg && bg === this.penBg && attrs === this.penAttrs) return;
    const a = this.sgrA;
    const b = this.sgrB;
    a.len = 0;
    b.len = 0;
    // Incremental.
    const off = this.penAttrs & ~attrs;
    let on = attrs & ~this.penAttrs;
    if (off & (Attr.bold | Attr.dim)) {
      param(a, 22);
      on |= attrs & (Attr.bold | Attr.dim); // 22 clears both
    }
    for (let bit = 2; bit < ATTR_OFF.length; bit++) if (off & (1 << bit)) param(a, ATTR_OFF[bit] ?? 0);
    for (let bit = 0; bit < ATTR_ON.length; bit++) if (on & (1 << bit)) param(a, ATTR_ON[bit] ?? 0);
    if (fg !== this.penFg) color(a, fg, 30);
    if (bg !== this.penBg) color(a, bg, 40);
    // From a reset.
    param(b, 0);
    for (let bit = 0; bit < ATTR_ON.length; bit++) if (attrs & (1 << bit)) param(b, ATTR_ON[bit] ?? 0);
    if (fg !== 0) color(b, fg, 30);
    if (bg !== 0) color(b, bg, 40);
    const pick = b.len < a.len ? b : a;
    const o = this.out;
    o.byte(ESC);
    o.byte(0x5b);
    o.bytes(pick.buf.subarray(0, pick.len));
    o.byte(0x6d);
    this.penFg = fg;
    this.penBg = bg;
    this.penAttrs = attrs;
  }
}

// moveTo reaches JSC's top tier (FTL) only after seconds of frames, and that one compile (~200 ms
// on a compiler thread, 11 KB of code with csiCost, digits and the byte writes inlined) took
// ~8 MiB for itself: a flood's peak server RSS was that much higher after ~5 s than before.
// Its lower tiers are fast enough for the few cursor moves of a frame.
noFTL(Reflect.get(ClientScreen.prototype, "moveTo") as (...args: unknown[]) => unknown);

function param(b: Bytes, n: number): void {
  if (b.len > 0) b.byte(0x3b);
  b.num(n);
}

/** fg (base 30) or bg (base 40) parameters for a packed colour. */
function color(b: Bytes, c: number, base: number): void {
  const v = c & COLOR_VALUE_MASK;
  switch (c & COLOR_MODE_MASK) {
    case COLOR_P16:
      param(b, v < 8 ? base + v : base + 60 + (v - 8));
      return;
    case COLOR_P256:
      param(b, base + 8);
      param(b, 5);
      param(b, v & 0xff);
      return;
    case COLOR_RGB:
      param(b, base + 8);
      param(b, 2);
      param(b, (v >> 16) & 0xff);
      param(b, (v >> 8) & 0xff);
      param(b, v & 0xff);
      return;
    default:
      param(b, base + 9);
  }
}

function sameCursor(a: Cursor, b: Cursor): boolean {
  if (a.visible !== b.visible) return false;
  if (!a.visible) return true;
  return a.x === b.x && a.y === b.y && a.shape === b.shape && a.blink === b.blink;
}
