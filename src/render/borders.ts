// Pane borders as tmux 3.3a's screen-redraw.c draws them: the glyph of each border cell from its
// neighbours (pane-border-lines), the active pane's border in pane-active-border-style (with
// two panes, each owns half of the shared border), arrows (pane-border-indicators), the window's
// edge when the client is larger, and each pane's title line (pane-border-status).

import { Attr, SPACE, type Frame } from "./frame.ts";
import { drawStyled, type CellStyle, type StyledCell } from "./styled.ts";

export type BorderLines = "single" | "double" | "heavy" | "simple" | "number";
export type BorderIndicators = "off" | "colour" | "arrows" | "both";
export type PaneBorderStatus = "off" | "top" | "bottom";

/** The window's border options, in the frame's form. */
export interface BorderOptions {
  style: CellStyle;
  activeStyle: CellStyle;
  lines: BorderLines;
  indicators: BorderIndicators;
  status: PaneBorderStatus;
}

/** A pane as the borders see it: window cells, its pane index, its title line. */
export interface BorderPane {
  x: number;
  y: number;
  width: number;
  height: number;
  active: boolean;
  index?: number;
  /** The marked pane (select-pane -m): its border is drawn in reverse. */
  marked?: boolean;
  borderStatus?: { cells: readonly StyledCell[]; style: CellStyle };
}

// tmux's CELL_* types.
const TOPBOTTOM = 1, LEFTRIGHT = 2, BOTTOMRIGHT = 6, TOPJOIN = 7, BOTTOMJOIN = 8, LEFTJOIN = 9, RIGHTJOIN = 10, OUTSIDE = 12;
// Cell type by which neighbours are borders: bit 1 up, 2 down, 4 left, 8 right (a lone or
// missing neighbour keeps the vertical line, as before any pane status).
const TYPE_BY_BITS = [1, 1, 1, 1, 2, 6, 4, 10, 2, 5, 3, 9, 2, 8, 7, 11];

const GLYPHS: Record<Exclude<BorderLines, "number">, readonly string[]> = {
  single: [" ", "│", "─", "┌", "┐", "└", "┘", "┬", "┴", "├", "┤", "┼", "·"],
  double: [" ", "║", "═", "╔", "╗", "╚", "╝", "╦", "╩", "╠", "╣", "╬", "·"],
  heavy: [" ", "┃", "━", "┏", "┓", "┗", "┛", "┳", "┻", "┣", "┫", "╋", "·"],
  simple: [" ", "|", "-", "+", "+", "+", "+", "+", "+", "+", "+", "+", "."],
};
const GLYPH_CODES = Object.fromEntries(Object.entries(GLYPHS).map(([k, v]) => [k, v.map((g) => g.codePointAt(0) ?? SPACE)])) as Record<keyof typeof GLYPHS, number[]>;

// screen_redraw_border_type.
const B_OUTSIDE = 0, B_INSIDE = 1, B_LEFT = 2, B_RIGHT = 3, B_TOP = 4, B_BOTTOM = 5;
// BORDER_MARKERS as the alternate charset draws them: arrows pointing into the active pane.
const MARKERS = [SPACE, SPACE, 0x2192, 0x2190, 0x2193, 0x2191];

export const DOT = 0xb7;

interface Geometry {
  /** Frame row of the window's top. */
  wy: number;
  winW: number;
  winH: number;
  /** The area's rows (the window and any rows below it, above the status line). */
  areaRows: number;
  cover: Uint8Array;
}

/** Borders inside the window and along its edge, the fill outside it, then the panes' title lines. */
export function drawBorders(f: Frame, g: Geometry, panes: readonly BorderPane[], o: BorderOptions): void {
  const cols = f.cols;
  const { wy, winW, winH, cover } = g;
  const isBorder = (x: number, y: number) => x >= 0 && y >= 0 && x < winW && y < winH && cover[(wy + y) * cols + x] === 0;
  const active = panes.find((p) => p.active) ?? null;
  const marked = panes.find((p) => p.marked) ?? null;
  const split = o.status === "off" && (o.indicators === "colour" || o.indicators === "both") ? twoPanes(panes) : null;
  const arrows = o.indicators === "arrows" || o.indicators === "both";
  const glyphs = o.lines === "number" ? null : GLYPH_CODES[o.lines];
  for (let y = 0; y < winH; y++) {
    for (let x = 0; x < winW; x++) {
      const i = (wy + y) * cols + x;
      if (cover[i] !== 0) continue;
      const bits = (isBorder(x, y - 1) ? 1 : 0) | (isBorder(x, y + 1) ? 2 : 0) | (isBorder(x - 1, y) ? 4 : 0) | (isBorder(x + 1, y) ? 8 : 0);
      const type = TYPE_BY_BITS[bits] ?? TOPBOTTOM;
      const on = active !== null && paneBorder(active, x, y, o.status, split) > B_INSIDE;
      const st = on ? o.activeStyle : o.style;
      let ch = glyphs ? (glyphs[type] ?? SPACE) : numberGlyph(owner(panes, active, x, y, o.status, split));
      if (arrows && on && active) {
        const own = owner(panes, active, x, y, o.status, split);
        if (own && arrowAt(own, x, y, type, paneBorder(active, x, y, o.status, split))) ch = MARKERS[paneBorder(active, x, y, o.status, split)] ?? ch;
      }
      const reverse = marked !== null && paneBorder(marked, x, y, o.status, split) > B_INSIDE ? Attr.inverse : 0;
      f.set(x, wy + y, ch, st.fg, st.bg, st.attrs ^ reverse);
    }
  }
  drawOutside(f, g, o, glyphs, isBorder);
  if (o.status !== "off") for (const p of panes) drawPaneStatus(f, g, p, o.status);
}

/** screen_redraw_two_panes: "lr" or "tb" when the window has two panes side by side or stacked. */
function twoPanes(panes: readonly BorderPane[]): "lr" | "tb" | null {
  if (panes.length !== 2) return null;
  const second = panes[1] as BorderPane;
  return second.x !== 0 ? "lr" : second.y !== 0 ? "tb" : null;
}

/** screen_redraw_pane_border: where (x, y) lies in relation to pane p (window cells). */
function paneBorder(p: BorderPane, x: number, y: number, status: PaneBorderStatus, split: "lr" | "tb" | null): number {
  const ex = p.x + p.width;
  const ey = p.y + p.height;
  if (x >= p.x && x < ex && y >= p.y && y < ey) return B_INSIDE;
  if (split === "lr") {
    if (p.x === 0 && x === p.width && y <= p.height >> 1) return B_RIGHT;
    if (p.x !== 0 && x === p.x - 1 && y > p.height >> 1) return B_LEFT;
  } else if ((p.y === 0 || y >= p.y - 1) && y <= ey) {
    if (p.x !== 0 && x === p.x - 1) return B_LEFT;
    if (x === ex) return B_RIGHT;
  }
  if (split === "tb") {
    if (p.y === 0 && y === p.height && x <= p.width >> 1) return B_BOTTOM;
    if (p.y !== 0 && y === p.y - 1 && x > p.width >> 1) return B_TOP;
  } else if ((p.x === 0 || x >= p.x - 1) && x <= ex) {
    if (status !== "bottom" && p.y !== 0 && y === p.y - 1) return B_TOP;
    if (status !== "top" && y === ey) return B_BOTTOM;
  }
  return B_OUTSIDE;
}

/** The pane a border cell belongs to (screen_redraw_check_cell): the first, from the active one on, whose border it is. */
function owner(panes: readonly BorderPane[], active: BorderPane | null, x: number, y: number, status: PaneBorderStatus, split: "lr" | "tb" | null): BorderPane | null {
  const start = active ? panes.indexOf(active) : 0;
  for (let k = 0; k < panes.length; k++) {
    const p = panes[(start + k) % panes.length] as BorderPane;
    if (paneBorder(p, x, y, status, split) > B_INSIDE) return p;
  }
  return null;
}

/** pane-border-lines number: the owner's pane index, last digit, or * without one. */
function numberGlyph(p: BorderPane | null): number {
  return p?.index !== undefined ? 0x30 + (p.index % 10) : 0x2a;
}

/** Where tmux puts an arrow: one cell in from the owner's corner, on a line running the right way. */
function arrowAt(own: BorderPane, x: number, y: number, type: number, border: number): boolean {
  const horizontal = type === LEFTRIGHT || (type === TOPJOIN && border === B_BOTTOM) || (type === BOTTOMJOIN && border === B_TOP);
  const vertical = type === TOPBOTTOM || (type === LEFTJOIN && border === B_RIGHT) || (type === RIGHTJOIN && border === B_LEFT);
  return (x === own.x + 1 && horizontal) || (y === own.y + 1 && vertical);
}

/**
 * Past a window smaller than the client: its right and bottom edges as border lines, the rest
 * filled with dots, all in pane-border-style (no pane owns them).
 */
function drawOutside(f: Frame, g: Geometry, o: BorderOptions, glyphs: number[] | null, isBorder: (x: number, y: number) => boolean): void {
  const { wy, winW, winH, areaRows } = g;
  const st = o.style;
  for (let y = 0; y < areaRows; y++) {
    for (let x = y < winH ? winW : 0; x < f.cols; x++) {
      const type = edgeType(x, y, winW, winH, isBorder);
      const ch = type === OUTSIDE ? DOT : glyphs ? (glyphs[type] ?? DOT) : 0x2a;
      f.set(x, wy + y, ch, st.fg, st.bg, st.attrs);
    }
  }
}

/** A cell past the window: its right edge, its bottom edge (joined to the borders that meet them), or outside. */
function edgeType(x: number, y: number, winW: number, winH: number, isBorder: (x: number, y: number) => boolean): number {
  if (x === winW && y < winH) return isBorder(x - 1, y) ? RIGHTJOIN : TOPBOTTOM;
  if (y === winH && x < winW) return isBorder(x, y - 1) ? BOTTOMJOIN : LEFTRIGHT;
  if (x === winW && y === winH) return BOTTOMRIGHT;
  return OUTSIDE;
}

/** pane-border-status: the pane's title, drawn from two cells in on the border line above or below it. */
function drawPaneStatus(f: Frame, g: Geometry, p: BorderPane, status: PaneBorderStatus): void {
  const bs = p.borderStatus;
  if (!bs || p.width < 4) return;
  const y = status === "top" ? p.y - 1 : p.y + p.height;
  if (y < 0 || y >= g.winH) return;
  const fy = g.wy + y;
  const x0 = p.x + 2;
  const x1 = Math.min(x0 + p.width - 4, g.winW);
  const row = fy * f.cols;
  for (let x = x0; x < x1; x++) {
    f.fg[row + x] = bs.style.fg;
    f.bg[row + x] = bs.style.bg;
    f.attrs[row + x] = bs.style.attrs;
  }
  drawStyled(f, bs.cells, x0, fy, x1);
}
