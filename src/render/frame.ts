// A frame: the client's screen as a grid of cells in typed arrays (no per-cell
// objects), plus the cursor. Composed by compose.ts, diffed by encoder.ts.

/** Cell attributes, one bit each (Frame.attrs). */
export const Attr = {
  bold: 1 << 0,
  dim: 1 << 1,
  italic: 1 << 2,
  underline: 1 << 3,
  blink: 1 << 4,
  inverse: 1 << 5,
  invisible: 1 << 6,
  strikethrough: 1 << 7,
  overline: 1 << 8,
} as const;

// Packed colours use xterm's own layout: mode in bits 24-25, value below.
export const COLOR_DEFAULT = 0;
export const COLOR_P16 = 0x1000000; // SGR 30-37 / 90-97 (value 0-15)
export const COLOR_P256 = 0x2000000; // SGR 38;5;n (value 0-255)
export const COLOR_RGB = 0x3000000; // SGR 38;2;r;g;b (value 0xRRGGBB)
export const COLOR_MODE_MASK = 0x3000000;
export const COLOR_VALUE_MASK = 0xffffff;

/** Char id of the right half of a wide character: never emitted. */
export const SPACER = 0;
/** Char ids at or above this index the grapheme table (multi-codepoint clusters). */
export const GRAPHEME_BASE = 0x200000;
export const SPACE = 0x20;

export type CursorShape = "default" | "block" | "underline" | "bar";

export interface Cursor {
  x: number;
  y: number;
  visible: boolean;
  shape: CursorShape;
  /** Blinking, when shape is not "default". */
  blink: boolean;
}

/** Cells as packed arrays: a Frame's, or a pane's cached ones. */
export interface Cells {
  chars: Uint32Array;
  widths: Uint8Array;
  fg: Uint32Array;
  bg: Uint32Array;
  attrs: Uint16Array;
}

/** Copies n cells from `src` at `from` into `dst` at `at`. */
export function copyCells(dst: Cells, at: number, src: Cells, from: number, n: number): void {
  const to = from + n;
  dst.chars.set(src.chars.subarray(from, to), at);
  dst.widths.set(src.widths.subarray(from, to), at);
  dst.fg.set(src.fg.subarray(from, to), at);
  dst.bg.set(src.bg.subarray(from, to), at);
  dst.attrs.set(src.attrs.subarray(from, to), at);
}

export class Frame implements Cells {
  cols: number;
  rows: number;
  /** Codepoint, SPACER, or GRAPHEME_BASE + grapheme id. */
  chars: Uint32Array;
  /** 1, 2 (wide head) or 0 (spacer after a wide head). */
  widths: Uint8Array;
  fg: Uint32Array;
  bg: Uint32Array;
  attrs: Uint16Array;
  cursor: Cursor = { x: 0, y: 0, visible: false, shape: "default", blink: false };
  /** Grapheme table generation the char ids refer to. */
  generation = 0;
  /**
   * Milliseconds until a pane held by synchronized output (mode 2026) times
   * out and must be repainted; 0 when no pane is held.
   */
  holdMs = 0;
  /**
   * The rows composeFrame may have changed since it last composed into this frame (1 = may
   * have), or null for all of them: the encoder diffs only these rows against the host.
   */
  damage: Uint8Array | null = null;
  /**
   * The status lines' rows [from, to): the encoder writes every cell of them on a full frame,
   * default blanks included, as tmux draws its status line (a terminal inside sees them written).
   */
  statusRows = { from: 0, to: 0 };

  constructor(cols: number, rows: number) {
    this.cols = cols;
    this.rows = rows;
    const n = cols * rows;
    this.chars = new Uint32Array(n);
    this.widths = new Uint8Array(n);
    this.fg = new Uint32Array(n);
    this.bg = new Uint32Array(n);
    this.attrs = new Uint16Array(n);
    this.clear();
  }

  /** Resizes in place (contents become blank). */
  resize(cols: number, rows: number): void {
    if (cols === this.cols && rows === this.rows) return;
    const n = cols * rows;
    if (n > this.chars.length) {
      this.chars = new Uint32Array(n);
      this.widths = new Uint8Array(n);
      this.fg = new Uint32Array(n);
      this.bg = new Uint32Array(n);
      this.attrs = new Uint16Array(n);
    }
    this.cols = cols;
    this.rows = rows;
    this.clear();
  }

  /** Every cell a default-coloured space. */
  clear(): void {
    const n = this.cols * this.rows;
    this.chars.fill(SPACE, 0, n);
    this.widths.fill(1, 0, n);
    this.fg.fill(0, 0, n);
    this.bg.fill(0, 0, n);
    this.attrs.fill(0, 0, n);
  }

  copyFrom(other: Frame): void {
    this.resize(other.cols, other.rows);
    copyCells(this, 0, other, 0, other.cols * other.rows);
    this.cursor = { ...other.cursor };
    this.generation = other.generation;
  }

  /** copyFrom for the rows marked in `rows` (same size), and the cursor. */
  copyRowsFrom(other: Frame, rows: Uint8Array): void {
    const cols = this.cols;
    for (let y = 0; y < this.rows; y++) if (rows[y] === 1) copyCells(this, y * cols, other, y * cols, cols);
    this.cursor = { ...other.cursor };
    this.generation = other.generation;
  }

  /** Sets one narrow cell (no checks: callers keep the wide-char invariant). */
  set(x: number, y: number, char: number, fg: number, bg: number, attrs: number): void {
    const i = y * this.cols + x;
    this.chars[i] = char;
    this.widths[i] = 1;
    this.fg[i] = fg;
    this.bg[i] = bg;
    this.attrs[i] = attrs;
  }
}
