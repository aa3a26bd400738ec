// Where the history store meets xterm: moving the rows above a terminal's screen into the store
// (drain), and one IBuffer over store + terminal for the code that reads xterm's buffer.
import type { IBuffer, IBufferCell, IBufferLine, Terminal } from "@xterm/headless";
import { normalBuffer } from "./xterm-core.ts";
import { packBg, packFg } from "./attrs.ts";
import { HistoryCell } from "./cell.ts";
import type { LogicalLine } from "./line.ts";
import { colourWord, rowOf } from "./rows.ts";
import type { HistoryStore } from "./store.ts";
import { normalSize, normalSizes, resizeAlternate, resizeAsTmux } from "./reflow.ts";

/** The parts of xterm's BufferLine lending builds rows with (internals). */
interface CoreLine {
  length: number;
  isWrapped: boolean;
  clone(): CoreLine;
  fill(cell: unknown): void;
  setCellFromCodepoint(x: number, codePoint: number, width: number, attrs: { fg: number; bg: number; extended: unknown }): void;
  addCodepointToCell(x: number, codePoint: number, width: number): void;
}

/** The parts of xterm's Buffer drain and lending change (internals: no public API adds or removes scrollback rows). */
interface CoreBuffer {
  lines: { length: number; maxLength: number; trimStart(n: number): void; get(i: number): CoreLine | undefined; splice(start: number, deleteCount: number, ...items: CoreLine[]): void };
  ybase: number;
  ydisp: number;
  savedY: number;
}

/**
 * Move the terminal's scrollback rows into the store, up to the start of the logical line that
 * reaches into the screen (xterm keeps that whole line, so a resize reflows it as one), and
 * remove them from xterm. A logical line longer than `maxKept` rows (by default half the
 * terminal's scrollback, leaving the other half for what the next write scrolls) is cut there.
 * Returns the rows moved. The store's width must be the terminal's.
 */
export function drainScrollback(t: Terminal, store: HistoryStore, maxKept = Math.floor((t.options.scrollback ?? 0) / 2)): number {
  const core = normalBuffer<CoreBuffer>(t);
  if (!core) return 0;
  const buf = t.buffer.normal;
  const base = buf.baseY;
  let y = base;
  while (y > 0 && base - y < maxKept && buf.getLine(y)?.isWrapped) y--;
  if (base - y >= maxKept) y = base - maxKept;
  // What stays in the terminal's scrollback counts towards the limit first.
  store.reserve(base - Math.max(0, y));
  if (y <= 0) return 0;
  const cell = buf.getNullCell();
  for (let i = 0; i < y; i++) {
    const line = buf.getLine(i);
    if (line) store.pushLine(line, cell);
  }
  removeTop(core, y);
  return y;
}

/** Remove the first n rows of a buffer (scrollback rows already stored, or history cleared). */
function removeTop(core: CoreBuffer, n: number): void {
  core.lines.trimStart(n);
  core.ybase -= n;
  core.ydisp = Math.max(0, core.ydisp - n);
  core.savedY = Math.max(0, core.savedY - n);
}

/**
 * Drop the oldest `n` scrollback rows of the terminal's normal buffer (at most all of them)
 * without storing them: rows that are history already (evictScreen's), or history cleared.
 * Returns the rows dropped.
 */
export function dropScrollback(t: Terminal, n: number): number {
  const core = normalBuffer<CoreBuffer>(t);
  if (!core) return 0;
  const k = Math.min(n, t.buffer.normal.baseY);
  if (k > 0) removeTop(core, k);
  return k;
}

/**
 * The flood path's first step: the terminal's cursor is at the start of a fresh bottom row,
 * and text about to go into the store unparsed will scroll every row above it away. Move the
 * scrollback and those screen rows into the store now; the screen rows stay on the terminal
 * until the text parsed after scrolls them off, and must then be dropped, not stored again
 * (dropScrollback). Returns how many: the screen's rows but its last.
 */
export function evictScreen(t: Terminal, store: HistoryStore): number {
  const core = normalBuffer<CoreBuffer>(t);
  if (!core) return 0;
  const buf = t.buffer.normal;
  const base = buf.baseY;
  const cell = buf.getNullCell();
  store.reserve(0);
  for (let i = 0; i < base + t.rows - 1; i++) {
    const line = buf.getLine(i);
    if (line) store.pushLine(line, cell);
  }
  if (base > 0) removeTop(core, base);
  return t.rows - 1;
}

/**
 * Put logical lines (the store's newest, from takeLast) back above the terminal's screen as
 * xterm rows at its width, cell for cell. The terminal's scrollback option must leave room.
 */
export function lendLines(t: Terminal, lines: readonly LogicalLine[], cols = t.cols): number {
  const core = normalBuffer<CoreBuffer>(t);
  const template = core?.lines.get(0);
  if (!core || !template) return 0;
  // The public null cell is empty with width 0; xterm's blank cells have width 1 (Content.WIDTH_SHIFT).
  const nullCell: unknown = t.buffer.normal.getNullCell();
  if (nullCell && typeof nullCell === "object") Reflect.set(nullCell, "content", 1 << 22);
  const extended: unknown = nullCell && typeof nullCell === "object" ? Reflect.get(nullCell, "extended") : undefined;
  const rows: CoreLine[] = [];
  const cell = new HistoryCell();
  for (const line of lines) {
    const starts = line.rowStarts(cols);
    for (let sub = 0; sub < starts.length; sub++) {
      const src = rowOf({ line, sub, starts }, cols);
      const dst = template.clone();
      dst.fill(nullCell);
      dst.isWrapped = src.isWrapped;
      for (let x = 0; x < src.used; x++) {
        if (!src.getCell(x, cell)) break;
        const attrs = { fg: cell.fg, bg: cell.bg, extended };
        const w = cell.width;
        const chars = cell.chars;
        const first = chars.codePointAt(0) ?? 0;
        dst.setCellFromCodepoint(x, first, w, attrs);
        for (let i = first > 0xffff ? 2 : 1; i < chars.length; ) {
          const cp = chars.codePointAt(i) ?? 0;
          dst.addCodepointToCell(x, cp, w);
          i += cp > 0xffff ? 2 : 1;
        }
      }
      rows.push(dst);
    }
  }
  core.lines.splice(0, 0, ...rows);
  core.ybase += rows.length;
  core.ydisp += rows.length;
  core.savedY += rows.length;
  return rows.length;
}

/**
 * Resize a terminal and its history together as tmux resizes a pane (reflow.ts): the store's
 * newest lines (enough for what a taller or wider screen pulls down, and the line reaching into
 * the terminal) go back above its screen, the terminal is resized over all of it, and what ends
 * above its screen goes back into the store. `margin` is the terminal's usual scrollback option.
 * While the alternate screen is on, only it is resized (without a reflow, as tmux's): the normal
 * screen keeps its size until the alternate screen ends (endAlternate).
 */
export function resizeWithHistory(t: Terminal, store: HistoryStore, cols: number, rows: number, margin: number): void {
  if (t.buffer.active.type === "alternate") return resizeAlternate(t, cols, rows);
  resizeNormal(t, store, cols, rows, margin, { cols: t.cols, rows: t.rows }, false);
}

/**
 * The alternate screen is ending (DECRST 47, 1047, 1049, before xterm switches): the normal
 * screen, left at its size since, is resized to the terminal's now, as tmux's
 * screen_alternate_off resizes its saved grid; with `restore` (1049) the cursor it restores is
 * the one carried through the reflow.
 */
export function endAlternate(t: Terminal, store: HistoryStore, margin: number, restore: boolean): void {
  const old = normalSize(t);
  if (!old) return;
  normalSizes.delete(t);
  if (old.cols !== t.cols || old.rows !== t.rows) resizeNormal(t, store, t.cols, t.rows, margin, old, restore);
}

function resizeNormal(t: Terminal, store: HistoryStore, cols: number, rows: number, margin: number, old: { cols: number; rows: number }, saved: boolean): void {
  drainScrollback(t, store);
  const from = old.cols;
  const kept = t.buffer.normal.baseY;
  const scrolled = Math.max(0, store.rows + kept - store.pinned);
  // Rows a taller screen pulls back (at the old width), rows a wider one shows (at the new):
  // counting at the wider of the two widths is enough for both.
  const needY = rows > old.rows ? Math.min(scrolled, rows - old.rows) - kept : 0;
  const needX = cols !== from ? rows : 0;
  const lent = needX > 0 || needY > 0 ? store.takeLast(Math.max(1, needX, needY), Math.max(from, cols)) : [];
  let lentRows = 0;
  for (const l of lent) lentRows += l.rowCount(from);
  // Room for everything while it reflows: narrowing can multiply the rows by oldCols / cols.
  t.options.scrollback = Math.max(margin, (kept + lentRows + old.rows) * Math.ceil(from / Math.max(1, cols)) + rows);
  lendLines(t, lent, from);
  const scrolledAfter = resizeAsTmux(t, cols, rows, scrolled, () => store.rowWidths(from), old, saved);
  store.reserve(0); // drain sets it again, for what the terminal keeps after the reflow
  store.resize(cols);
  const history = store.rows + t.buffer.normal.baseY;
  store.pinned = history - Math.min(history, Math.max(0, scrolledAfter));
  // Keep no more than the usual scrollback will hold: setting it back trims the terminal's top.
  drainScrollback(t, store, Math.floor(margin / 2));
  t.options.scrollback = margin;
}

/**
 * ED 2 is about to clear the screen: under scroll-on-clear xterm scrolls its rows up to the last
 * one used into the history first, and those, with all the history before them, are pinned:
 * a taller screen pulls back only rows that scroll up after.
 */
export function pinCleared(t: Terminal, store: HistoryStore): void {
  if (!t.options.scrollOnEraseInDisplay || t.buffer.active.type !== "normal") return;
  const buf = t.buffer.normal;
  const cell = buf.getNullCell();
  const written = (y: number): boolean => {
    const line = buf.getLine(buf.baseY + y);
    for (let x = 0; line && x < t.cols; x++) if (line.getCell(x, cell)?.getChars()) return true;
    return false;
  };
  let used = t.rows;
  while (used > 0 && !written(used - 1)) used--;
  store.pinned = store.rows + buf.baseY + used;
}

/** An xterm line read through HistoryCell (so one cell object serves store and terminal rows). */
class TerminalRow implements IBufferLine {
  constructor(
    private readonly line: IBufferLine,
    private readonly scratch: IBufferCell,
  ) {}
  get isWrapped(): boolean {
    return this.line.isWrapped;
  }
  get length(): number {
    return this.line.length;
  }
  getCell(x: number, cell?: IBufferCell): IBufferCell | undefined {
    const c = this.line.getCell(x, this.scratch);
    if (!c) return undefined;
    const out = cell instanceof HistoryCell ? cell : new HistoryCell();
    return out.set(c.getChars(), c.getWidth(), packFg(c), packBg(c));
  }
  translateToString(trimRight?: boolean, startColumn?: number, endColumn?: number): string {
    return this.line.translateToString(trimRight, startColumn, endColumn);
  }
}

/**
 * The pane's buffer as xterm's IBuffer: the store's rows, then the terminal's normal buffer
 * (what is left of its scrollback and its screen). While the alternate screen is on, `active`
 * reads it alone: it has no history. Live: its sizes and cursor follow the terminal and the
 * store, so a reader (copy mode) may keep one.
 */
export function historyBuffer(store: HistoryStore, t: Terminal, which: "active" | "normal" = "active"): IBuffer {
  return new HistoryBuffer(store, t, which);
}

class HistoryBuffer implements IBuffer {
  private readonly scratch: IBufferCell;

  constructor(
    private readonly store: HistoryStore,
    private readonly t: Terminal,
    private readonly which: "active" | "normal",
  ) {
    this.scratch = this.buf.getNullCell();
  }

  private get buf(): IBuffer {
    return this.which === "active" ? this.t.buffer.active : this.t.buffer.normal;
  }

  /** Rows of the store in front of the terminal's. */
  private get hist(): number {
    return this.buf.type === "normal" ? this.store.rows : 0;
  }

  get type(): "normal" | "alternate" {
    return this.buf.type;
  }
  get cursorX(): number {
    return this.buf.cursorX;
  }
  get cursorY(): number {
    return this.buf.cursorY;
  }
  get baseY(): number {
    return this.hist + this.buf.baseY;
  }
  get viewportY(): number {
    return this.hist + this.buf.viewportY;
  }
  get length(): number {
    return this.hist + this.buf.length;
  }
  getLine(y: number): IBufferLine | undefined {
    const hist = this.hist;
    if (y < hist) return this.store.getLine(y);
    const line = this.buf.getLine(y - hist);
    return line ? new TerminalRow(line, this.scratch) : undefined;
  }
  getNullCell(): IBufferCell {
    return new HistoryCell();
  }
}

/** The terminal's UnicodeService.charProperties (internals), for pushPlainText; undefined where it differs. */
export function charPropertiesOf(t: Terminal): ((code: number, preceding: number) => number) | undefined {
  const core: unknown = Reflect.get(t, "_core");
  const svc: unknown = core && typeof core === "object" ? Reflect.get(core, "unicodeService") : undefined;
  const f: unknown = svc && typeof svc === "object" ? Reflect.get(svc, "charProperties") : undefined;
  return typeof f === "function" ? (code, preceding) => (f as (c: number, p: number) => number).call(svc, code, preceding) : undefined;
}

/** The attributes the terminal prints with now (its SGR state, internals), as attrs.ts words; null where unknown. */
export function currentAttrs(t: Terminal): { fg: number; bg: number } | null {
  const core: unknown = Reflect.get(t, "_core");
  const ih: unknown = core && typeof core === "object" ? Reflect.get(core, "_inputHandler") : undefined;
  const cur: unknown = ih && typeof ih === "object" ? Reflect.get(ih, "_curAttrData") : undefined;
  if (!cur || typeof cur !== "object") return null;
  const fg: unknown = Reflect.get(cur, "fg");
  const bg: unknown = Reflect.get(cur, "bg");
  if (typeof fg !== "number" || typeof bg !== "number") return null;
  // Without the extended-attributes and protected bits, which the store does not keep, and
  // without the bits of an earlier RGB colour left behind a palette one (as drained rows are read).
  return { fg: colourWord(fg >>> 0), bg: colourWord((bg & ~(0x10000000 | 0x20000000)) >>> 0) };
}
