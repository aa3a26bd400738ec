// A logical line of history: the rows of one wrapped line joined, kept as its text, the width
// of each cell where that is not one column per UTF-16 unit, and its attribute runs. It splits
// into rows at any width the way xterm's reflow does, so a resize needs no re-parse.

/**
 * A cell's entry in LogicalLine.layout: its UTF-16 length (0: an empty cell), WIDE for two
 * columns, PAD for the empty cell a wide character left at the end of a row when it went on to
 * the next: a cell at the width the line was written at (with the attributes xterm gave it),
 * none at any other (xterm's reflow drops it and pads anew).
 */
export const WIDE = 0x80;
export const PAD = 0x40;
export const LEN_MASK = 0x3f;

export class LogicalLine {
  constructor(
    /** The characters of every cell in order; an empty cell adds none. */
    readonly text: string,
    /** Per cell: UTF-16 length | WIDE; null when every cell is one unit of text in one column. */
    readonly layout: Uint8Array | null,
    /** Attribute runs as triples [first cell, fg, bg] (attrs.ts words), from cell 0; null: all default. */
    readonly runs: Uint32Array | null,
    /** Cells kept: up to the last one capture-pane counts as used (a character, a background, inverse). */
    readonly cells: number,
    /** Cells up to the last holding a character: what reflow wraps (xterm's trimmed length). */
    readonly content: number,
    /** Its first row was a wrapped row whose line start was trimmed away (xterm's row 0 isWrapped). */
    readonly continued: boolean,
    /** The width its rows had when it was pushed (see extrasAt). */
    readonly cols: number,
  ) {}

  /**
   * Cells after `content` (blanks with a background) kept on the last row at `cols` columns.
   * xterm keeps them where it leaves a line as it was (its own width, or one row before and
   * after) and drops them where its reflow rewrites the line's rows.
   */
  extrasAt(cols: number): number {
    if (this.cells === this.content) return 0;
    if (cols === this.cols || (this.rowCount(this.cols) === 1 && this.rowCount(cols) === 1)) return this.cells - this.content;
    return 0;
  }

  /** The cell's width in columns at `cols`. */
  width(i: number, cols: number): number {
    const l = this.layout ? (this.layout[i] ?? 0) : 0;
    if (l & PAD) return cols === this.cols ? 1 : 0;
    return l & WIDE ? 2 : 1;
  }

  /**
   * The first cell of each row at `cols` columns. A wide character that would start in a row's
   * last column begins the next row instead (the row ends one column short), as xterm wraps it.
   */
  rowStarts(cols: number): number[] {
    const starts = [0];
    if (!this.layout) {
      for (let s = cols; s < this.content; s += cols) starts.push(s);
      return starts;
    }
    let col = 0;
    for (let i = 0; i < this.content; i++) {
      const w = this.width(i, cols);
      if (w === 0) continue;
      if (col + w > cols) {
        starts.push(i);
        col = 0;
      }
      col += w;
    }
    return starts;
  }

  /** Rows at `cols` columns. */
  rowCount(cols: number): number {
    if (!this.layout) return this.content <= cols ? 1 : Math.ceil(this.content / cols);
    return this.rowStarts(cols).length;
  }

  /** UTF-16 offset of each cell's text, and one past the last (for slicing). */
  offsets(): Uint32Array {
    const o = new Uint32Array(this.cells + 1);
    if (!this.layout) {
      for (let i = 0; i <= this.cells; i++) o[i] = i;
      return o;
    }
    for (let i = 0; i < this.cells; i++) o[i + 1] = o[i]! + (this.layout[i]! & LEN_MASK);
    return o;
  }

  /** Index into runs (a multiple of 3) of the run holding cell i, searching on from `hint`. */
  runAt(i: number, hint = 0): number {
    const r = this.runs;
    if (!r) return -1;
    let k = hint;
    while (k + 3 < r.length && r[k + 3]! <= i) k += 3;
    return k;
  }

  /** Approximate bytes held: text (JSC keeps Latin-1 text at a byte a character), layout, runs, fields. */
  bytes(): number {
    let latin1 = true;
    for (let i = 0; i < this.text.length && latin1; i++) if (this.text.charCodeAt(i) > 0xff) latin1 = false;
    return (latin1 ? 1 : 2) * this.text.length + (this.layout?.length ?? 0) + (this.runs?.byteLength ?? 0) + 64;
  }
}

/** One cell as a builder gathers it. */
export interface CellIn {
  chars: string;
  wide: boolean;
  fg: number;
  bg: number;
  /** capture-pane counts it as used: a character, a background colour, or inverse. */
  used: boolean;
}

/**
 * A logical line being built row by row (or character by character): kept as arrays until it is
 * sealed into a LogicalLine. `rowEnd` marks where the current row began, for the last row's trim.
 */
export class LineBuilder {
  private chars: string[] = [];
  private wide: boolean[] = [];
  private pads = new Set<number>();
  private fg: number[] = [];
  private bg: number[] = [];
  private used: boolean[] = [];
  /** Where the last row began (cells). */
  private lastRowStart = 0;

  constructor(readonly continued = false) {}

  get length(): number {
    return this.chars.length;
  }

  /** Start a new row (the cells that follow belong to it). */
  beginRow(): void {
    this.lastRowStart = this.chars.length;
  }

  add(c: CellIn): void {
    this.chars.push(c.chars);
    this.wide.push(c.wide);
    this.fg.push(c.fg);
    this.bg.push(c.bg);
    this.used.push(c.used);
  }

  /** Replace cell i (plain text overwriting after a CR). */
  set(i: number, c: CellIn): void {
    this.chars[i] = c.chars;
    this.wide[i] = c.wide;
    this.fg[i] = c.fg;
    this.bg[i] = c.bg;
    this.used[i] = c.used;
  }

  /** Add to the characters of cell i (a combining mark). */
  append(i: number, chars: string, wide: boolean): void {
    this.chars[i] += chars;
    if (wide) this.wide[i] = true;
  }

  /** Whether the last cell is an empty one-column cell (the pad a wide character left). */
  endsInEmpty(): boolean {
    const n = this.chars.length - 1;
    return n >= this.lastRowStart && this.chars[n] === "" && !this.wide[n];
  }

  /** The last cell is the pad a wide character left (see PAD). */
  markPad(): void {
    this.pads.add(this.chars.length - 1);
  }

  /** The line so far, its last row cut after its last used cell. */
  seal(cols: number): LogicalLine {
    let cells = this.chars.length;
    while (cells > this.lastRowStart && !this.used[cells - 1]) cells--;
    // Cells of rows before the last all count, as xterm's reflow counts them (full rows).
    let content = cells;
    while (content > this.lastRowStart && this.chars[content - 1] === "") content--;
    let simple = true;
    for (let i = 0; i < cells && simple; i++) simple = !this.wide[i] && this.chars[i]!.length === 1;
    let layout: Uint8Array | null = null;
    if (!simple) {
      layout = new Uint8Array(cells);
      for (let i = 0; i < cells; i++) {
        layout[i] = Math.min(LEN_MASK, this.chars[i]!.length) | (this.wide[i] ? WIDE : 0) | (this.pads.has(i) ? PAD : 0);
      }
    }
    let text = "";
    for (let i = 0; i < cells; i++) {
      const c = this.chars[i]!;
      text += c.length > LEN_MASK ? c.slice(0, LEN_MASK) : c;
    }
    return new LogicalLine(text, layout, this.runsOf(cells), cells, content, this.continued, cols);
  }

  private runsOf(cells: number): Uint32Array | null {
    const out: number[] = [];
    let fg = 0;
    let bg = 0;
    for (let i = 0; i < cells; i++) {
      const f = this.fg[i]!;
      const b = this.bg[i]!;
      if (f === fg && b === bg) continue;
      out.push(i, f, b);
      fg = f;
      bg = b;
    }
    if (out.length === 0) return null;
    if (out[0] !== 0) out.unshift(0, 0, 0);
    return Uint32Array.from(out);
  }
}
