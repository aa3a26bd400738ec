// Composes a client's frame: the visible panes' cells, the borders between
// them, the area outside the window, and the status (or message) line.

import type { Terminal } from "@xterm/headless";
import { Frame, copyCells, COLOR_DEFAULT, COLOR_P16, COLOR_P256, COLOR_RGB, SPACE, SPACER, Attr } from "./frame.ts";
import { charId, graphemeGeneration, sanitizeCode } from "./graphemes.ts";
import { paneCache, type PaneCache } from "./pane-cache.ts";

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
  /** Draw the cursor here (pane cells) instead of the program's cursor (copy mode). */
  cursor?: { x: number; y: number };
  /** Cells restyled on top of the pane's own or the replacement (a selection, search matches, the clock); pane cells. */
  highlights?: Highlight[];
  /** Text drawn at the pane's top-right corner in the mode style (copy mode's "[12/3400]"). */
  indicator?: string;
  /** Lines drawn instead of the pane's cells, `selected` in reverse video (choose-tree). */
  replace?: { lines: string[]; selected: number };
  /** Text drawn in the middle of the pane, white on `bg` (display-panes' numbers). */
  label?: { text: string; bg: Color };
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
}

export interface StatusSegment {
  text: string;
  fg?: Color;
  bg?: Color;
  bold?: boolean;
  reverse?: boolean;
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

/** A message or prompt drawn on the status row instead of the status. */
export interface Overlay {
  segments: StatusSegment[];
  /** Show the cursor on the overlay row at this column (a ':' prompt); absent = hidden. */
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
  status: StatusSegment[] | null;
  statusRight?: StatusSegment[];
  /** Fill colours of the status row; default black on green as tmux. */
  statusStyle?: { fg?: Color; bg?: Color };
  overlay?: Overlay;
  /** Boxes floating over the panes and the status line, in order (a menu, a popup). */
  boxes?: BoxView[];
  /** Border colour next to the active pane; default green as tmux. */
  activeBorderFg?: Color;
  /** Border colour elsewhere; default the terminal's default. */
  borderFg?: Color;
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

const DOT = 0xb7; // '·' fills the client beyond the window, as tmux does
// Box-drawing char by which neighbours are borders: bit 1 up, 2 down, 4 left, 8 right.
const BOX = [
  0x2502, 0x2502, 0x2502, 0x2502, 0x2500, 0x2518, 0x2510, 0x2524,
  0x2500, 0x2514, 0x250c, 0x251c, 0x2500, 0x2534, 0x252c, 0x253c,
];

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
 * (a mode's view, highlights, a replacement, a label).
 */
export function sameLayout(a: FrameInput, b: FrameInput): boolean {
  if (a.cols !== b.cols || a.rows !== b.rows || a.windowCols !== b.windowCols || a.windowRows !== b.windowRows) return false;
  if (a.status !== b.status || a.statusRight !== b.statusRight || a.statusStyle !== b.statusStyle || a.overlay !== b.overlay) return false;
  if (a.activeBorderFg !== b.activeBorderFg || a.borderFg !== b.borderFg || a.panes.length !== b.panes.length) return false;
  // A box covers panes' rows: compose it all (boxes are few and small).
  if (a.boxes?.length || b.boxes?.length) return false;
  for (let i = 0; i < a.panes.length; i++) {
    const p = a.panes[i]!;
    const q = b.panes[i]!;
    if (p.terminal !== q.terminal || p.x !== q.x || p.y !== q.y || p.width !== q.width || p.height !== q.height || p.active !== q.active) return false;
    if (hasExtras(p) || hasExtras(q)) return false;
  }
  return true;
}

function hasExtras(p: PaneView): boolean {
  return p.scrollOffset !== undefined || p.cursor !== undefined || p.highlights !== undefined || p.indicator !== undefined || p.replace !== undefined || p.label !== undefined;
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
    else cache.refresh(pane.scrollOffset);
    const seen = last.rows.get(cache);
    if (!seen || seen.length !== cache.rowVersion.length) return false;
  }
  const damage = f.damage && f.damage.length === f.rows ? f.damage : new Uint8Array(f.rows);
  damage.fill(0);
  f.damage = damage;
  f.holdMs = holdMs;
  resetCursor(f);
  const { winW, winH } = windowArea(input);
  for (const pane of input.panes) {
    const cache = paneCache(pane.terminal);
    const seen = last.rows.get(cache)!;
    const r = paneRect(pane, winW, winH, cache);
    if (r) {
      for (let y = r.y0; y < r.y1; y++) {
        const sy = y - pane.y;
        if (sy >= cache.rows || seen[sy] === cache.rowVersion[sy]) continue;
        copyRow(f, cache, y * f.cols + r.x0, sy * cache.cols + r.sx, r.copyW);
        damage[y] = 1;
      }
    }
    seen.set(cache.rowVersion);
    if (pane.active && r) placePaneCursor(f, pane, cache, r);
  }
  last.input = snapshot(input);
  return true;
}

/** The rows above the status row (if any), and the part of them the window takes. */
function windowArea(input: FrameInput): { hasStatusRow: boolean; areaRows: number; winW: number; winH: number } {
  const hasStatusRow = (input.status !== null || input.overlay !== undefined) && input.rows > 0;
  const areaRows = hasStatusRow ? input.rows - 1 : input.rows;
  return { hasStatusRow, areaRows, winW: Math.max(0, Math.min(input.windowCols, input.cols)), winH: Math.max(0, Math.min(input.windowRows, areaRows)) };
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
  const { hasStatusRow, areaRows, winW, winH } = windowArea(input);
  if (cover.length < cols * rows) cover = new Uint8Array(cols * rows);
  cover.fill(0, 0, cols * rows);
  const now = input.now ?? performance.now();
  for (const pane of input.panes) drawPane(f, pane, winW, winH, now);
  drawBorders(f, winW, winH, packColor(input.borderFg), packColor(input.activeBorderFg ?? "green"));
  for (let y = 0; y < areaRows; y++) {
    const from = y < winH ? winW : 0;
    for (let x = from; x < cols; x++) f.chars[y * cols + x] = DOT;
  }
  if (hasStatusRow) drawStatusRow(f, input, rows - 1);
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

function drawPane(f: Frame, pane: PaneView, winW: number, winH: number, now: number): void {
  const cache = paneCache(pane.terminal);
  const held = cache.holdRemaining(now);
  if (held > 0) f.holdMs = f.holdMs === 0 ? held : Math.min(f.holdMs, held);
  else cache.refresh(pane.scrollOffset);
  const r = paneRect(pane, winW, winH, cache);
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
    if (y - y0 < blockRows) continue; // copied above; a full-width row has no cut wide char
    copyRow(f, cache, at, sy * cache.cols + sx, copyW);
  }
  if (pane.replace) drawReplacement(f, pane.replace, x0, y0, x1, y1);
  if (pane.highlights) for (const h of pane.highlights) drawHighlight(f, pane, h, x0, y0, x1, y1);
  if (pane.indicator) drawIndicator(f, pane, pane.indicator, x0, y0, x1, y1);
  if (pane.label) drawLabel(f, pane, pane.label, x0, y0, x1, y1);
  if (pane.active) placePaneCursor(f, pane, cache, r);
}

/** The part of a pane inside the window (frame cells [x0, x1) × [y0, y1)), and the terminal columns copied into it; null when none is. */
function paneRect(pane: PaneView, winW: number, winH: number, cache: PaneCache): { x0: number; y0: number; x1: number; y1: number; sx: number; copyW: number } | null {
  if (!Number.isInteger(pane.x + pane.y + pane.width + pane.height)) throw new Error("pane rectangle must be whole cells");
  const x0 = Math.max(0, pane.x);
  const y0 = Math.max(0, pane.y);
  const x1 = Math.min(pane.x + pane.width, winW);
  const y1 = Math.min(pane.y + pane.height, winH);
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
  cur.shape = c.shape;
  cur.blink = c.blink;
  cur.visible = c.visible && cx >= r.x0 && cx < r.x1 && cy >= r.y0 && cy < r.y1 && c.x < cache.cols && c.y >= 0;
}

function drawHighlight(f: Frame, pane: PaneView, h: Highlight, x0: number, y0: number, x1: number, y1: number): void {
  const y = pane.y + h.y;
  if (y < y0 || y >= y1) return;
  const from = Math.max(x0, pane.x + h.x);
  const to = Math.min(x1, pane.x + h.x + h.width);
  const fg = packColor(h.fg);
  const bg = packColor(h.bg);
  for (let x = from; x < to; x++) {
    const i = y * f.cols + x;
    if (h.reverse) f.attrs[i] = (f.attrs[i] ?? 0) ^ Attr.inverse;
    else {
      f.fg[i] = fg;
      f.bg[i] = bg;
    }
  }
}

/** Black on yellow at the top-right, as tmux's mode-style; cut from the left when too long. */
function drawIndicator(f: Frame, pane: PaneView, text: string, x0: number, y0: number, x1: number, y1: number): void {
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
  drawText(f, shown, x, y, x1, packColor("black"), packColor("yellow"), 0);
}

/** Blank the pane's visible part and draw `lines` from its top, the selected one reversed. */
function drawReplacement(f: Frame, r: { lines: string[]; selected: number }, x0: number, y0: number, x1: number, y1: number): void {
  for (let y = y0; y < y1; y++) {
    const at = y * f.cols;
    f.chars.fill(SPACE, at + x0, at + x1);
    f.widths.fill(1, at + x0, at + x1);
    f.fg.fill(COLOR_DEFAULT, at + x0, at + x1);
    f.bg.fill(COLOR_DEFAULT, at + x0, at + x1);
    f.attrs.fill(0, at + x0, at + x1);
    const line = r.lines[y - y0];
    if (line === undefined) continue;
    const attrs = y - y0 === r.selected ? Attr.inverse : 0;
    const end = drawText(f, line, x0, y, x1, COLOR_DEFAULT, COLOR_DEFAULT, attrs);
    if (attrs) for (let x = end; x < x1; x++) f.attrs[at + x] = attrs; // the whole row, as tmux's
  }
}

/** A label centred in the pane's visible part; wide chars it would cut in half are blanked. */
function drawLabel(f: Frame, pane: PaneView, label: { text: string; bg: Color }, x0: number, y0: number, x1: number, y1: number): void {
  const text = label.text.length > x1 - x0 ? label.text.slice(0, x1 - x0) : label.text;
  const y = y0 + ((y1 - y0 - 1) >> 1);
  const x = x0 + ((x1 - x0 - text.length) >> 1);
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
  drawText(f, text, x, y, x1, packColor("white"), packColor(label.bg), Attr.bold);
}

function drawBorders(f: Frame, winW: number, winH: number, fg: number, activeFg: number): void {
  const cols = f.cols;
  const isBorder = (x: number, y: number) => x >= 0 && y >= 0 && x < winW && y < winH && cover[y * cols + x] === 0;
  for (let y = 0; y < winH; y++) {
    for (let x = 0; x < winW; x++) {
      const i = y * cols + x;
      if (cover[i] !== 0) continue;
      const bits =
        (isBorder(x, y - 1) ? 1 : 0) |
        (isBorder(x, y + 1) ? 2 : 0) |
        (isBorder(x - 1, y) ? 4 : 0) |
        (isBorder(x + 1, y) ? 8 : 0);
      f.chars[i] = BOX[bits] ?? 0x2502;
      f.fg[i] = nextToActive(x, y, winW, winH, cols) ? activeFg : fg;
    }
  }
}

function nextToActive(x: number, y: number, winW: number, winH: number, cols: number): boolean {
  for (let dy = -1; dy <= 1; dy++) {
    const yy = y + dy;
    if (yy < 0 || yy >= winH) continue;
    for (let dx = -1; dx <= 1; dx++) {
      const xx = x + dx;
      if (xx >= 0 && xx < winW && cover[yy * cols + xx] === 2) return true;
    }
  }
  return false;
}

function drawStatusRow(f: Frame, input: FrameInput, y: number): void {
  const style = input.statusStyle;
  const fg = packColor(style?.fg ?? "black");
  const bg = packColor(style?.bg ?? "green");
  const cols = f.cols;
  const base = y * cols;
  f.fg.fill(fg, base, base + cols);
  f.bg.fill(bg, base, base + cols);
  if (input.overlay) {
    drawSegments(f, input.overlay.segments, 0, y, cols, fg, bg);
    const cx = input.overlay.cursorX;
    if (cx !== undefined && cx >= 0 && cx < cols) {
      f.cursor.x = cx;
      f.cursor.y = y;
      f.cursor.visible = true;
      f.cursor.shape = "default";
      f.cursor.blink = false;
    }
    return;
  }
  const right = input.statusRight ?? [];
  const rightW = segmentsWidth(right);
  const rightX = Math.max(0, cols - rightW);
  drawSegments(f, input.status ?? [], 0, y, rightX, fg, bg);
  drawSegments(f, right, rightX, y, cols, fg, bg);
}

/** Made at first use: creating one costs ~1.4 ms, and most status lines are plain ASCII. */
let segmenter: Intl.Segmenter | null = null;
// eslint-disable-next-line no-control-regex
const PLAIN = /^[\x20-\x7e]*$/;

function segmentsWidth(segs: StatusSegment[]): number {
  let w = 0;
  for (const s of segs) w += PLAIN.test(s.text) ? s.text.length : Bun.stringWidth(s.text);
  return w;
}

function drawSegments(f: Frame, segs: StatusSegment[], x: number, y: number, maxX: number, fg0: number, bg0: number): number {
  for (const s of segs) {
    const fg = s.fg === undefined ? fg0 : packColor(s.fg);
    const bg = s.bg === undefined ? bg0 : packColor(s.bg);
    const attrs = (s.bold ? Attr.bold : 0) | (s.reverse ? Attr.inverse : 0);
    x = drawText(f, s.text, x, y, maxX, fg, bg, attrs);
  }
  return x;
}

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
