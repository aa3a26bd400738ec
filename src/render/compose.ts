// Composes a client's frame: the visible panes' cells, the borders between
// them (borders.ts), the area outside the window, and the status lines or a message.

import type { IBuffer, Terminal } from "@xterm/headless";
import { Frame, copyCells, type CursorShape, COLOR_DEFAULT, COLOR_P16, COLOR_P256, COLOR_RGB, SPACE, SPACER, Attr } from "./frame.ts";
import { charId, graphemeGeneration, sanitizeCode } from "./graphemes.ts";
import { paneCache, type PaneCache } from "./pane-cache.ts";
import { drawBorders, type BorderOptions } from "./borders.ts";
import { DEFAULT_CELL_STYLE, drawStyled, type CellStyle, type StyledCell } from "./styled.ts";

/**
 * A colour: a palette index 0-255, "#rrggbb", "default", a name ("red",
 * "brightred"), or tmux's "colour123" / "color123".
 */
export type Color = number | string;

export interface PaneView {
  terminal: Terminal;
  /** Top-left in the client's cells. */
  x: number;
  y: number;
  width: number;
  height: number;
  active: boolean;
  /** Show the page this many lines above the bottom (copy mode); absent = the live viewport. */
  scrollOffset?: number;
  /** Where that page is read from: the pane's history and screen (absent: the terminal's own buffer). */
  buffer?: IBuffer;
  /** Draw the cursor here (pane cells) instead of the program's cursor (copy mode). */
  cursor?: { x: number; y: number };
  /** Cells restyled on top of the pane's own or the replacement (a selection, search matches, the clock); pane cells. */
  highlights?: Highlight[];
  /** Text drawn at the pane's top-right corner in the mode style (copy mode's "[12/3400]"). */
  indicator?: string;
  /** The indicator's style (mode-style); black on yellow by default. */
  indicatorStyle?: CellStyle;
  /** window-style / window-active-style: the colours of the pane's default-coloured cells. */
  style?: CellStyle;
  /** cursor-style: the cursor's shape while the program has not chosen one. */
  cursorStyle?: { shape: CursorShape; blink: boolean };
  /** Its pane index (pane-border-lines number). */
  index?: number;
  /** It is the marked pane: its border in reverse. */
  marked?: boolean;
  /** Its title line on the border (pane-border-status, pane-border-format), in its border style. */
  borderStatus?: { cells: readonly StyledCell[]; style: CellStyle };
  /** Lines drawn instead of the pane's cells, `selected` in `selectedStyle` (mode-style) or else reverse video (choose-tree). */
  replace?: { lines: string[]; selected: number; selectedStyle?: CellStyle };
  /** Text written over the pane's cells, in pane cells (display-panes' numbers). */
  marks?: PaneMark[];
}

/** Text at a pane cell in its own colours (default where not given), cut at the pane's edge. */
export interface PaneMark {
  x: number;
  y: number;
  text: string;
  fg?: Color;
  bg?: Color;
}

/** A run of cells in one pane row drawn with other colours. */
export interface Highlight {
  x: number;
  y: number;
  width: number;
  fg?: Color;
  bg?: Color;
  /** Swap the cell's own colours instead (xterm-style selection). */
  reverse?: boolean;
  /** The cells' style in the frame's form (mode-style), over fg and bg. */
  style?: CellStyle;
}

/** One cell of a box: its text (one character or cluster), colours and Attr bits. */
export interface BoxCell {
  text: string;
  fg?: Color;
  bg?: Color;
  attrs?: number;
}

/**
 * A floating box drawn over everything else (a menu, a popup): its own cells, row by row, and
 * optionally a terminal's screen in part of it (a popup's program), whose default colours
 * become `fg` / `bg` (popup-style).
 */
export interface BoxView {
  x: number;
  y: number;
  width: number;
  height: number;
  /** width * height cells, row-major; a wide character's right half is { text: "" }. */
  cells: BoxCell[];
  screen?: { terminal: Terminal; x: number; y: number; width: number; height: number; fg?: Color; bg?: Color; cursor: boolean };
}

/** A message or prompt drawn on the last status line instead of it (a line of its own when the status is off). */
export interface Overlay {
  cells: readonly StyledCell[];
  /** Show the cursor on the overlay row at this column; absent = hidden. */
  cursorX?: number;
}

/**
 * What composeFrame takes. Objects in it (status segments, overlays, a pane's extras) are
 * compared by identity from one frame to the next: pass new ones when they change.
 */
export interface FrameInput {
  cols: number;
  rows: number;
  panes: PaneView[];
  windowCols: number;
  windowRows: number;
  /** The status lines (status-format[0], [1]...), each a row of cells; null when the status is off. */
  status: readonly (readonly StyledCell[])[] | null;
  /** status-position top: the status lines above the window. */
  statusTop?: boolean;
  overlay?: Overlay;
  /** The window's border options; tmux's defaults when absent. */
  borders?: BorderOptions;
  /** Boxes floating over the panes and the status lines, in order (a menu, a popup). */
  boxes?: BoxView[];
  /** Clock for sync-output holds (tests). */
  now?: number;
}

const NAMES = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"];

/** Packs a Color into the frame's colour format. */
export function packColor(c: Color | undefined): number {
  if (c === undefined) return COLOR_DEFAULT;
  if (typeof c === "number") {
    const n = c & 0xff;
    return n < 16 ? COLOR_P16 | n : COLOR_P256 | n;
  }
  const s = c.toLowerCase();
  if (s === "default" || s === "") return COLOR_DEFAULT;
  if (s.startsWith("#") && s.length === 7) {
    const v = Number.parseInt(s.slice(1), 16);
    return Number.isNaN(v) ? COLOR_DEFAULT : COLOR_RGB | v;
  }
  const m = /^colou?r(\d{1,3})$/.exec(s);
  if (m) return packColor(Number(m[1]));
  const bright = s.startsWith("bright");
  const i = NAMES.indexOf(bright ? s.slice(6) : s);
  return i < 0 ? COLOR_DEFAULT : COLOR_P16 | (i + (bright ? 8 : 0));
}

/** tmux's defaults: plain borders, the active one green, shared borders split in halves. */
export const DEFAULT_BORDERS: BorderOptions = {
  style: DEFAULT_CELL_STYLE,
  activeStyle: { fg: COLOR_P16 | 2, bg: COLOR_DEFAULT, attrs: 0 },
  lines: "single",
  indicators: "colour",
  status: "off",
};
const INDICATOR_STYLE: CellStyle = { fg: COLOR_P16 | 0, bg: COLOR_P16 | 3, attrs: 0 };

// Scratch: which pane covers each window cell (0 = border, 1 = pane, 2 = active pane).
let cover = new Uint8Array(0);

/** What a frame was last composed from: its input and the pane rows (PaneCache.rowVersion) it copied. */
interface Composed {
  input: FrameInput;
  rows: Map<PaneCache, Float64Array>;
}
const composed = new WeakMap<Frame, Composed>();

/**
 * Composes `input` into `into` (or a new frame). When `into` was last composed from an input
 * that differs only in the panes' contents and cursors (sameLayout), only the pane rows that
 * changed since are copied, and frame.damage names them for the encoder: an echo costs one
 * row, not the whole frame (for a 200x50 client ~50 µs of compose and diff per frame).
 */
export function composeFrame(input: FrameInput, into?: Frame): Frame {
  const last = into ? composed.get(into) : undefined;
  if (into && last && sameLayout(last.input, input) && into.generation === graphemeGeneration() && composeChanges(into, input, last)) return into;
  const f = into ?? new Frame(input.cols, input.rows);
  composeAll(f, input);
  const rows = new Map<PaneCache, Float64Array>();
  for (const pane of input.panes) {
    const cache = paneCache(pane.terminal);
    rows.set(cache, cache.rowVersion.slice());
  }
  composed.set(f, { input: snapshot(input), rows });
  return f;
}

/**
 * Whether two inputs draw the same frame but for the panes' cells and cursors: same sizes,
 * status and overlay (by identity), and the same panes in the same places, none with extras
 * (a mode's view, highlights, a replacement, marks).
 */
export function sameLayout(a: FrameInput, b: FrameInput): boolean {
  if (a.cols !== b.cols || a.rows !== b.rows || a.windowCols !== b.windowCols || a.windowRows !== b.windowRows) return false;
  if (a.status !== b.status || a.statusTop !== b.statusTop || a.overlay !== b.overlay) return false;
  if (a.borders !== b.borders || a.panes.length !== b.panes.length) return false;
  // A box covers panes' rows: compose it all (boxes are few and small).
  if (a.boxes?.length || b.boxes?.length) return false;
  for (let i = 0; i < a.panes.length; i++) {
    const p = a.panes[i]!;
    const q = b.panes[i]!;
    if (p.terminal !== q.terminal || p.x !== q.x || p.y !== q.y || p.width !== q.width || p.height !== q.height || p.active !== q.active) return false;
    if (p.style !== q.style || p.index !== q.index || p.borderStatus !== q.borderStatus || p.cursorStyle !== q.cursorStyle || p.marked !== q.marked) return false;
    if (hasExtras(p) || hasExtras(q)) return false;
  }
  return true;
}

function hasExtras(p: PaneView): boolean {
  return p.scrollOffset !== undefined || p.cursor !== undefined || p.highlights !== undefined || p.indicator !== undefined || p.replace !== undefined || p.marks !== undefined;
}

/**
 * The partial compose (composeFrame): copy the pane rows whose stamps differ from those last
 * copied, mark them in f.damage, and place the cursor. False (nothing done) when a pane's
 * cache was not copied last time or has been resized since: compose it all.
 */
function composeChanges(f: Frame, input: FrameInput, last: Composed): boolean {
  const now = input.now ?? performance.now();
  let holdMs = 0;
  for (const pane of input.panes) {
    const cache = paneCache(pane.terminal);
    const held = cache.holdRemaining(now);
    if (held > 0) holdMs = holdMs === 0 ? held : Math.min(holdMs, held);
    else cache.refresh(pane.scrollOffset, pane.buffer);
    const seen = last.rows.get(cache);
    if (!seen || seen.length !== cache.rowVersion.length) return false;
  }
  const damage = f.damage && f.damage.length === f.rows ? f.damage : new Uint8Array(f.rows);
  damage.fill(0);
  f.damage = damage;
  f.holdMs = holdMs;
  resetCursor(f);
  const area = windowArea(input);
  for (const pane of framePanes(input.panes, area.wy)) {
    const cache = paneCache(pane.terminal);
    const seen = last.rows.get(cache)!;
    const r = paneRect(pane, area, cache);
    if (r) {
      for (let y = r.y0; y < r.y1; y++) {
        const sy = y - pane.y;
        if (sy >= cache.rows || seen[sy] === cache.rowVersion[sy]) continue;
        copyRow(f, cache, y * f.cols + r.x0, sy * cache.cols + r.sx, r.copyW);
        if (pane.style) applyStyle(f, y * f.cols + r.x0, r.x1 - r.x0, pane.style);
        damage[y] = 1;
      }
    }
    seen.set(cache.rowVersion);
    if (pane.active && r) placePaneCursor(f, pane, cache, r);
  }
  last.input = snapshot(input);
  return true;
}

/** Where things go: the status lines (statusY on), the area for the window (wy on) and the part of it the window takes. */
interface Area {
  statusRows: number;
  statusY: number;
  wy: number;
  areaRows: number;
  winW: number;
  winH: number;
}

function windowArea(input: FrameInput): Area {
  const lines = input.status?.length ?? 0;
  const statusRows = Math.min(input.rows, lines > 0 ? lines : input.overlay ? 1 : 0);
  const areaRows = input.rows - statusRows;
  const top = input.statusTop === true;
  return {
    statusRows,
    statusY: top ? 0 : areaRows,
    wy: top ? statusRows : 0,
    areaRows,
    winW: Math.max(0, Math.min(input.windowCols, input.cols)),
    winH: Math.max(0, Math.min(input.windowRows, areaRows)),
  };
}

/** The panes in frame rows: below the status lines when they are at the top. */
function framePanes(panes: PaneView[], wy: number): PaneView[] {
  return wy === 0 ? panes : panes.map((p) => ({ ...p, y: p.y + wy }));
}

/**
 * window-style: default-coloured cells take the style's colours. A plain blank keeps the default
 * fg, which does not show: tmux clears such cells (EL) in the style's bg alone, and a terminal
 * inside records them so.
 */
function applyStyle(f: Frame, at: number, n: number, st: CellStyle): void {
  if (st.fg !== COLOR_DEFAULT) for (let i = at; i < at + n; i++) if (f.fg[i] === COLOR_DEFAULT && (f.chars[i] !== SPACE || f.attrs[i] !== 0)) f.fg[i] = st.fg;
  if (st.bg !== COLOR_DEFAULT) for (let i = at; i < at + n; i++) if (f.bg[i] === COLOR_DEFAULT) f.bg[i] = st.bg;
}

/** The input as it is now: its panes are copied, as a caller may change them in place. */
function snapshot(input: FrameInput): FrameInput {
  return { ...input, panes: input.panes.map((p) => ({ ...p })) };
}

function resetCursor(f: Frame): void {
  const cur = f.cursor;
  cur.visible = false;
  cur.x = 0;
  cur.y = 0;
  cur.shape = "default";
  cur.blink = false;
}

function composeAll(f: Frame, input: FrameInput): void {
  const { cols, rows } = input;
  f.resize(cols, rows);
  f.clear();
  f.generation = graphemeGeneration();
  f.holdMs = 0;
  f.damage = null;
  resetCursor(f);
  const area = windowArea(input);
  if (cover.length < cols * rows) cover = new Uint8Array(cols * rows);
  cover.fill(0, 0, cols * rows);
  const now = input.now ?? performance.now();
  for (const pane of framePanes(input.panes, area.wy)) drawPane(f, pane, area, now);
  drawBorders(f, { wy: area.wy, winW: area.winW, winH: area.winH, areaRows: area.areaRows, cover }, input.panes, input.borders ?? DEFAULT_BORDERS);
  f.statusRows = { from: area.statusY, to: area.statusY + area.statusRows };
  if (area.statusRows > 0) drawStatusLines(f, input, area);
  for (const box of input.boxes ?? []) drawBox(f, box, now);
}

/** A box's cells, then its screen's; the screen's cursor becomes the frame's when asked. */
function drawBox(f: Frame, box: BoxView, now: number): void {
  const x1 = Math.min(f.cols, box.x + box.width);
  const y1 = Math.min(f.rows, box.y + box.height);
  for (let y = Math.max(0, box.y); y < y1; y++) {
    // A wide character under the box's edge would leave half a glyph: blank it.
    const left = y * f.cols + box.x - 1;
    if (box.x > 0 && f.widths[left] === 2) f.set(box.x - 1, y, SPACE, f.fg[left] ?? 0, f.bg[left] ?? 0, 0);
    if (x1 < f.cols && f.widths[y * f.cols + x1] === 0) f.set(x1, y, SPACE, 0, 0, 0);
    for (let x = Math.max(0, box.x); x < x1; x++) {
      const cell = box.cells[(y - box.y) * box.width + (x - box.x)];
      if (!cell) continue;
      const i = y * f.cols + x;
      if (cell.text === "") {
        f.set(x, y, SPACER, packColor(cell.fg), packColor(cell.bg), cell.attrs ?? 0);
        f.widths[i] = 0;
        continue;
      }
      drawText(f, cell.text, x, y, x1, packColor(cell.fg), packColor(cell.bg), cell.attrs ?? 0);
    }
  }
  if (box.screen) drawBoxScreen(f, box.screen, now);
  else f.cursor.visible = false; // a menu hides the cursor, as tmux's
}

function drawBoxScreen(f: Frame, s: NonNullable<BoxView["screen"]>, now: number): void {
  const cache = paneCache(s.terminal);
  if (cache.holdRemaining(now) <= 0) cache.refresh(undefined);
  const x0 = Math.max(0, s.x);
  const x1 = Math.min(f.cols, s.x + s.width);
  const sx = x0 - s.x;
  const n = Math.min(x1 - x0, cache.cols - sx);
  const fg = packColor(s.fg);
  const bg = packColor(s.bg);
  for (let y = Math.max(0, s.y); y < Math.min(f.rows, s.y + s.height); y++) {
    const sy = y - s.y;
    if (sy >= cache.rows || n <= 0) continue;
    const at = y * f.cols + x0;
    copyRow(f, cache, at, sy * cache.cols + sx, n);
    // The program's default colours are the popup's style.
    for (let i = at; i < at + n; i++) {
      if (f.fg[i] === COLOR_DEFAULT) f.fg[i] = fg;
      if (f.bg[i] === COLOR_DEFAULT) f.bg[i] = bg;
    }
  }
  f.cursor.visible = false;
  const c = cache.cursor;
  if (!s.cursor || !c.visible) return;
  const cx = s.x + c.x;
  const cy = s.y + c.y;
  if (cx < x0 || cx >= x1 || cy < s.y || cy >= s.y + s.height || cy >= f.rows) return;
  Object.assign(f.cursor, { x: cx, y: cy, visible: true, shape: c.shape, blink: c.blink });
}

function drawPane(f: Frame, pane: PaneView, area: Area, now: number): void {
  const cache = paneCache(pane.terminal);
  const held = cache.holdRemaining(now);
  if (held > 0) f.holdMs = f.holdMs === 0 ? held : Math.min(f.holdMs, held);
  else cache.refresh(pane.scrollOffset, pane.buffer);
  const r = paneRect(pane, area, cache);
  if (!r) return;
  const { x0, y0, x1, y1, sx, copyW } = r;
  const cols = f.cols;
  const mark = pane.active ? 2 : 1;
  // A pane as wide as the frame (the common single pane) is one block of rows: copy it at once.
  const blockRows = x0 === 0 && copyW === cols && cache.cols === cols ? Math.min(y1, pane.y + cache.rows) - y0 : 0;
  if (blockRows > 0) {
    copyCells(f, y0 * cols, cache, (y0 - pane.y) * cols, blockRows * cols);
  }
  for (let y = y0; y < y1; y++) {
    const at = y * cols + x0;
    cover.fill(mark, at, at + (x1 - x0));
    const sy = y - pane.y;
    if (copyW <= 0 || sy >= cache.rows) continue;
    if (y - y0 >= blockRows) copyRow(f, cache, at, sy * cache.cols + sx, copyW); // else copied above; a full-width row has no cut wide char
    if (pane.style) applyStyle(f, at, x1 - x0, pane.style);
  }
  if (pane.replace) drawReplacement(f, pane.replace, x0, y0, x1, y1);
  if (pane.highlights) for (const h of pane.highlights) drawHighlight(f, pane, h, x0, y0, x1, y1);
  if (pane.indicator) drawIndicator(f, pane, pane.indicator, pane.indicatorStyle ?? INDICATOR_STYLE, x0, y0, x1, y1);
  if (pane.marks) for (const m of pane.marks) drawMark(f, pane, m, x0, y0, x1, y1);
  if (pane.active) placePaneCursor(f, pane, cache, r);
}

/** The part of a pane inside the window (frame cells [x0, x1) × [y0, y1)), and the terminal columns copied into it; null when none is. */
function paneRect(pane: PaneView, area: Area, cache: PaneCache): { x0: number; y0: number; x1: number; y1: number; sx: number; copyW: number } | null {
  if (!Number.isInteger(pane.x + pane.y + pane.width + pane.height)) throw new Error("pane rectangle must be whole cells");
  const x0 = Math.max(0, pane.x);
  const y0 = Math.max(area.wy, pane.y);
  const x1 = Math.min(pane.x + pane.width, area.winW);
  const y1 = Math.min(pane.y + pane.height, area.wy + area.winH);
  if (x1 <= x0 || y1 <= y0) return null;
  const sx = x0 - pane.x;
  return { x0, y0, x1, y1, sx, copyW: Math.min(x1 - x0, cache.cols - sx) };
}

/** Copies `n` cached cells from `from` to the frame at `at`; a wide char cut by the pane's edge becomes a space, never drawn into the neighbour. */
function copyRow(f: Frame, cache: PaneCache, at: number, from: number, n: number): void {
  if (n <= 0) return;
  copyCells(f, at, cache, from, n);
  const last = at + n - 1;
  if (f.widths[last] === 2) {
    f.chars[last] = SPACE;
    f.widths[last] = 1;
  }
  if (f.widths[at] === 0) {
    f.chars[at] = SPACE;
    f.widths[at] = 1;
  }
}

/** The active pane's cursor (copy mode's, or the program's) as the frame's, when inside the pane's visible part. */
function placePaneCursor(f: Frame, pane: PaneView, cache: PaneCache, r: { x0: number; y0: number; x1: number; y1: number }): void {
  const cur = f.cursor;
  if (pane.cursor) {
    const cx = pane.x + pane.cursor.x;
    const cy = pane.y + pane.cursor.y;
    cur.x = cx;
    cur.y = cy;
    cur.shape = "default";
    cur.blink = false;
    cur.visible = cx >= r.x0 && cx < r.x1 && cy >= r.y0 && cy < r.y1;
    return;
  }
  const c = cache.cursor;
  const cx = pane.x + c.x;
  const cy = pane.y + c.y;
  cur.x = cx;
  cur.y = cy;
  const own = c.shape === "default" ? pane.cursorStyle : undefined;
  cur.shape = own ? own.shape : c.shape;
  cur.blink = own ? own.blink : c.blink;
  cur.visible = c.visible && cx >= r.x0 && cx < r.x1 && cy >= r.y0 && cy < r.y1 && c.x < cache.cols && c.y >= 0;
}

function drawHighlight(f: Frame, pane: PaneView, h: Highlight, x0: number, y0: number, x1: number, y1: number): void {
  const y = pane.y + h.y;
  if (y < y0 || y >= y1) return;
  const from = Math.max(x0, pane.x + h.x);
  const to = Math.min(x1, pane.x + h.x + h.width);
  const fg = h.style ? h.style.fg : packColor(h.fg);
  const bg = h.style ? h.style.bg : packColor(h.bg);
  const attrs = h.style?.attrs ?? 0;
  for (let x = from; x < to; x++) {
    const i = y * f.cols + x;
    if (h.reverse) f.attrs[i] = (f.attrs[i] ?? 0) ^ Attr.inverse;
    else {
      f.fg[i] = fg;
      f.bg[i] = bg;
      if (attrs) f.attrs[i] = (f.attrs[i] ?? 0) | attrs;
    }
  }
}

/** At the top-right in mode-style; cut from the left when too long. */
function drawIndicator(f: Frame, pane: PaneView, text: string, st: CellStyle, x0: number, y0: number, x1: number, y1: number): void {
  const y = pane.y;
  if (y < y0 || y >= y1) return;
  const avail = x1 - x0;
  const shown = text.length > avail ? text.slice(text.length - avail) : text;
  const x = x1 - shown.length;
  // A wide char whose right half the indicator covers would leave half a glyph: blank it.
  const before = y * f.cols + x - 1;
  if (x > x0 && f.widths[before] === 2) {
    f.chars[before] = SPACE;
    f.widths[before] = 1;
  }
  drawText(f, shown, x, y, x1, st.fg, st.bg, st.attrs);
}

/** Blank the pane's visible part and draw `lines` from its top, the selected one reversed. */
function drawReplacement(f: Frame, r: { lines: string[]; selected: number; selectedStyle?: CellStyle }, x0: number, y0: number, x1: number, y1: number): void {
  for (let y = y0; y < y1; y++) {
    const at = y * f.cols;
    f.chars.fill(SPACE, at + x0, at + x1);
    f.widths.fill(1, at + x0, at + x1);
    f.fg.fill(COLOR_DEFAULT, at + x0, at + x1);
    f.bg.fill(COLOR_DEFAULT, at + x0, at + x1);
    f.attrs.fill(0, at + x0, at + x1);
    const line = r.lines[y - y0];
    if (line === undefined) continue;
    const selected = y - y0 === r.selected;
    const st = selected ? (r.selectedStyle ?? { fg: COLOR_DEFAULT, bg: COLOR_DEFAULT, attrs: Attr.inverse }) : DEFAULT_CELL_STYLE;
    const end = drawText(f, line, x0, y, x1, st.fg, st.bg, st.attrs);
    // The selected row is styled to the pane's edge, as tmux's: cleared in mode-style's bg alone (EL).
    if (selected && r.selectedStyle) for (let x = end; x < x1; x++) f.set(x, y, SPACE, COLOR_DEFAULT, st.bg, 0);
    else if (selected) for (let x = end; x < x1; x++) f.attrs[at + x] = Attr.inverse;
  }
}

/** A mark at its pane cell, inside the pane's visible part; wide chars it would cut in half are blanked. */
function drawMark(f: Frame, pane: PaneView, m: PaneMark, x0: number, y0: number, x1: number, y1: number): void {
  const y = pane.y + m.y;
  let x = pane.x + m.x;
  if (y < y0 || y >= y1) return;
  let text = m.text;
  if (x < x0) {
    text = text.slice(x0 - x);
    x = x0;
  }
  if (text.length > x1 - x) text = text.slice(0, Math.max(0, x1 - x));
  if (text.length === 0) return;
  const left = y * f.cols + x - 1;
  if (x > x0 && f.widths[left] === 2) {
    f.chars[left] = SPACE;
    f.widths[left] = 1;
  }
  const right = y * f.cols + x + text.length;
  if (x + text.length < x1 && f.widths[right] === 0) {
    f.chars[right] = SPACE;
    f.widths[right] = 1;
  }
  drawText(f, text, x, y, x1, packColor(m.fg), packColor(m.bg), 0);
}

/** The status lines in order, then a message or prompt over the last of them. */
function drawStatusLines(f: Frame, input: FrameInput, area: Area): void {
  const lines = input.status ?? [];
  for (let k = 0; k < lines.length && k < area.statusRows; k++) drawStyled(f, lines[k] as StyledCell[], 0, area.statusY + k, f.cols);
  const overlay = input.overlay;
  if (!overlay) return;
  const y = area.statusY + area.statusRows - 1;
  const row = y * f.cols;
  f.chars.fill(SPACE, row, row + f.cols);
  f.widths.fill(1, row, row + f.cols);
  f.fg.fill(COLOR_DEFAULT, row, row + f.cols);
  f.bg.fill(COLOR_DEFAULT, row, row + f.cols);
  f.attrs.fill(0, row, row + f.cols);
  drawStyled(f, overlay.cells, 0, y, f.cols);
  const cx = overlay.cursorX;
  if (cx !== undefined && cx >= 0 && cx < f.cols) {
    f.cursor.x = cx;
    f.cursor.y = y;
    f.cursor.visible = true;
    f.cursor.shape = "default";
    f.cursor.blink = false;
  }
}

/** Made at first use: creating one costs ~1.4 ms, and most status lines are plain ASCII. */
let segmenter: Intl.Segmenter | null = null;
// eslint-disable-next-line no-control-regex
const PLAIN = /^[\x20-\x7e]*$/;

/** Draws text from x, clipped before maxX; returns the next column. Controls become '?'. */
export function drawText(f: Frame, text: string, x: number, y: number, maxX: number, fg: number, bg: number, attrs: number): number {
  if (PLAIN.test(text)) {
    for (let k = 0; k < text.length && x < maxX; k++, x++) f.set(x, y, text.charCodeAt(k), fg, bg, attrs);
    return x;
  }
  segmenter ??= new Intl.Segmenter();
  for (const { segment } of segmenter.segment(text)) {
    const cp = segment.codePointAt(0) ?? SPACE;
    let w = Math.min(2, Bun.stringWidth(segment));
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) w = 1; // shown as '?'
    if (w === 0) continue;
    if (x + w > maxX) break;
    const ch = segment.length === 1 || (segment.length === 2 && cp > 0xffff) ? sanitizeCode(cp) : charId(segment);
    f.set(x, y, ch, fg, bg, attrs);
    if (w === 2) {
      f.widths[y * f.cols + x] = 2;
      f.set(x + 1, y, SPACER, fg, bg, attrs);
      f.widths[y * f.cols + x + 1] = 0;
    }
    x += w;
  }
  return x;
}
