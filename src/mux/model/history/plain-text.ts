// The flood path's way into history: plain text (printable characters, tab, CR, LF) laid out in
// rows at the store's width as xterm's print would lay it, without going through xterm's parser.
// The text starts at column 0 of a fresh row (the rows before it already scrolled into history).
import { MODE_MASK, VALUE_MASK } from "./attrs.ts";
import type { ColumnRow } from "./rows.ts";
import { LEN_MASK, LogicalLine, PAD, WIDE } from "./line.ts";
import type { HistoryStore } from "./store.ts";

/** xterm's UnicodeService.charProperties: (code point, preceding state) → state | width << 1 | shouldJoin. */
export type CharProperties = (code: number, preceding: number) => number;

export interface PlainTextOptions {
  /** The attributes printed characters get (the terminal's current SGR state, attrs.ts words). */
  fg?: number;
  bg?: number;
  /** Widths and joining of non-ASCII characters; without it they are one column each and never join. */
  charProperties?: CharProperties;
}

const TAB_WIDTH = 8;

/** One row being written, as xterm's BufferLine holds it: per column. */
class Row implements ColumnRow {
  chars: string[];
  widths: number[];
  fg: number[];
  bg: number[];
  constructor(
    cols: number,
    eraseBg: number,
    readonly wrapped: boolean,
  ) {
    this.chars = new Array<string>(cols).fill("");
    this.widths = new Array<number>(cols).fill(1);
    this.fg = new Array<number>(cols).fill(0);
    this.bg = new Array<number>(cols).fill(eraseBg);
  }
  set(x: number, chars: string, width: number, fg: number, bg: number): void {
    this.chars[x] = chars;
    this.widths[x] = width;
    this.fg[x] = fg;
    this.bg[x] = bg;
  }
}

/** Lay plain text out in rows at the store's width and push them; returns the rows pushed. */
export function pushPlainText(store: HistoryStore, text: string, o: PlainTextOptions = {}): number {
  let rows = 0;
  let slow = "";
  // Lines of printable characters that join nothing (most of a flood) become logical lines at
  // once; anything else (tabs, CRs, combining marks, emoji sequences), and a last line without
  // its line feed, goes through the writer, in order.
  let at = 0;
  for (let end = text.indexOf("\r\n"); end >= 0; end = text.indexOf("\r\n", at)) {
    const line = text.slice(at, end);
    const fast = ASCII_LINE.test(line) ? asciiLine(store.cols, line, o) : simpleLine(store.cols, line, o);
    if (fast) {
      if (slow) rows += new PlainWriter(store, o).write(slow);
      slow = "";
      store.pushLogical(fast);
      rows += fast.rowCount(store.cols);
    } else slow += line + "\r\n";
    at = end + 2;
  }
  slow += text.slice(at);
  if (slow) rows += new PlainWriter(store, o).write(slow);
  return rows;
}

const ASCII_LINE = /^[\x20-\x7e]*$/;

/** The attribute runs of a line printed with one fg/bg. */
function runsOf(cells: number, o: PlainTextOptions): Uint32Array | null {
  const fg = o.fg ?? 0;
  const bg = o.bg ?? 0;
  return cells > 0 && (fg !== 0 || bg !== 0) ? Uint32Array.of(0, fg, bg) : null;
}

/** The rest of the line's last row is blank with the background a fresh row scrolled in with. */
function withTail(line: LogicalLine, cols: number, o: PlainTextOptions): LogicalLine {
  const eraseBg = (o.bg ?? 0) & (MODE_MASK | VALUE_MASK);
  if (eraseBg === 0) return line;
  const used = line.lastRowColumns(cols);
  const tail = new Uint32Array(2 * (cols - used));
  for (let i = 1; i < tail.length; i += 2) tail[i] = eraseBg;
  if (tail.length) {
    line.tail = tail;
    line.tailCol = used;
  }
  return line;
}

/** One line of printable ASCII as a logical line: one cell a character, wrapped at the width. */
function asciiLine(cols: number, text: string, o: PlainTextOptions): LogicalLine {
  return withTail(new LogicalLine(text, null, runsOf(text.length, o), text.length, false, cols), cols, o);
}

/**
 * A line of characters one or two columns wide (CJK, accented letters, emoji) and of those that
 * join the one before (combining marks, modifiers, ZWJ sequences), laid out as xterm prints it:
 * a wide character that does not fit in a row's last column leaves it empty (a pad) and goes on
 * to the next. Null for anything else (tabs, CRs, a cluster that would wrap: the writer's).
 */
function simpleLine(cols: number, text: string, o: PlainTextOptions): LogicalLine | null {
  const props = o.charProperties;
  if (!props || text.includes("\t") || text.includes("\r")) return null;
  const layout: number[] = [];
  let join = 0;
  let col = 0;
  for (let i = 0; i < text.length; ) {
    const code = text.codePointAt(i) ?? 0;
    const len = code > 0xffff ? 2 : 1;
    const p = code < 0x7f ? 2 : props(code, join);
    const width = (p >> 1) & 3;
    const oldWidth = (join >> 1) & 3;
    join = p;
    if (width > 2) return null;
    if ((p & 1) !== 0) {
      // It joins the cell before (a combining mark, an emoji modifier): as xterm's print, the
      // cell takes its characters and, when wider, the columns it needs; one that would wrap
      // the cluster on to the next row is the writer's.
      const li = layout.length - 1;
      const l = li >= 0 ? layout[li]! : PAD;
      if (l & PAD || col === 0 || (width !== 0 && width < oldWidth) || col + width - oldWidth > cols) return null;
      const n = (l & LEN_MASK) + len;
      if (n > LEN_MASK) return null;
      const wide = width === 0 ? (l & WIDE) !== 0 : width === 2;
      layout[li] = n | (wide ? WIDE : 0);
      if (width > oldWidth) col += width - oldWidth;
      i += len;
      continue;
    }
    if (width === 0) return null;
    if (col + width > cols) {
      if (width === 2 && col < cols) layout.push(PAD); // the empty last column it left
      col = 0;
    }
    layout.push(len | (width === 2 ? WIDE : 0));
    col += width;
    i += len;
  }
  const cells = layout.length;
  return withTail(new LogicalLine(text, Uint8Array.from(layout), runsOf(cells, o), cells, false, cols), cols, o);
}

class PlainWriter {
  private readonly cols: number;
  private readonly fg: number;
  private readonly bg: number;
  /** Fresh rows scrolled in take the background colour only (xterm's erase attributes). */
  private readonly eraseBg: number;
  private row: Row;
  private x = 0;
  private join = 0;
  private pushed = 0;
  private written = false;

  constructor(
    private readonly store: HistoryStore,
    private readonly o: PlainTextOptions,
  ) {
    this.cols = store.cols;
    this.fg = o.fg ?? 0;
    this.bg = o.bg ?? 0;
    this.eraseBg = this.bg & (MODE_MASK | VALUE_MASK);
    this.row = new Row(this.cols, this.eraseBg, false);
  }

  write(text: string): number {
    let runStart = true;
    for (let i = 0; i < text.length; ) {
      const code = text.codePointAt(i) ?? 0;
      i += code > 0xffff ? 2 : 1;
      if (code === 0x0d || code === 0x0a || code === 0x09) {
        if (!runStart) this.endRun();
        runStart = true;
        this.join = 0;
        if (code === 0x0d) this.x = 0;
        else if (code === 0x0a) this.lineFeed(false);
        else this.tab();
        continue;
      }
      if (runStart) this.startRun();
      runStart = false;
      this.print(code);
    }
    if (!runStart) this.endRun();
    if (this.written) this.flush();
    return this.pushed;
  }

  private flush(): void {
    this.store.pushRow(this.row, this.row.wrapped);
    this.pushed++;
  }

  private lineFeed(wrapped: boolean): void {
    this.flush();
    this.row = new Row(this.cols, this.eraseBg, wrapped);
    this.written = false;
    // A line feed at the end of a row does not wrap on (xterm's lineFeed).
    if (this.x >= this.cols) this.x = this.cols - 1;
  }

  private tab(): void {
    if (this.x >= this.cols) return; // at the end of a row, waiting to wrap: xterm's tab does nothing
    let x = this.x;
    do x++;
    while (x % TAB_WIDTH !== 0 && x < this.cols);
    this.x = x >= this.cols ? this.cols - 1 : x;
  }

  /** xterm's print: writing over the right half of a wide character blanks its left half. */
  private startRun(): void {
    const x = this.x;
    if (x > 0 && x <= this.cols && this.row.widths[x - 1] === 2) this.row.set(x - 1, "", 1, this.fg, this.bg);
  }

  /** And a right half left without its left half becomes a blank. */
  private endRun(): void {
    const x = this.x;
    if (x < this.cols && this.row.widths[x] === 0 && this.row.chars[x] === "") this.row.set(x, "", 1, this.fg, this.bg);
  }

  private print(code: number): void {
    const props = code < 0x7f || !this.o.charProperties ? 2 : this.o.charProperties(code, this.join);
    let width = (props >> 1) & 3;
    const shouldJoin = (props & 1) !== 0;
    const oldWidth = shouldJoin ? (this.join >> 1) & 3 : 0;
    this.join = props;
    const ch = String.fromCodePoint(code);
    this.written = true;
    if (this.x + width - oldWidth > this.cols) {
      // Autowrap: what the character joins moves on with it, the rest of the row is cleared.
      const oldCol = this.x - oldWidth;
      const prev = this.row;
      const moved: [string, number, number, number][] = [];
      for (let k = 0; k < oldWidth; k++) moved.push([prev.chars[oldCol + k]!, prev.widths[oldCol + k]!, prev.fg[oldCol + k]!, prev.bg[oldCol + k]!]);
      for (let c = oldCol; c < this.cols; c++) prev.set(c, "", 1, this.fg, this.bg);
      this.lineFeed(true);
      moved.forEach(([c, w, f, b], k) => this.row.set(k, c, w, f, b));
      this.written = true;
      this.x = oldWidth;
    }
    const row = this.row;
    if (shouldJoin && this.x > 0) {
      const at = this.x - (row.widths[this.x - 1] ? 1 : 2);
      row.chars[at] += ch;
      if (width) row.widths[at] = width;
      for (let d = width - oldWidth; --d >= 0; ) row.set(this.x++, "", 0, this.fg, this.bg);
      return;
    }
    row.set(this.x++, ch, width, this.fg, this.bg);
    while (width-- > 1) row.set(this.x++, "", 0, this.fg, this.bg);
  }
}
