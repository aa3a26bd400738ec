// The history of one pane: rows that left its terminal's screen, kept as logical lines (line.ts)
// in chunks, bounded by history-limit rows, read back as rows at the pane's current width.
//
// Counting: history-limit and history_size count rows at the current width, as tmux's hsize and
// xterm's scrollback do; a resize reflows (the count changes) and trims the oldest rows again.
// Trimming drops whole chunks of lines where it can, so memory goes back as history scrolls on.
import type { IBufferCell, IBufferLine } from "@xterm/headless";
import type { HistoryRow } from "./cell.ts";
import { Chunk } from "./chunk.ts";
import { LineBuilder, LogicalLine } from "./line.ts";
import { builderOf, dropRows, readColumns, readSimple, rowCellsOf, rowOf, rowTextOf, type ColumnRow, type RowPlace, type SimpleRow } from "./rows.ts";

export type { ColumnRow, RowPlace };

/*
 * Lines per chunk (chunk.ts CHUNK_LINES): trimming frees a chunk at a time and a row lookup
 * walks chunk totals, so it trades the memory a trimmed chunk keeps alive against the walk
 * (1,000,000 lines are ~4,000 chunks).
 */

export class HistoryStore {
  private chunks: Chunk[] = [];
  /** The logical line still taking wrapped rows, its rows as pushed, and the width they had. */
  private open: LineBuilder | null = null;
  private openRows = 0;
  private openCols = 0;
  private openSealed: LogicalLine | null = null;
  /** The last row lookup (a chunk and the row it starts at), so reading rows in order is cheap. */
  private lastChunk = 0;
  private lastChunkRow = 0;
  private reserved = 0;
  /** Blank default cells the open line's last row ends with, not added to it yet (pushRow). */
  private openBlanks = 0;
  /** The line pushSimple sealed last, while it is still the newest: a wrapped row reopens it. */
  private reopenable: LogicalLine | null = null;
  /** Rows of the sealed lines at the current width; -1 when it must be counted again. */
  private closed = 0;
  /**
   * Rows dropped off the top so far (the limit, not clear): copy mode shifts its positions by
   * the change, as it follows xterm's trims today (moving rows from the terminal into the store
   * moves nothing: a row keeps its index in historyBuffer).
   */
  trimmed = 0;
  /**
   * The oldest rows of history (the terminal's scrollback included) that a taller screen may not
   * pull back down: a clear pushed them (tmux's hsize - hscrolled). Trimming and clearing lower it.
   */
  pinned = 0;

  constructor(
    private width: number,
    private max: number,
  ) {}

  /** The width rows are counted and read at. */
  get cols(): number {
    return this.width;
  }

  get limit(): number {
    return this.max;
  }

  /**
   * Rows of history kept elsewhere (the terminal's own scrollback, above its screen): they count
   * towards the limit, so the store keeps limit - reserved rows.
   */
  reserve(rows: number): void {
    this.reserved = Math.max(0, rows);
    this.trim();
  }

  /** history-limit changed: the oldest rows beyond it go. */
  setLimit(limit: number): void {
    this.max = Math.max(0, limit);
    this.trim();
  }

  /** The pane was resized: rows are counted at the new width from now on (a reflow), and trimmed to the limit. */
  resize(cols: number): void {
    if (cols === this.width) return;
    this.reopenable = null;
    this.openBlanks = 0; // (the open line is rebuilt from its sealed cells, blanks dropped, as before)
    const from = this.width;
    for (const c of this.chunks) c.reflow(from, cols);
    if (this.open) {
      // The open line goes on taking rows: its cells as they are (blanks after its last
      // character dropped, as xterm's reflow drops them), its tail reflowed.
      const line = this.sealedOpen();
      line.reflow(from, cols);
      this.open = builderOf(line);
      this.openSealed = line;
    }
    this.width = cols;
    this.closed = -1;
    this.lastChunk = 0;
    this.lastChunkRow = 0;
    this.trim();
  }

  /** Rows of history at the current width (history_size). */
  get rows(): number {
    if (this.closed < 0) {
      this.closed = 0;
      for (const c of this.chunks) this.closed += this.chunkRows(c);
    }
    return this.closed + this.openRowCount();
  }

  /** Logical lines held (the open one included). */
  get lineCount(): number {
    let n = this.open ? 1 : 0;
    for (const c of this.chunks) n += c.length;
    return n;
  }

  /** Forget all history (clear-history). */
  clear(): void {
    this.reopenable = null;
    this.openBlanks = 0;
    this.pinned = 0;
    this.chunks = [];
    this.closed = 0;
    this.open = null;
    this.openSealed = null;
    this.openRows = 0;
    this.lastChunk = 0;
    this.lastChunkRow = 0;
  }

  /** Approximate bytes held (history_bytes). */
  bytes(): number {
    let n = 0;
    for (const c of this.chunks) n += c.bytes();
    if (this.open) n += this.sealedOpen().bytes();
    return n;
  }

  // ---- writing ---------------------------------------------------------------------------

  /** A row leaving the terminal (an xterm buffer line at the store's width); its isWrapped joins it to the line before. */
  pushLine(line: IBufferLine, cell?: IBufferCell): void {
    const simple = line.isWrapped ? null : readSimple(line, this.width);
    if (simple) this.pushSimple(simple);
    else this.pushRow(readColumns(line, this.width, cell), line.isWrapped);
  }

  /**
   * A row of printable ASCII that starts a line: a sealed line at once, no cell at a time (a
   * flood's drained rows are mostly these). If a wrapped row follows, pushRow reopens it.
   */
  private pushSimple(row: SimpleRow): void {
    if (this.open) this.append(this.sealedOpen());
    this.openBlanks = 0;
    this.open = null;
    this.openSealed = null;
    this.openRows = 0;
    const runs = row.text.length > 0 && (row.fg !== 0 || row.bg !== 0) ? Uint32Array.of(0, row.fg, row.bg) : null;
    const line = new LogicalLine(row.text, null, runs, row.text.length, false, this.width);
    this.append(line);
    this.trim();
    this.reopenable = this.chunks[this.chunks.length - 1]?.length ? line : null;
  }

  /** Take the line pushSimple sealed back as the open one, its blank cells with it: a wrapped row continues it. */
  private reopen(): void {
    const line = this.reopenable;
    this.reopenable = null;
    const c = this.chunks[this.chunks.length - 1];
    if (!line || !c) return;
    c.pop();
    const n = line.rowCount(this.width);
    if (c.rowsCols === this.width) c.rows -= n;
    if (this.closed >= 0) this.closed -= n;
    if (c.length === 0) this.chunks.pop();
    this.open = builderOf(line);
    this.openBlanks = this.width - line.cells;
    this.openSealed = null;
    this.openRows = n;
    this.openCols = this.width;
  }

  /** A row as columns; `wrapped`: it continues the row before it. */
  pushRow(row: ColumnRow, wrapped: boolean): void {
    if (wrapped && !this.open && this.reopenable) this.reopen();
    this.reopenable = null;
    if (!wrapped || !this.open) this.sealOpen(wrapped);
    const b = this.open!;
    // The row before ends here after all: its blank cells count (xterm's reflow counts whole rows).
    for (; this.openBlanks > 0; this.openBlanks--) b.add("", false, 0, 0);
    // The empty last cell a wide character left when it went on to this row is a pad (line.ts PAD).
    if (wrapped && b.length > 0 && (row.widths[0] ?? 1) === 2 && b.endsInEmpty()) b.markPad();
    b.beginRow();
    // Blank cells with default attributes at its end are added only if a wrapped row follows.
    let used = this.width;
    while (used > 0 && (row.widths[used - 1] ?? 1) === 1 && !row.chars[used - 1] && !row.fg[used - 1] && !row.bg[used - 1]) used--;
    this.openBlanks = this.width - used;
    for (let x = 0; x < used; x++) {
      const w = row.widths[x] ?? 1;
      if (w === 0) continue;
      const chars = row.chars[x] ?? "";
      const fg = row.fg[x] ?? 0;
      const bg = row.bg[x] ?? 0;
      b.add(chars, w === 2, fg, bg);
    }
    if (this.openCols !== this.width) {
      this.openRows = this.sealedOpen().rowCount(this.width);
      this.openCols = this.width;
    } else this.openRows++;
    this.openSealed = null;
    this.trim();
  }

  /** A whole logical line, built elsewhere (pushPlainText's fast path): after the open one, which it ends. */
  pushLogical(line: LogicalLine): void {
    this.reopenable = null;
    this.openBlanks = 0;
    if (this.open) this.append(this.sealedOpen());
    this.open = null;
    this.openSealed = null;
    this.openRows = 0;
    this.append(line);
    this.trim();
  }

  /** Seal the open line into the newest chunk and open a new one (`continued`: it starts wrapped). */
  private sealOpen(continued: boolean): void {
    if (this.open) this.append(this.sealedOpen());
    this.openBlanks = 0;
    this.open = new LineBuilder(continued);
    this.openSealed = null;
    this.openRows = 0;
    this.openCols = this.width;
  }

  private append(line: LogicalLine): void {
    let c = this.chunks[this.chunks.length - 1];
    if (!c || c.full) {
      c = new Chunk();
      c.rowsCols = this.width;
      this.chunks.push(c);
    }
    const n = line.rowCount(this.width);
    if (c.rowsCols === this.width) c.rows += n;
    if (this.closed >= 0) this.closed += n;
    c.push(line);
  }

  private sealedOpen(): LogicalLine {
    if (!this.openSealed && this.open) this.openSealed = this.open.seal(this.openCols || this.width);
    return this.openSealed!;
  }

  private openRowCount(): number {
    if (!this.open) return 0;
    if (this.openCols !== this.width) {
      this.openRows = this.sealedOpen().rowCount(this.width);
      this.openCols = this.width;
    }
    return this.openRows;
  }

  private chunkRows(c: Chunk): number {
    if (c.rowsCols !== this.width) {
      let n = 0;
      for (let i = 0; i < c.length; i++) n += c.rowCount(i, this.width);
      c.rows = n;
      c.rowsCols = this.width;
    }
    return c.rows;
  }

  /** Drop the oldest rows beyond the limit: whole chunks, whole lines, then the first rows of one line. */
  private trim(): void {
    let excess = this.rows - Math.max(0, this.max - this.reserved);
    if (excess <= 0) return;
    this.trimmed += excess;
    this.pinned = Math.max(0, this.pinned - excess);
    this.lastChunk = 0;
    this.lastChunkRow = 0;
    const before = excess;
    while (excess > 0 && this.chunks.length > 0) {
      const c = this.chunks[0]!;
      if (this.chunks.length === 1) this.reopenable = null; // it may be the line cut
      const rows = this.chunkRows(c);
      if (rows <= excess) {
        this.chunks.shift();
        excess -= rows;
        continue;
      }
      // Part of this chunk: its row count goes down by what is cut (no recount: a flood trims
      // a line or two per line it adds, and a recount walks the chunk's 256 lines).
      const cut = excess;
      let k = 0;
      while (k < c.length) {
        const r = c.rowCount(k, this.width);
        if (r > excess) break;
        excess -= r;
        k++;
      }
      if (k > 0) c.dropFront(k);
      if (excess > 0) c.replaceFirst(dropRows(c.line(0), excess, this.width));
      c.rows = rows - cut;
      c.rowsCols = this.width;
      excess = 0;
    }
    // Rows cut from sealed lines (the rows getter just counted them, so closed is known).
    this.closed -= before - excess;
    if (excess > 0 && this.open && excess >= this.openRowCount()) {
      // The limit leaves no row of it (history-limit 0): the rows it takes next start a continued line.
      this.open = null;
      this.openBlanks = 0;
      this.openSealed = null;
      this.openRows = 0;
    } else if (excess > 0 && this.open) {
      // One line longer than the whole limit: keep its last rows, reopened as a continued line.
      const rest = dropRows(this.sealedOpen(), excess, this.width);
      this.openBlanks = 0;
      this.open = builderOf(rest);
      this.openSealed = rest;
      this.openRows = rest.rowCount(this.width);
      this.openCols = this.width;
    }
  }

  /**
   * Take the newest logical lines out of the store, whole, until they make at least `minRows`
   * rows at `cols` (or the store is empty); oldest first. For a resize: the terminal reflows
   * them with its screen (xterm pulls history rows into a taller or wider screen).
   */
  takeLast(minRows: number, cols: number): LogicalLine[] {
    this.reopenable = null;
    this.openBlanks = 0;
    const out: LogicalLine[] = [];
    let rows = 0;
    if (this.open && minRows > 0) {
      const line = this.sealedOpen();
      out.push(line);
      rows += line.rowCount(cols);
      this.open = null;
      this.openSealed = null;
      this.openRows = 0;
    }
    while (rows < minRows && this.chunks.length > 0) {
      const c = this.chunks[this.chunks.length - 1]!;
      const line = c.pop();
      if (!line) {
        this.chunks.pop();
        continue;
      }
      c.rowsCols = -1;
      out.push(line);
      rows += line.rowCount(cols);
      if (c.length === 0) this.chunks.pop();
    }
    this.closed = -1;
    this.lastChunk = 0;
    this.lastChunkRow = 0;
    return out.reverse();
  }

  /** The columns of each row of each logical line at `cols` (tmux's cellused of each row), oldest first. */
  *rowWidths(cols: number): IterableIterator<number[]> {
    for (const line of this.lines()) {
      const k = line.rowCount(cols);
      const widths = new Array<number>(k).fill(cols);
      widths[k - 1] = k === 1 ? line.columns() : line.lastRowColumns(cols);
      yield widths;
    }
  }

  // ---- reading ---------------------------------------------------------------------------

  /** The logical line a row belongs to, and the row within it; undefined past the end. */
  place(row: number): RowPlace | undefined {
    if (row < 0) return undefined;
    let ci = 0;
    let at = 0;
    if (row >= this.lastChunkRow && this.lastChunk < this.chunks.length) {
      ci = this.lastChunk;
      at = this.lastChunkRow;
    }
    for (; ci < this.chunks.length; ci++) {
      const c = this.chunks[ci]!;
      const rows = this.chunkRows(c);
      if (row < at + rows) {
        this.lastChunk = ci;
        this.lastChunkRow = at;
        for (let i = 0; i < c.length; i++) {
          const n = c.rowCount(i, this.width);
          if (row < at + n) {
            const line = c.line(i);
            return { line, sub: row - at, starts: line.rowStarts(this.width) };
          }
          at += n;
        }
        return undefined;
      }
      at += rows;
    }
    if (!this.open) return undefined;
    const line = this.sealedOpen();
    const n = line.rowCount(this.width);
    return row < at + n ? { line, sub: row - at, starts: line.rowStarts(this.width) } : undefined;
  }

  /** Row `row` of history (0 the oldest) as an xterm buffer line, or undefined. */
  getLine(row: number): HistoryRow | undefined {
    const p = this.place(row);
    return p ? rowOf(p, this.width) : undefined;
  }

  /**
   * Row `row` as copy mode reads a line (copy-text.ts lineCells): each cell's characters, a
   * blank for an empty cell, a wide character once, blanks to the width; `xs` gives the cell
   * each UTF-16 unit of text starts in.
   */
  rowCells(row: number): { text: string; xs: number[]; endX: number } | undefined {
    const p = this.place(row);
    return p ? rowCellsOf(p, this.width) : undefined;
  }

  /**
   * The first row from `from` on (forward) or back (backward), `from` included, whose text
   * (rowCells's) `matches`; -1 for none. Copy mode's search through history without building
   * cells: it then finds the match's column in that row.
   */
  findRow(matches: (text: string) => boolean, from: number, forward: boolean): number {
    const total = this.rows;
    if (from < 0 || from >= total) return -1;
    if (forward) {
      let row = 0;
      for (const line of this.lines()) {
        const starts = line.rowStarts(this.width);
        if (row + starts.length <= from) {
          row += starts.length;
          continue;
        }
        for (let sub = Math.max(0, from - row); sub < starts.length; sub++) {
          if (matches(rowTextOf({ line, sub, starts }, this.width))) return row + sub;
        }
        row += starts.length;
      }
      return -1;
    }
    for (let row = from; row >= 0; ) {
      const p = this.place(row);
      if (!p) return -1;
      for (let sub = p.sub; sub >= 0; sub--, row--) {
        if (matches(rowTextOf({ line: p.line, sub, starts: p.starts }, this.width))) return row;
      }
    }
    return -1;
  }

  /** The logical lines, oldest first (the open one last). */
  *lines(): IterableIterator<LogicalLine> {
    for (const c of this.chunks) yield* c.lines();
    if (this.open) yield this.sealedOpen();
  }
}
