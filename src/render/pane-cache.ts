// A copy of each pane Terminal's visible rows as packed cells, refreshed only
// where xterm reports changes, plus the pane's cursor and its sync-output hold.

import type { IBuffer, IBufferCell, IDisposable, Terminal } from "@xterm/headless";
import { Attr, COLOR_MODE_MASK, COLOR_VALUE_MASK, type CursorShape, SPACE, SPACER } from "./frame.ts";
import { charId, graphemeGeneration, sanitizeCode } from "./graphemes.ts";

/**
 * How long a pane may hold synchronized output (DEC 2026) before it is
 * painted anyway: a program that crashed mid-update must not freeze its pane.
 */
export const SYNC_HOLD_TIMEOUT_MS = 500;

/** Viewport-relative rows xterm repaints (internal event; absent → every parse marks all rows). */
interface RefreshRowsEvent {
  start: number;
  end: number;
}
type Listen<T> = (listener: (e: T) => void) => IDisposable;
interface CoreInternals {
  coreService?: {
    isCursorHidden?: boolean;
    decPrivateModes?: { cursorStyle?: string; cursorBlink?: boolean };
  };
  _inputHandler?: {
    onRequestRefreshRows?: Listen<RefreshRowsEvent | undefined>;
    onRequestReset?: Listen<void>;
  };
}

function core(terminal: Terminal): CoreInternals | undefined {
  const c: unknown = Reflect.get(terminal, "_core");
  return typeof c === "object" && c !== null ? (c as CoreInternals) : undefined;
}

export interface PaneCursor {
  x: number;
  /** Row within the cached view; outside 0..rows-1 when not in view. */
  y: number;
  visible: boolean;
  shape: CursorShape;
  blink: boolean;
}

/** Source of PaneCache.rowVersion stamps: every row read gets a new one. */
let rowStamp = 0;

export class PaneCache {
  cols = 0;
  rows = 0;
  chars = new Uint32Array(0);
  widths = new Uint8Array(0);
  fg = new Uint32Array(0);
  bg = new Uint32Array(0);
  attrs = new Uint16Array(0);
  cursor: PaneCursor = { x: 0, y: 0, visible: true, shape: "default", blink: false };
  /**
   * A stamp per row, new whenever the row is read again: a frame that remembers the stamps it
   * copied knows which rows it must copy anew (composeFrame's partial frames), whichever client
   * refreshed the cache in between.
   */
  rowVersion = new Float64Array(0);
  private dirty = new Uint8Array(0);
  private allDirty = true;
  private anyDirty = true;
  private viewTop = -1;
  private bufferType = "";
  private generation = 0;
  private heldSince = -1;
  private scrolled = false;
  /** The scrolled view's buffer and a cell of its kind, while one is shown. */
  private source: IBuffer | null = null;
  private sourceCell: IBufferCell | null = null;
  private readonly cell: IBufferCell;
  private readonly subs: IDisposable[] = [];
  private readonly isCombined: ((cell: IBufferCell) => boolean) | undefined;

  constructor(private readonly terminal: Terminal) {
    this.cell = terminal.buffer.active.getNullCell();
    const probe: unknown = Reflect.get(this.cell, "isCombined");
    // xterm's CellData knows whether a cell holds several codepoints; without it, ask getChars
    // for anything that may end a cluster (all combining marks, ZWJ, VS16 are >= U+0300).
    this.isCombined = typeof probe === "function" ? (c) => (probe as () => number).call(c) !== 0 : undefined;
    const c = core(terminal);
    const refresh = c?._inputHandler?.onRequestRefreshRows;
    if (refresh) {
      // Every scroll a write makes is reported here too (xterm marks the scroll region's rows
      // dirty), so there is no onScroll listener: with none, xterm's per-line scroll event
      // costs nothing, where a listener cost ~10% of parsing a flood of short lines.
      this.subs.push(
        refresh.call(c._inputHandler, (e) => (e ? this.markRows(e.start, e.end) : this.markAll())),
      );
      const reset = c._inputHandler?.onRequestReset;
      if (reset) this.subs.push(reset.call(c._inputHandler, () => this.markAll()));
    } else {
      this.subs.push(terminal.onWriteParsed(() => this.markAll()));
      this.subs.push(terminal.onScroll(() => this.markAll()));
    }
    this.subs.push(terminal.onResize(() => this.markAll()));
    this.subs.push(terminal.buffer.onBufferChange(() => this.markAll()));
  }

  dispose(): void {
    for (const s of this.subs) s.dispose();
    this.subs.length = 0;
  }

  markAll(): void {
    this.allDirty = true;
    this.anyDirty = true;
  }

  private markRows(start: number, end: number): void {
    const lo = Math.max(0, start);
    const hi = Math.min(this.rows - 1, end);
    for (let y = lo; y <= hi; y++) this.dirty[y] = 1;
    this.anyDirty = true;
  }

  /**
   * Milliseconds the pane stays held by synchronized output, or 0 when it may
   * be painted now.
   */
  holdRemaining(now: number): number {
    if (!this.terminal.modes.synchronizedOutputMode) {
      this.heldSince = -1;
      return 0;
    }
    if (this.heldSince < 0) this.heldSince = now;
    return Math.max(0, this.heldSince + SYNC_HOLD_TIMEOUT_MS - now);
  }

  /**
   * Brings the cache up to date with the terminal's view: the live viewport,
   * or the page `scrollOffset` lines above the bottom of `view` (the pane's
   * history and screen; by default the terminal's buffer).
   */
  refresh(scrollOffset?: number, view?: IBuffer): void {
    const t = this.terminal;
    const scrolled = scrollOffset !== undefined && view !== undefined;
    const buf = scrolled ? view : t.buffer.active;
    if (scrolled && this.source !== view) {
      this.source = view;
      this.sourceCell = view.getNullCell();
    }
    const top = scrollOffset === undefined ? buf.viewportY : Math.max(0, buf.baseY - scrollOffset);
    if (t.cols !== this.cols || t.rows !== this.rows) this.allocate(t.cols, t.rows);
    const gen = graphemeGeneration();
    if (top !== this.viewTop || buf.type !== this.bufferType || gen !== this.generation || scrolled !== this.scrolled) this.allDirty = true;
    // Dirty rows are reported relative to the live viewport; another view re-reads everything.
    if (this.anyDirty && top !== buf.viewportY) this.allDirty = true;
    this.viewTop = top;
    this.bufferType = buf.type;
    this.generation = gen;
    this.scrolled = scrolled;
    if (this.anyDirty || this.allDirty) {
      for (let y = 0; y < this.rows; y++) {
        if (this.allDirty || this.dirty[y]) this.readRow(y, top + y, buf, scrolled);
      }
      this.dirty.fill(0);
      this.allDirty = false;
      this.anyDirty = false;
    }
    this.readCursor(top, buf);
  }

  private allocate(cols: number, rows: number): void {
    const n = cols * rows;
    this.cols = cols;
    this.rows = rows;
    this.chars = new Uint32Array(n);
    this.widths = new Uint8Array(n);
    this.fg = new Uint32Array(n);
    this.bg = new Uint32Array(n);
    this.attrs = new Uint16Array(n);
    this.dirty = new Uint8Array(rows);
    this.rowVersion = new Float64Array(rows).fill(++rowStamp);
    this.allDirty = true;
  }

  private readCursor(top: number, buf: IBuffer): void {
    const cs = core(this.terminal)?.coreService;
    const cur = this.cursor;
    cur.x = Math.min(buf.cursorX, this.cols - 1);
    cur.y = buf.baseY + buf.cursorY - top;
    cur.visible = !(cs?.isCursorHidden ?? false);
    const style = cs?.decPrivateModes?.cursorStyle;
    cur.shape = style === "block" || style === "underline" || style === "bar" ? style : "default";
    cur.blink = cs?.decPrivateModes?.cursorBlink ?? false;
  }

  private readRow(y: number, lineIndex: number, buf: IBuffer, scrolled: boolean): void {
    const cols = this.cols;
    const base = y * cols;
    this.rowVersion[y] = ++rowStamp;
    const line = buf.getLine(lineIndex);
    const { chars, widths, fg, bg, attrs } = this;
    if (!line) {
      chars.fill(SPACE, base, base + cols);
      widths.fill(1, base, base + cols);
      fg.fill(0, base, base + cols);
      bg.fill(0, base, base + cols);
      attrs.fill(0, base, base + cols);
      return;
    }
    // The history's rows fill a cell of their own kind (one for the whole view: no allocation per cell).
    const cell = scrolled ? this.sourceCell ?? this.cell : this.cell;
    const isCombined = scrolled ? undefined : this.isCombined;
    let prevWide = false;
    for (let x = 0; x < cols; x++) {
      const i = base + x;
      line.getCell(x, cell);
      const w = cell.getWidth();
      if (w === 0) {
        if (prevWide) {
          // The right half of a wide char: same colours as its head so diffs agree.
          chars[i] = SPACER;
          widths[i] = 0;
          fg[i] = fg[i - 1] ?? 0;
          bg[i] = bg[i - 1] ?? 0;
          attrs[i] = attrs[i - 1] ?? 0;
          prevWide = false;
          continue;
        }
        chars[i] = SPACE; // an orphan spacer (never expected) becomes a blank
        widths[i] = 1;
      } else {
        const code = cell.getCode();
        let ch: number;
        if (code === 0) ch = SPACE;
        else if (isCombined ? isCombined(cell) : code >= 0x300) ch = charId(cell.getChars());
        else ch = sanitizeCode(code);
        if (w === 2 && x + 1 < cols) {
          widths[i] = 2;
          prevWide = true;
        } else {
          if (w === 2) ch = SPACE; // no room for the right half
          widths[i] = 1;
          prevWide = false;
        }
        chars[i] = ch;
      }
      const fm = cell.getFgColorMode();
      fg[i] = fm === 0 ? 0 : (fm & COLOR_MODE_MASK) | (cell.getFgColor() & COLOR_VALUE_MASK);
      const bm = cell.getBgColorMode();
      bg[i] = bm === 0 ? 0 : (bm & COLOR_MODE_MASK) | (cell.getBgColor() & COLOR_VALUE_MASK);
      attrs[i] = cell.isAttributeDefault() ? 0 : readAttrs(cell);
    }
  }
}

/** A cell's SGR attributes as weft's Attr bits (the pane cache's, and the mode tree's previews). */
export function readAttrs(cell: IBufferCell): number {
  let a = 0;
  if (cell.isBold()) a |= Attr.bold;
  if (cell.isDim()) a |= Attr.dim;
  if (cell.isItalic()) a |= Attr.italic;
  if (cell.isUnderline()) a |= Attr.underline;
  if (cell.isBlink()) a |= Attr.blink;
  if (cell.isInverse()) a |= Attr.inverse;
  if (cell.isInvisible()) a |= Attr.invisible;
  if (cell.isStrikethrough()) a |= Attr.strikethrough;
  if (cell.isOverline()) a |= Attr.overline;
  return a;
}

const caches = new WeakMap<Terminal, PaneCache>();

/** The cache of a pane's Terminal, created (and subscribed) on first use. */
export function paneCache(terminal: Terminal): PaneCache {
  let c = caches.get(terminal);
  if (!c) {
    c = new PaneCache(terminal);
    caches.set(terminal, c);
  }
  return c;
}

/** Drops a Terminal's cache and its listeners (call when the pane closes). */
export function forgetPane(terminal: Terminal): void {
  caches.get(terminal)?.dispose();
  caches.delete(terminal);
}

/** Marks every row of a pane dirty (after terminal.reset() or anything xterm does not report). */
export function invalidatePane(terminal: Terminal): void {
  caches.get(terminal)?.markAll();
}

/**
 * Milliseconds a pane is still held by synchronized output (DEC mode 2026,
 * set by its program), 0 when it may be repainted.
 */
export function syncHold(terminal: Terminal, now = performance.now()): number {
  return paneCache(terminal).holdRemaining(now);
}
