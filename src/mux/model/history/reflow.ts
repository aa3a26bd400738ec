// tmux's resize of a terminal's normal buffer (screen.c screen_resize_cursor): the height first,
// at the old width, then every logical line rewrapped at the new width, the screen the last rows
// and the cursor kept on its character. xterm's own reflow differs (it keeps the cursor's row,
// drops rows and pulls history only with the cursor at the bottom), so it is turned off here.
import type { Terminal } from "@xterm/headless";
import { normalBuffer } from "./xterm-core.ts";

/** The parts of xterm's BufferLine a reflow reads and writes (internals). */
interface Line {
  length: number;
  isWrapped: boolean;
  clone(): Line;
  fill(cell: unknown): void;
  resize(cols: number, fill: unknown): boolean;
  getWidth(x: number): number;
  hasContent(x: number): boolean;
  getTrimmedLength(): number;
  copyCellsFrom(src: Line, srcCol: number, destCol: number, length: number, applyInReverse: boolean): void;
}

/** The parts of xterm's Buffer a resize replaces (internals: no public API sets a buffer's rows). */
interface Buffer {
  lines: { length: number; get(i: number): Line | undefined; trimStart(n: number): void; push(l: Line): void };
  ybase: number;
  ydisp: number;
  x: number;
  y: number;
  savedX: number;
  savedY: number;
}

/** A blank cell as xterm fills rows with (width 1, default attributes). */
function fillCell(t: Terminal): unknown {
  const cell: unknown = t.buffer.normal.getNullCell();
  if (cell && typeof cell === "object") Reflect.set(cell, "content", 1 << 22);
  return cell;
}

/** Where the cursor is in its logical line: the line's index, and a column in its joined cells (END: past its end). */
const END = -1;

/** Rows rewrapped, and the cursor's new row (an index into them) and column. */
interface Rewrapped {
  lines: Line[];
  cx: number;
  cy: number;
}

class Rewrap {
  readonly out: Line[] = [];
  /** Columns used on each row of out (tmux's cellused): where the cursor's column is counted. */
  private readonly used: number[] = [];

  constructor(
    private readonly template: Line,
    private readonly cols: number,
    private readonly fill: unknown,
  ) {}

  blank(wrapped: boolean): Line {
    const l = this.template.clone();
    l.resize(this.cols, this.fill);
    l.fill(this.fill);
    l.isWrapped = wrapped;
    return l;
  }

  /** A row that fits as it is: moved across with its blank cells (tmux's grid_reflow_move). */
  move(row: Line): void {
    const l = row.clone();
    if (l.length !== this.cols) l.resize(this.cols, this.fill);
    this.out.push(l);
    this.used.push(Math.min(this.cols, row.getTrimmedLength()));
  }

  /** The cells of a logical line's rows (`used` columns of each) split into rows of the new width. */
  split(rows: Line[], used: number[]): void {
    let dst = this.blank(rows[0]!.isWrapped);
    let at = 0;
    for (let r = 0; r < rows.length; r++) {
      const src = rows[r]!;
      for (let x = 0; x < used[r]!; x++) {
        const w = src.getWidth(x);
        if (w === 0) continue;
        if (at + w > this.cols) {
          this.out.push(dst);
          this.used.push(at);
          dst = this.blank(true);
          at = 0;
        }
        dst.copyCellsFrom(src, x, at, w, false);
        at += w;
      }
    }
    this.out.push(dst);
    this.used.push(at);
  }

  /** The row and column a position (column `wx` of the logical line starting at out row `first`) lands on. */
  unwrap(first: number, wx: number): { x: number; y: number } {
    let y = first;
    const last = (i: number) => i + 1 >= this.out.length || !this.out[i + 1]!.isWrapped;
    if (wx === END) {
      while (!last(y)) y++;
      return { x: this.used[y]!, y };
    }
    while (!last(y) && wx >= this.used[y]!) {
      wx -= this.used[y]!;
      y++;
    }
    return { x: wx, y };
  }
}

/**
 * Columns of a row that belong to its logical line: all of them when the line goes on (tmux
 * counts a wrapped row whole), but the empty last one a wide character left when it went on to
 * the next row; up to its last character on the line's last row.
 */
function usedColumns(rows: readonly Line[], i: number, cols: number): number {
  const row = rows[i]!;
  const next = rows[i + 1];
  if (!next?.isWrapped) return Math.min(cols, row.getTrimmedLength());
  if (cols > 1 && !row.hasContent(cols - 1) && row.getWidth(cols - 1) === 1 && next.getWidth(0) === 2) return cols - 1;
  return cols;
}

/** Every logical line of `rows` rewrapped at `cols`, and where the cursor at (cx, cy) goes (tmux's grid_reflow with grid_wrap_position). */
export function rewrap(rows: readonly Line[], from: number, cols: number, cx: number, cy: number, fill: unknown, scrolled?: ScrolledReflow): Rewrapped {
  const w = new Rewrap(rows[0]!, cols, fill);
  let cursor = { x: 0, y: 0 };
  for (let i = 0; i < rows.length; ) {
    let end = i + 1;
    while (end < rows.length && rows[end]!.isWrapped) end++;
    const line = rows.slice(i, end);
    const used = line.map((_, k) => usedColumns(line, k, from));
    // The cursor's place in this line, as a column of its joined cells (tmux's grid_wrap_position).
    let wx = 0;
    const mine = cy >= i && cy < end;
    if (mine) {
      for (let k = i; k < cy; k++) wx += used[k - i]!;
      wx = cx >= used[cy - i]! ? END : wx + cx;
    }
    const first = w.out.length;
    const width = used.reduce((a, b) => a + b, 0);
    if (line.length === 1 && width <= cols) w.move(line[0]!);
    else w.split(line, used);
    if (mine) cursor = w.unwrap(first, wx);
    scrolled?.line(used);
    i = end;
  }
  return { lines: w.out, cx: cursor.x, cy: cursor.y };
}

/**
 * Resize the terminal to cols x rows as tmux resizes a pane's screen; returns tmux's hscrolled
 * after it. `scrolled`: hscrolled before, the history rows a taller screen may pull back down
 * (rows that scrolled up, not those a clear pushed), the terminal's scrollback and `above`
 * included: the row widths of the logical lines kept elsewhere, above the terminal's (the
 * history store's, oldest first, at the terminal's width). The terminal's scrollback option is
 * raised if the rows need it; the caller sets it back (xterm then drops the oldest rows beyond it).
 */
export function resizeAsTmux(
  t: Terminal,
  cols: number,
  rows: number,
  scrolled: number,
  above: () => Iterable<number[]> = () => [],
  old = { cols: t.cols, rows: t.rows },
  saved = false,
): number {
  const buf = normalBuffer<Buffer>(t);
  cols = Math.max(2, cols); // xterm's smallest
  rows = Math.max(1, rows);
  if (!buf) {
    t.resize(cols, rows);
    return scrolled;
  }
  const from = old.cols;
  const oldRows = old.rows;
  const fill = fillCell(t);
  let lines: Line[] = [];
  for (let i = 0; i < buf.lines.length; i++) lines.push(buf.lines.get(i)!);
  let base = buf.ybase;
  // With `saved`, the cursor carried through is the one DECSC saved (1049's, restored after).
  let cx = saved ? buf.savedX : buf.x;
  let cy = saved ? buf.savedY : base + buf.y;
  const savedRow = buf.savedY - base;
  const template = lines[0]!;
  // The height, at the old width (tmux's screen_resize_y).
  if (rows < oldRows) {
    let needed = oldRows - rows;
    const below = Math.min(needed, Math.max(0, oldRows - 1 - (cy - base)));
    lines.length -= below; // rows under the cursor go first
    needed -= below;
    base += needed; // then the top rows go up into the history
    scrolled += needed;
  } else if (rows > oldRows) {
    const needed = rows - oldRows;
    const pulled = Math.min(needed, scrolled, base);
    base -= pulled;
    scrolled -= pulled;
    const blank = new Rewrap(template, from, fill);
    for (let i = pulled; i < needed; i++) lines.push(blank.blank(false));
  }
  // The width: every line rewrapped, the screen the last rows (tmux's grid_reflow).
  if (cols !== from) {
    const moving = new ScrolledReflow(cols, scrolled);
    for (const widths of above()) if (!moving.line(widths)) break;
    const r = rewrap(lines, from, cols, cx, cy, fill, moving.settled ? undefined : moving);
    scrolled = moving.scrolled;
    lines = r.lines;
    cx = r.cx;
    cy = r.cy;
    const blank = new Rewrap(template, cols, fill);
    while (lines.length < rows) lines.push(blank.blank(false));
    base = lines.length - rows;
  }
  if (cy < base) cx = cy = 0;
  else cy -= base;
  install(t, buf, lines, cols, rows, base);
  buf.x = Math.min(cx, cols);
  buf.y = Math.min(cy, rows - 1);
  buf.savedX = saved ? buf.x : Math.min(buf.savedX, cols - 1);
  buf.savedY = saved ? base + buf.y : base + Math.max(0, Math.min(savedRow, rows - 1));
  return scrolled;
}

/** The normal buffer's size while the alternate screen is on and was resized (it keeps the size it had). */
export const normalSizes = new WeakMap<Terminal, { cols: number; rows: number }>();

export function normalSize(t: Terminal): { cols: number; rows: number } | undefined {
  return normalSizes.get(t);
}

/** A reset made both buffers anew at the terminal's size. */
export function forgetNormalSize(t: Terminal): void {
  normalSizes.delete(t);
}

/**
 * Resize the alternate screen only (tmux resizes it without a reflow, and its saved normal
 * screen not at all): xterm resizes both, so the normal buffer's rows and cursor are put back.
 */
export function resizeAlternate(t: Terminal, cols: number, rows: number): void {
  const buf = normalBuffer<Buffer>(t);
  if (!buf) return t.resize(cols, rows);
  if (!normalSizes.has(t)) normalSizes.set(t, { cols: t.cols, rows: t.rows });
  // Copies: xterm resizes the rows in place when it thinks the buffer grows wider.
  const lines: Line[] = [];
  for (let i = 0; i < buf.lines.length; i++) lines.push(buf.lines.get(i)!.clone());
  const { ybase, ydisp, x, y, savedX, savedY } = buf;
  if ((t.options.scrollback ?? 0) < ybase) t.options.scrollback = ybase;
  withoutReflow(t, () => t.resize(Math.max(2, cols), Math.max(1, rows)));
  buf.lines.trimStart(buf.lines.length);
  for (const l of lines) buf.lines.push(l);
  Object.assign(buf, { ybase, ydisp, x, y, savedX, savedY });
}

function withoutReflow(t: Terminal, f: () => void): void {
  const pty = t.options.windowsPty;
  // xterm reflows only without a Windows pty build number (Buffer._isReflowEnabled).
  t.options.windowsPty = { backend: "winpty", buildNumber: 1 };
  f();
  t.options.windowsPty = pty ?? {};
}

/**
 * tmux's hscrolled through a reflow (grid.c grid_reflow): it keeps it as a count but moves it as
 * a row index, by the source row of each line split (grid_reflow_split: a line at or above it
 * adds its new rows) and the target row of each join (grid_reflow_join: rows joined above it
 * come off). This replays those steps over each logical line's row widths, oldest first.
 */
export class ScrolledReflow {
  private yy = 0; // the source row
  private to = 0; // the target rows so far
  constructor(
    private readonly cols: number,
    public scrolled: number,
  ) {}

  /** Past this, no step can move it (joins land below it, splits start below it). */
  get settled(): boolean {
    return this.yy > this.scrolled && this.to >= this.scrolled;
  }

  /** One logical line's rows (their used columns); false once settled. */
  line(widths: readonly number[]): boolean {
    const w = widths.slice();
    const dead = new Array<boolean>(w.length).fill(false);
    for (let r = 0; r < w.length; r++, this.yy++) {
      if (dead[r]) continue;
      const width = w[r]!;
      const wrapped = r < w.length - 1;
      if (width === this.cols || (width < this.cols && !wrapped)) this.to++;
      else if (width > this.cols) {
        const lines = Math.ceil(width / this.cols);
        this.to += lines;
        if (this.yy <= this.scrolled) this.scrolled += lines - 1;
        const last = width - (lines - 1) * this.cols;
        if (wrapped && last < this.cols) this.join(w, dead, r, this.to - 1, last);
      } else {
        this.to++;
        this.join(w, dead, r, this.to - 1, width);
      }
    }
    return !this.settled;
  }

  /** grid_reflow_join: rows after r taken onto target row `to`, which has `width` columns. */
  private join(w: number[], dead: boolean[], r: number, to: number, width: number): void {
    let lines = 0;
    let partial = false;
    for (let next = r + 1; next < w.length; next++) {
      const nw = w[next]!;
      const last = next === w.length - 1;
      if (nw === 0) {
        if (last) break;
        lines++;
        continue;
      }
      if (width + 1 > this.cols) break;
      const take = Math.min(nw, this.cols - width);
      width += take;
      lines++;
      if (take < nw) {
        w[next] = nw - take;
        partial = true;
        break;
      }
      if (last || width === this.cols) break;
    }
    if (lines === 0) return;
    if (partial) lines--;
    for (let k = r + 1; k <= r + lines; k++) dead[k] = true;
    if (this.scrolled > to + lines) this.scrolled -= lines;
    else if (this.scrolled > to) this.scrolled = to;
  }
}

/** Size the terminal without its reflow, then give its normal buffer these rows, `base` of them above the screen. */
function install(t: Terminal, buf: Buffer, lines: Line[], cols: number, rows: number, base: number): void {
  if ((t.options.scrollback ?? 0) < base) t.options.scrollback = base;
  withoutReflow(t, () => t.resize(cols, rows));
  buf.lines.trimStart(buf.lines.length);
  for (const l of lines) buf.lines.push(l);
  buf.ybase = base;
  buf.ydisp = base;
}
