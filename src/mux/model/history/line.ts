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
    /** Per cell: UTF-16 length | WIDE | PAD; null when every cell is one unit of text in one column. */
    readonly layout: Uint8Array | null,
    /** Attribute runs as triples [first cell, fg, bg] (attrs.ts words), from cell 0; null: all default. */
    readonly runs: Uint32Array | null,
    /** Cells up to the last holding a character (xterm's trimmed length; rows before the last count whole). */
    readonly cells: number,
    /** Its first row was a wrapped row whose line start was trimmed away (xterm's row 0 isWrapped). */
    readonly continued: boolean,
    /** The width its rows were written at; -1 once a resize reflowed them (its pads are gone then). */
    public cols: number,
    /**
     * Blank cells with attributes after the text on the last row (a background colour an erase or
     * a line feed left): [fg, bg] pairs for the columns from tailCol on; null for none.
     */
    public tail: Uint32Array | null = null,
    public tailCol = 0,
  ) {}

  /** Same as cells: what reflow wraps. */
  get content(): number {
    return this.cells;
  }

  /**
   * The line's rows are reflowed from `from` to `to` columns (tmux's grid_reflow, reflow.ts):
   * a single row that still fits moves across whole and keeps its blank cells, cut at the new
   * width; any other line is rewritten from its characters and loses them.
   */
  reflow(from: number, to: number): void {
    if (from === to) return;
    this.cols = -1;
    if (!this.tail) return;
    if (this.rowCount(from) === 1 && this.columns() <= to) this.keepTail(this.tailCol, to);
    else this.tail = null;
  }

  /** The tail's cells in columns [from, to). */
  private keepTail(from: number, to: number): void {
    const old = this.tail;
    const out: number[] = [];
    let used = 0;
    for (let c = from; c < to; c++) {
      const i = c - this.tailCol;
      const inside = old !== null && i >= 0 && 2 * i < old.length;
      const fg = inside ? old[2 * i]! : 0;
      const bg = inside ? old[2 * i + 1]! : 0;
      out.push(fg, bg);
      if (fg !== 0 || bg !== 0) used = out.length;
    }
    this.tail = used ? Uint32Array.from(out.slice(0, used)) : null;
    this.tailCol = from;
  }

  /** Columns the text takes on one row. */
  columns(): number {
    if (!this.layout) return this.cells;
    let n = 0;
    for (let i = 0; i < this.cells; i++) n += this.width(i, -2);
    return n;
  }

  /** Columns of text on the last row at `cols`. */
  lastRowColumns(cols: number): number {
    const starts = this.rowStarts(cols);
    const s = starts[starts.length - 1] ?? 0;
    if (!this.layout) return this.cells - s;
    let n = 0;
    for (let i = s; i < this.cells; i++) n += this.width(i, cols);
    return n;
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

/**
 * A logical line being built row by row (or character by character): kept as arrays until it is
 * sealed into a LogicalLine. `lastRowStart` marks where the current row began (its blank end is the tail).
 */
export class LineBuilder {
  private chars: string[] = [];
  private wide: boolean[] = [];
  private pads = new Set<number>();
  private fg: number[] = [];
  private bg: number[] = [];
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

  /** Add a cell (four arguments, no object: a drain adds 200 a row). */
  add(chars: string, wide: boolean, fg: number, bg: number): void {
    this.chars.push(chars);
    this.wide.push(wide);
    this.fg.push(fg);
    this.bg.push(bg);
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

  /** The line so far: its text up to the last character, the blank cells with attributes after it as its tail. */
  seal(cols: number): LogicalLine {
    // Cells of rows before the last all count, as xterm's reflow counts them (full rows).
    let cells = this.chars.length;
    while (cells > this.lastRowStart && this.chars[cells - 1] === "") cells--;
    let simple = true;
    for (let i = 0; i < cells && simple; i++) simple = !this.wide[i] && this.chars[i]!.length === 1;
    let layout: Uint8Array | null = null;
    if (!simple) {
      layout = new Uint8Array(cells);
      for (let i = 0; i < cells; i++) {
        layout[i] = Math.min(LEN_MASK, this.chars[i]!.length) | (this.wide[i] ? WIDE : 0) | (this.pads.has(i) ? PAD : 0);
      }
    }
    // join makes one flat string; += would keep a rope of a node per cell (~5 KiB a line).
    const parts = this.chars.slice(0, cells);
    for (let i = 0; i < cells; i++) if (parts[i]!.length > LEN_MASK) parts[i] = parts[i]!.slice(0, LEN_MASK);
    const text = parts.join("");
    const line = new LogicalLine(text, layout, this.runsOf(cells), cells, this.continued, cols);
    this.sealTail(line, cells);
    return line;
  }

  private sealTail(line: LogicalLine, cells: number): void {
    let end = this.chars.length;
    while (end > cells && this.fg[end - 1] === 0 && this.bg[end - 1] === 0) end--;
    if (end === cells) return;
    let col = 0;
    for (let i = this.lastRowStart; i < cells; i++) col += this.wide[i] ? 2 : 1;
    const tail = new Uint32Array(2 * (end - cells));
    for (let i = cells; i < end; i++) {
      tail[2 * (i - cells)] = this.fg[i]!;
      tail[2 * (i - cells) + 1] = this.bg[i]!;
    }
    line.tail = tail;
    line.tailCol = col;
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
