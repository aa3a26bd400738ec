// The window layout tree: rows and columns of cells with pane leaves, ported
// from tmux 3.3a (layout.c, layout-set.c, layout-custom.c) so sizes, split
// rounding, resize behaviour and #{window_layout} strings match tmux exactly.
// One file, longer than most: the tree's cells and the operations on them (split, resize,
// presets, the layout string) share private helpers, as tmux's three files share layout.c's.

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type Direction = "L" | "R" | "U" | "D";

export type LayoutName = "even-horizontal" | "even-vertical" | "main-horizontal" | "main-vertical" | "tiled";

export const LAYOUT_NAMES: readonly LayoutName[] = [
  "even-horizontal",
  "even-vertical",
  "main-horizontal",
  "main-vertical",
  "tiled",
];

/** A size option as tmux takes it: cells, or a percentage string like "30%". */
export type SizeOption = number | string;

export interface ApplyOptions {
  mainPaneWidth?: SizeOption; // tmux default 80
  mainPaneHeight?: SizeOption; // tmux default 24
  otherPaneWidth?: SizeOption; // tmux default 0 (unset)
  otherPaneHeight?: SizeOption; // tmux default 0 (unset)
}

export interface SplitOptions {
  horizontal: boolean; // -h: side by side
  before?: boolean; // -b: new pane left of / above the target
  fullSize?: boolean; // -f: split the whole window, not the target pane
  size?: { cells: number } | { percent: number }; // size of the NEW pane
}

export class LayoutError extends Error {
  override name = "LayoutError";
}

// tmux's PANE_MINIMUM: a pane is at least one cell wide and high.
const PANE_MINIMUM = 1;

type CellType = "lr" | "tb" | "pane";
type Axis = "lr" | "tb";

class Cell {
  type: CellType = "pane";
  parent: Cell | null;
  children: Cell[] = [];
  pane: number | null = null;
  sx = 0;
  sy = 0;
  xoff = 0;
  yoff = 0;

  constructor(parent: Cell | null) {
    this.parent = parent;
  }

  next(): Cell | null {
    const sib = this.parent?.children;
    if (!sib) return null;
    return sib[sib.indexOf(this) + 1] ?? null;
  }

  prev(): Cell | null {
    const sib = this.parent?.children;
    if (!sib) return null;
    const i = sib.indexOf(this);
    return i > 0 ? (sib[i - 1] ?? null) : null;
  }

  isLast(): boolean {
    const sib = this.parent?.children;
    return sib !== undefined && sib[sib.length - 1] === this;
  }

  setSize(sx: number, sy: number, xoff: number, yoff: number): void {
    this.sx = sx;
    this.sy = sy;
    this.xoff = xoff;
    this.yoff = yoff;
  }

  makeLeaf(pane: number): void {
    this.type = "pane";
    this.children = [];
    this.pane = pane;
  }

  makeNode(type: Axis): void {
    this.type = type;
    this.children = [];
    this.pane = null;
  }

  size(axis: Axis): number {
    return axis === "lr" ? this.sx : this.sy;
  }
}

function leaves(cell: Cell, out: Cell[] = []): Cell[] {
  if (cell.type === "pane") out.push(cell);
  else for (const c of cell.children) leaves(c, out);
  return out;
}

function replaceChild(parent: Cell, old: Cell, repl: Cell): void {
  const i = parent.children.indexOf(old);
  parent.children[i] = repl;
  repl.parent = parent;
}

// ---- the tmux algorithms, on cells ----

/** How much a cell can shrink along `axis` (layout_resize_check). */
function resizeCheck(lc: Cell, axis: Axis): number {
  if (lc.type === "pane") {
    const available = lc.size(axis);
    return available > PANE_MINIMUM ? available - PANE_MINIMUM : 0;
  }
  if (lc.type === axis) {
    let available = 0;
    for (const c of lc.children) available += resizeCheck(c, axis);
    return available;
  }
  let minimum = Number.MAX_SAFE_INTEGER;
  for (const c of lc.children) minimum = Math.min(minimum, resizeCheck(c, axis));
  return minimum;
}

/** Grow or shrink a cell and its children evenly (layout_resize_adjust). */
function resizeAdjust(lc: Cell, axis: Axis, change: number): void {
  if (axis === "lr") lc.sx += change;
  else lc.sy += change;
  if (lc.type === "pane") return;
  if (lc.type !== axis) {
    for (const c of lc.children) resizeAdjust(c, axis, change);
    return;
  }
  // Same direction: one cell at a time to each child until done.
  while (change !== 0) {
    let progressed = false;
    for (const c of lc.children) {
      if (change === 0) break;
      if (change > 0) {
        resizeAdjust(c, axis, 1);
        change--;
        progressed = true;
        continue;
      }
      if (resizeCheck(c, axis) > 0) {
        resizeAdjust(c, axis, -1);
        change++;
        progressed = true;
      }
    }
    if (!progressed) break; // callers bound the change; never spin
  }
}

function fixOffsets1(lc: Cell): void {
  if (lc.type === "lr") {
    let xoff = lc.xoff;
    for (const c of lc.children) {
      c.xoff = xoff;
      c.yoff = lc.yoff;
      if (c.type !== "pane") fixOffsets1(c);
      xoff += c.sx + 1;
    }
  } else {
    let yoff = lc.yoff;
    for (const c of lc.children) {
      c.xoff = lc.xoff;
      c.yoff = yoff;
      if (c.type !== "pane") fixOffsets1(c);
      yoff += c.sy + 1;
    }
  }
}

/** layout_new_pane_size: a child's share when its parent changes size. */
function newPaneSize(
  previous: number,
  lc: Cell,
  axis: Axis,
  size: number,
  countLeft: number,
  sizeLeft: number,
): number {
  if (countLeft === 1) return sizeLeft;
  const available = resizeCheck(lc, axis);
  let min = (PANE_MINIMUM + 1) * (countLeft - 1);
  const cur = lc.size(axis);
  if (cur - available > min) min = cur - available;
  let newSize = Math.floor((cur * size) / previous);
  const max = sizeLeft - min;
  if (newSize > max) newSize = max;
  if (newSize < PANE_MINIMUM) newSize = PANE_MINIMUM;
  return newSize;
}

/** layout_set_size_check: can the cell take `size` along `axis`? */
function setSizeCheck(lc: Cell, axis: Axis, size: number): boolean {
  if (lc.type === "pane") return size >= PANE_MINIMUM;
  let available = size;
  const count = lc.children.length;
  if (lc.type === axis) {
    if (available < count * 2 - 1) return false;
    const previous = lc.size(axis);
    let idx = 0;
    for (const c of lc.children) {
      const newSize = newPaneSize(previous, c, axis, size, count - idx, available);
      if (idx === count - 1) {
        if (newSize > available) return false;
        available -= newSize;
      } else {
        if (newSize + 1 > available) return false;
        available -= newSize + 1;
      }
      if (!setSizeCheck(c, axis, newSize)) return false;
      idx++;
    }
  } else {
    for (const c of lc.children) {
      if (c.type === "pane") continue;
      if (!setSizeCheck(c, axis, size)) return false;
    }
  }
  return true;
}

/** layout_resize_child_cells: fit children into the cell's current size. */
function resizeChildCells(lc: Cell): void {
  if (lc.type === "pane") return;
  const count = lc.children.length;
  let previous = 0;
  for (const c of lc.children) previous += lc.type === "lr" ? c.sx : c.sy;
  previous += count - 1;
  let available = lc.type === "lr" ? lc.sx : lc.sy;
  let idx = 0;
  for (const c of lc.children) {
    if (lc.type === "tb") {
      c.sx = lc.sx;
      c.xoff = lc.xoff;
    } else {
      c.sx = newPaneSize(previous, c, lc.type, lc.sx, count - idx, available);
      available -= c.sx + 1;
    }
    if (lc.type === "lr") c.sy = lc.sy;
    else {
      c.sy = newPaneSize(previous, c, lc.type, lc.sy, count - idx, available);
      available -= c.sy + 1;
    }
    resizeChildCells(c);
    idx++;
  }
}

/** layout_spread_cell: make a container's children even. */
function spreadCell(parent: Cell): boolean {
  const number = parent.children.length;
  if (number <= 1 || parent.type === "pane") return false;
  const size = parent.size(parent.type);
  if (size < number - 1) return false;
  let each = Math.floor((size - (number - 1)) / number);
  if (each === 0) return false;
  let changed = false;
  parent.children.forEach((lc, i) => {
    if (i === number - 1) each = size - (each + 1) * (number - 1);
    const axis = parent.type as Axis;
    const change = each - lc.size(axis);
    resizeAdjust(lc, axis, change);
    if (change !== 0) changed = true;
  });
  return changed;
}

function resizePaneGrow(lc: Cell, axis: Axis, needed: number, opposite: boolean): number {
  let size = 0;
  let remove = lc.next();
  while (remove !== null) {
    size = resizeCheck(remove, axis);
    if (size > 0) break;
    remove = remove.next();
  }
  if (opposite && remove === null) {
    remove = lc.prev();
    while (remove !== null) {
      size = resizeCheck(remove, axis);
      if (size > 0) break;
      remove = remove.prev();
    }
  }
  if (remove === null) return 0;
  if (size > needed) size = needed;
  resizeAdjust(lc, axis, size);
  resizeAdjust(remove, axis, -size);
  return size;
}

function resizePaneShrink(lc: Cell, axis: Axis, needed: number): number {
  let remove: Cell | null = lc;
  let size = 0;
  do {
    size = resizeCheck(remove, axis);
    if (size !== 0) break;
    remove = remove.prev();
  } while (remove !== null);
  if (remove === null) return 0;
  const add = lc.next();
  if (add === null) return 0;
  if (size > -needed) size = -needed;
  resizeAdjust(add, axis, size);
  resizeAdjust(remove, axis, -size);
  return size;
}

// ---- layout strings (layout-custom.c) ----

/** tmux's layout_checksum: a 16-bit rotate-and-add over the string. */
export function layoutChecksum(s: string): number {
  let csum = 0;
  for (let i = 0; i < s.length; i++) {
    csum = ((csum >> 1) + ((csum & 1) << 15)) & 0xffff;
    csum = (csum + s.charCodeAt(i)) & 0xffff;
  }
  return csum;
}

function dumpCell(lc: Cell): string {
  let s = `${lc.sx}x${lc.sy},${lc.xoff},${lc.yoff}`;
  if (lc.type === "pane") return `${s},${lc.pane}`;
  const [open, close] = lc.type === "lr" ? ["{", "}"] : ["[", "]"];
  s += open + lc.children.map(dumpCell).join(",") + close;
  return s;
}

class Parser {
  pos = 0;
  constructor(readonly s: string) {}

  private number(): number | null {
    const start = this.pos;
    while (this.pos < this.s.length && /[0-9]/.test(this.s[this.pos] ?? "")) this.pos++;
    if (this.pos === start) return null;
    return Number.parseInt(this.s.slice(start, this.pos), 10);
  }

  private expect(ch: string): boolean {
    if (this.s[this.pos] !== ch) return false;
    this.pos++;
    return true;
  }

  /** layout_construct: "WxH,X,Y[,ID]" then optionally {...} or [...]. */
  cell(parent: Cell | null): Cell | null {
    const sx = this.number();
    if (sx === null || !this.expect("x")) return null;
    const sy = this.number();
    if (sy === null || !this.expect(",")) return null;
    const xoff = this.number();
    if (xoff === null || !this.expect(",")) return null;
    const yoff = this.number();
    if (yoff === null) return null;
    const lc = new Cell(parent);
    lc.setSize(sx, sy, xoff, yoff);
    if (this.s[this.pos] === ",") {
      // ",ID" unless this comma starts the next sibling ("WxH...").
      const saved = this.pos;
      this.pos++;
      const id = this.number();
      if (id === null || this.s[this.pos] === "x") this.pos = saved;
      else lc.pane = id;
    }
    const ch = this.s[this.pos];
    if (ch === undefined || ch === "," || ch === "}" || ch === "]") {
      lc.type = "pane";
      return lc;
    }
    if (ch !== "{" && ch !== "[") return null;
    lc.type = ch === "{" ? "lr" : "tb";
    lc.pane = null;
    do {
      this.pos++;
      const child = this.cell(lc);
      if (child === null) return null;
      lc.children.push(child);
    } while (this.s[this.pos] === ",");
    if (!this.expect(lc.type === "lr" ? "}" : "]")) return null;
    return lc;
  }
}

/** layout_check: do the children of every container exactly fill it? */
function checkCell(lc: Cell): boolean {
  if (lc.type === "pane") return true;
  let n = 0;
  for (const c of lc.children) {
    if (lc.type === "lr" ? c.sy !== lc.sy : c.sx !== lc.sx) return false;
    if (!checkCell(c)) return false;
    n += (lc.type === "lr" ? c.sx : c.sy) + 1;
  }
  return n - 1 === (lc.type === "lr" ? lc.sx : lc.sy);
}

function parseSizeOption(value: SizeOption | undefined, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value === "number") {
    return Number.isInteger(value) && value >= 0 && value <= max ? value : fallback;
  }
  const m = /^(\d+)(%?)$/.exec(value.trim());
  if (!m) return fallback;
  const n = Number.parseInt(m[1] ?? "", 10);
  if (m[2] === "%") return n <= 100 ? Math.floor((max * n) / 100) : fallback;
  return n <= max ? n : fallback;
}

export class Layout {
  private root: Cell;
  // The window's size: what resize() asked for, but never smaller than the
  // layout (tmux's resize_window). want* is the size last asked for.
  private _cols: number;
  private _rows: number;
  private wantCols: number;
  private wantRows: number;

  constructor(firstPane: number, cols: number, rows: number) {
    this._cols = this.wantCols = cols;
    this._rows = this.wantRows = rows;
    this.root = new Cell(null);
    this.root.setSize(cols, rows, 0, 0);
    this.root.makeLeaf(firstPane);
  }

  /**
   * Window size: the size last given to resize(), or larger when the panes
   * cannot shrink that far (then rects() extend past it, as in tmux).
   */
  get cols(): number {
    return this._cols;
  }

  get rows(): number {
    return this._rows;
  }

  /** Panes depth-first, left-to-right / top-to-bottom: tmux's pane_index order. */
  panes(): number[] {
    return leaves(this.root).map((c) => c.pane ?? -1);
  }

  has(pane: number): boolean {
    return this.find(pane) !== null;
  }

  rects(): Map<number, Rect> {
    const out = new Map<number, Rect>();
    for (const c of leaves(this.root)) {
      if (c.pane !== null) out.set(c.pane, { x: c.xoff, y: c.yoff, width: c.sx, height: c.sy });
    }
    return out;
  }

  /** layout_cell_is_top / _bottom: no pane lies between this one and the window's top (bottom) edge. */
  atEdge(pane: number, edge: "top" | "bottom"): boolean {
    let c = this.find(pane);
    while (c?.parent) {
      const sib = c.parent.children;
      if (c.parent.type === "tb" && c !== (edge === "top" ? sib[0] : sib[sib.length - 1])) return false;
      c = c.parent;
    }
    return c !== null;
  }

  rect(pane: number): Rect | null {
    const c = this.find(pane);
    return c ? { x: c.xoff, y: c.yoff, width: c.sx, height: c.sy } : null;
  }

  /** layout_split_pane + layout_assign_pane. */
  split(target: number, newPane: number, opts: SplitOptions): void {
    const tc = this.mustFind(target);
    if (this.find(newPane)) throw new LayoutError(`pane ${newPane} is already in the layout`);
    const axis: Axis = opts.horizontal ? "lr" : "tb";
    const lc = opts.fullSize ? this.root : tc;
    const { sx, sy, xoff, yoff } = lc;
    if ((axis === "lr" ? sx : sy) < PANE_MINIMUM * 2 + 1) throw new LayoutError("no space for new pane");

    let size = -1;
    if (opts.size && "cells" in opts.size) size = Math.max(0, Math.floor(opts.size.cells));
    else if (opts.size && "percent" in opts.size) {
      // cmd-split-window.c: a percentage of the target pane (-f: the window).
      const base = opts.fullSize ? (axis === "lr" ? this._cols : this._rows) : tc.size(axis);
      size = Math.floor((base * Math.max(0, Math.floor(opts.size.percent))) / 100);
    }

    const saved = axis === "lr" ? sx : sy;
    let size2: number;
    if (size < 0) size2 = Math.floor((saved + 1) / 2) - 1;
    else if (opts.before) size2 = saved - size - 1;
    else size2 = size;
    // tmux does this in unsigned arithmetic: a -b size larger than the pane
    // wraps around and is clamped to the maximum, leaving the new pane 1 cell.
    if (size2 < 0) size2 = saved - 2;
    else if (size2 < PANE_MINIMUM) size2 = PANE_MINIMUM;
    else if (size2 > saved - 2) size2 = saved - 2;
    const size1 = saved - 1 - size2;
    const newSize = opts.before ? size2 : size1;

    if (opts.fullSize && !setSizeCheck(lc, axis, newSize)) throw new LayoutError("no space for new pane");

    let lcnew: Cell;
    let resizeFirst = false;
    if (lc.parent !== null && lc.parent.type === axis) {
      const parent = lc.parent;
      lcnew = new Cell(parent);
      const i = parent.children.indexOf(lc);
      parent.children.splice(opts.before ? i : i + 1, 0, lcnew);
    } else if (opts.fullSize && lc.parent === null && lc.type === axis) {
      // Same direction as the root: resize the root's children, then add.
      if (axis === "lr") {
        lc.sx = newSize;
        resizeChildCells(lc);
        lc.sx = saved;
      } else {
        lc.sy = newSize;
        resizeChildCells(lc);
        lc.sy = saved;
      }
      resizeFirst = true;
      lcnew = new Cell(lc);
      const rest = saved - 1 - newSize;
      if (axis === "lr") lcnew.setSize(rest, sy, 0, 0);
      else lcnew.setSize(sx, rest, 0, 0);
      if (opts.before) lc.children.unshift(lcnew);
      else lc.children.push(lcnew);
    } else {
      const parent = new Cell(lc.parent);
      parent.makeNode(axis);
      parent.setSize(sx, sy, xoff, yoff);
      if (lc.parent === null) this.root = parent;
      else replaceChild(lc.parent, lc, parent);
      lc.parent = parent;
      parent.children.push(lc);
      lcnew = new Cell(parent);
      if (opts.before) parent.children.unshift(lcnew);
      else parent.children.push(lcnew);
    }
    const [lc1, lc2] = opts.before ? [lcnew, lc] : [lc, lcnew];
    if (!resizeFirst && axis === "lr") {
      lc1.setSize(size1, sy, xoff, yoff);
      lc2.setSize(size2, sy, xoff + lc1.sx + 1, yoff);
    } else if (!resizeFirst) {
      lc1.setSize(sx, size1, xoff, yoff);
      lc2.setSize(sx, size2, xoff, yoff + lc1.sy + 1);
    }
    if (opts.fullSize) {
      if (!resizeFirst) resizeChildCells(lc);
      this.fixOffsets();
    }
    lcnew.makeLeaf(newPane);
  }

  /** layout_close_pane: the space goes to the previous sibling (next if first). */
  remove(pane: number): void {
    const lc = this.mustFind(pane);
    const parent = lc.parent;
    if (parent === null) throw new LayoutError("can't remove the last pane");
    const holder = { root: this.root };
    Layout.destroyCell(lc, holder);
    this.root = holder.root;
    this.fixOffsets();
    // A layout larger than the window may now shrink back (recalculate_sizes).
    this.resize(this.wantCols, this.wantRows);
  }

  /** resize_window + layout_resize: the window changed size; cells change proportionally. */
  resize(cols: number, rows: number): void {
    cols = Math.max(cols, PANE_MINIMUM);
    rows = Math.max(rows, PANE_MINIMUM);
    this.wantCols = cols;
    this.wantRows = rows;
    const lc = this.root;
    for (const axis of ["lr", "tb"] as const) {
      const want = axis === "lr" ? cols : rows;
      let change = want - lc.size(axis);
      const limit = resizeCheck(lc, axis);
      if (change < 0 && change < -limit) change = -limit;
      if (limit === 0) change = want <= lc.size(axis) ? 0 : want - lc.size(axis);
      if (change !== 0) resizeAdjust(lc, axis, change);
    }
    this.fixOffsets();
    this._cols = Math.max(cols, lc.sx);
    this._rows = Math.max(rows, lc.sy);
  }

  /** resize-pane -L/-R/-U/-D: move the pane's right or bottom edge (tmux semantics). */
  resizePane(pane: number, dir: Direction, amount: number): void {
    const axis: Axis = dir === "L" || dir === "R" ? "lr" : "tb";
    const change = dir === "L" || dir === "U" ? -amount : amount;
    this.resizePaneBy(this.mustFind(pane), axis, change, true);
  }

  /** resize-pane -x/-y (layout_resize_pane_to). */
  setPaneSize(pane: number, size: { width?: number; height?: number }): void {
    if (size.width !== undefined) this.resizePaneTo(pane, "lr", size.width);
    if (size.height !== undefined) this.resizePaneTo(pane, "tb", size.height);
  }

  /**
   * select-pane -L/-R/-U/-D (window_pane_find_*): the panes touching the edge
   * on that side, wrapping around the window. tmux 3.3a picks the most
   * recently used of them; pass `recency` (larger = more recent) for that.
   * With `from`, candidates overlapping that point's row/column win first.
   * Otherwise the first candidate in pane order.
   */
  neighbour(
    pane: number,
    dir: Direction,
    from?: { x: number; y: number },
    recency?: (pane: number) => number,
  ): number | null {
    const wp = this.mustFind(pane);
    const sx = this._cols;
    const sy = this._rows;
    const cands: Cell[] = [];
    const vertical = dir === "U" || dir === "D";
    let edge: number;
    if (dir === "U") edge = wp.yoff === 0 ? sy + 1 : wp.yoff;
    else if (dir === "D") edge = wp.yoff + wp.sy + 1 >= sy ? 0 : wp.yoff + wp.sy + 1;
    else if (dir === "L") edge = wp.xoff === 0 ? sx + 1 : wp.xoff;
    else edge = wp.xoff + wp.sx + 1 >= sx ? 0 : wp.xoff + wp.sx + 1;
    const lo = vertical ? wp.xoff : wp.yoff;
    const hi = vertical ? wp.xoff + wp.sx : wp.yoff + wp.sy;
    for (const next of leaves(this.root)) {
      if (next === wp) continue;
      let at: number;
      if (dir === "U") at = next.yoff + next.sy + 1;
      else if (dir === "D") at = next.yoff;
      else if (dir === "L") at = next.xoff + next.sx + 1;
      else at = next.xoff;
      if (at !== edge) continue;
      const start = vertical ? next.xoff : next.yoff;
      const end = start + (vertical ? next.sx : next.sy) - 1;
      const found =
        (start < lo && end > hi) || (start >= lo && start <= hi) || (end >= lo && end <= hi);
      if (found) cands.push(next);
    }
    let pool = cands;
    if (from) {
      const p = vertical ? from.x : from.y;
      const over = cands.filter((c) => {
        const start = vertical ? c.xoff : c.yoff;
        return p >= start && p < start + (vertical ? c.sx : c.sy);
      });
      if (over.length > 0) pool = over;
    }
    let best: Cell | null = null;
    for (const c of pool) {
      if (best === null || (recency && recency(c.pane ?? -1) > recency(best.pane ?? -1))) best = c;
    }
    return best?.pane ?? null;
  }

  /** swap-pane: the two panes exchange cells (each takes the other's size). */
  swap(a: number, b: number): void {
    const ca = this.mustFind(a);
    const cb = this.mustFind(b);
    ca.pane = b;
    cb.pane = a;
  }

  /**
   * rotate-window: every pane moves to the previous cell in pane order and the first to the
   * last (`down`: to the next, the last to the first); the cells keep their sizes.
   */
  rotate(down: boolean): void {
    const ids = this.panes();
    const cells = ids.map((id) => this.mustFind(id));
    const n = ids.length;
    cells.forEach((c, i) => (c.pane = ids[(i + (down ? n - 1 : 1)) % n]!));
  }

  /** Replace a pane id in place (e.g. respawn, break/join bookkeeping). */
  replacePane(oldPane: number, newPane: number): void {
    this.mustFind(oldPane).pane = newPane;
  }

  /**
   * select-layout with a preset name (layout-set.c). As in tmux, the preset
   * is built for the current window size and then fitted back to the size
   * last given to resize() (tmux's recalculate_sizes after select-layout).
   */
  apply(name: LayoutName, opts: ApplyOptions = {}): void {
    const panes = this.panes();
    if (panes.length <= 1) return;
    switch (name) {
      case "even-horizontal":
        this.setEven(panes, "lr");
        break;
      case "even-vertical":
        this.setEven(panes, "tb");
        break;
      case "main-horizontal":
        this.setMain(panes, "tb", opts.mainPaneHeight, opts.otherPaneHeight, 24);
        break;
      case "main-vertical":
        this.setMain(panes, "lr", opts.mainPaneWidth, opts.otherPaneWidth, 80);
        break;
      case "tiled":
        this.setTiled(panes);
        break;
    }
  }

  /**
   * select-layout -E (layout_spread_out): the pane and its siblings take even shares of their
   * container; when they already do, the container and its siblings in theirs, and so up.
   */
  spreadOut(pane: number): void {
    for (let parent = this.mustFind(pane).parent; parent !== null; parent = parent.parent) {
      if (spreadCell(parent)) {
        this.fixOffsets();
        return;
      }
    }
  }

  /** #{window_layout}: checksum, then the cell tree. */
  serialize(): string {
    const body = dumpCell(this.root);
    return `${layoutChecksum(body).toString(16).padStart(4, "0")},${body}`;
  }

  /**
   * select-layout with a layout string: the current panes are assigned to the
   * string's cells in order (the ids in the string are ignored, as in tmux);
   * with fewer panes than cells the bottom-right cells are dropped. The result
   * is then fitted to the window size, like apply().
   */
  setLayoutString(layout: string): void {
    const panes = this.panes();
    const lc = Layout.fitCells(Layout.parseCells(layout), panes.length);
    let i = 0;
    for (const leaf of leaves(lc)) leaf.pane = panes[i++] ?? -1;
    this.setRoot(lc);
  }

  /** Build a layout from a #{window_layout} string; pane ids from the string unless given. */
  static parse(layout: string, panes?: number[]): Layout {
    let lc = Layout.parseCells(layout);
    const l = new Layout(0, lc.sx, lc.sy);
    if (panes) {
      lc = Layout.fitCells(lc, panes.length);
      let i = 0;
      for (const leaf of leaves(lc)) leaf.pane = panes[i++] ?? -1;
    } else {
      const ids = leaves(lc).map((c) => c.pane);
      if (ids.some((id) => id === null) || new Set(ids).size !== ids.length) {
        throw new LayoutError("invalid layout");
      }
      lc = Layout.fitCells(lc, ids.length);
    }
    l.root = lc;
    l._cols = l.wantCols = lc.sx;
    l._rows = l.wantRows = lc.sy;
    l.fixOffsets();
    return l;
  }

  private static parseCells(layout: string): Cell {
    const m = /^([0-9a-fA-F]{1,4}),/.exec(layout);
    if (!m) throw new LayoutError("invalid layout");
    const body = layout.slice(5);
    if (layout[4] !== "," || Number.parseInt(m[1] ?? "", 16) !== layoutChecksum(body)) {
      throw new LayoutError("invalid layout");
    }
    const p = new Parser(body);
    const lc = p.cell(null);
    if (lc === null || p.pos !== body.length) throw new LayoutError("invalid layout");
    return lc;
  }

  /** Drop bottom-right cells until `count` remain, fix the top size, and check. */
  private static fitCells(root: Cell, count: number): Cell {
    const holder = { root };
    let ncells = leaves(root).length;
    if (count > ncells) throw new LayoutError(`have ${count} panes but need ${ncells}`);
    while (count < ncells) {
      let br = holder.root;
      while (br.type !== "pane") br = br.children[br.children.length - 1] as Cell;
      Layout.destroyCell(br, holder);
      ncells--;
    }
    const lc = holder.root;
    // Older tmux could write a top cell larger than its children; correct it.
    if (lc.type !== "pane") {
      let sx = 0;
      let sy = 0;
      for (const c of lc.children) {
        if (lc.type === "lr") {
          sy = c.sy + 1;
          sx += c.sx + 1;
        } else {
          sx = c.sx + 1;
          sy += c.sy + 1;
        }
      }
      if (lc.sx !== sx || lc.sy !== sy) {
        lc.sx = sx - 1;
        lc.sy = sy - 1;
      }
    }
    if (!checkCell(lc)) throw new LayoutError("size mismatch after applying layout");
    return lc;
  }

  private static destroyCell(lc: Cell, holder: { root: Cell }): void {
    const parent = lc.parent;
    if (parent === null) return;
    const other = lc === parent.children[0] ? lc.next() : lc.prev();
    if (other !== null) resizeAdjust(other, parent.type as Axis, (parent.type === "lr" ? lc.sx : lc.sy) + 1);
    parent.children.splice(parent.children.indexOf(lc), 1);
    if (parent.children.length === 1) {
      const only = parent.children[0] as Cell;
      only.parent = parent.parent;
      if (only.parent === null) {
        only.xoff = 0;
        only.yoff = 0;
        holder.root = only;
      } else replaceChild(only.parent, parent, only);
    }
  }

  /** For debugging and tests: the tree as a string without the checksum. */
  dump(): string {
    return dumpCell(this.root);
  }

  // ---- internals ----

  private find(pane: number): Cell | null {
    for (const c of leaves(this.root)) if (c.pane === pane) return c;
    return null;
  }

  private mustFind(pane: number): Cell {
    const c = this.find(pane);
    if (c === null) throw new LayoutError(`can't find pane: %${pane}`);
    return c;
  }

  private fixOffsets(): void {
    this.root.xoff = 0;
    this.root.yoff = 0;
    fixOffsets1(this.root);
  }

  /** layout_resize_pane: from the pane's ancestor in an `axis` container. */
  private resizePaneBy(leaf: Cell, axis: Axis, change: number, opposite: boolean): void {
    let lc = leaf;
    let parent = lc.parent;
    while (parent !== null && parent.type !== axis) {
      lc = parent;
      parent = lc.parent;
    }
    if (parent === null) return;
    if (lc.isLast()) lc = lc.prev() as Cell;
    this.resizeLayout(lc, axis, change, opposite);
  }

  /** layout_resize_layout. */
  private resizeLayout(lc: Cell, axis: Axis, change: number, opposite: boolean): void {
    let needed = change;
    while (needed !== 0) {
      let size: number;
      if (change > 0) {
        size = resizePaneGrow(lc, axis, needed, opposite);
        needed -= size;
      } else {
        size = resizePaneShrink(lc, axis, needed);
        needed += size;
      }
      if (size === 0) break;
    }
    this.fixOffsets();
  }

  /** layout_resize_pane_to. */
  private resizePaneTo(pane: number, axis: Axis, newSize: number): void {
    let lc = this.mustFind(pane);
    let parent = lc.parent;
    while (parent !== null && parent.type !== axis) {
      lc = parent;
      parent = lc.parent;
    }
    if (parent === null) return;
    const size = lc.size(axis);
    const change = lc.isLast() ? size - newSize : newSize - size;
    this.resizePaneBy(this.mustFind(pane), axis, change, true);
  }

  private setEven(panes: number[], axis: Axis): void {
    const n = panes.length;
    const lc = new Cell(null);
    let sx = this._cols;
    let sy = this._rows;
    if (axis === "lr") sx = Math.max(n * (PANE_MINIMUM + 1) - 1, this._cols);
    else sy = Math.max(n * (PANE_MINIMUM + 1) - 1, this._rows);
    lc.setSize(sx, sy, 0, 0);
    lc.makeNode(axis);
    for (const p of panes) {
      const c = new Cell(lc);
      c.makeLeaf(p);
      c.sx = this._cols;
      c.sy = this._rows;
      lc.children.push(c);
    }
    spreadCell(lc);
    this.setRoot(lc);
  }

  private setMain(
    panes: number[],
    axis: Axis,
    mainOpt: SizeOption | undefined,
    otherOpt: SizeOption | undefined,
    mainDefault: number,
  ): void {
    // axis is the direction of the root: "tb" = main-horizontal (main on top).
    const n = panes.length - 1;
    const cross: Axis = axis === "tb" ? "lr" : "tb";
    const avail = (axis === "tb" ? this._rows : this._cols) - 1; // one line for the border
    let main = parseSizeOption(mainOpt, avail, mainDefault);
    let other: number;
    if (main + PANE_MINIMUM >= avail) {
      main = avail <= PANE_MINIMUM + PANE_MINIMUM ? PANE_MINIMUM : avail - PANE_MINIMUM;
      other = PANE_MINIMUM;
    } else {
      other = parseSizeOption(otherOpt, avail, 0);
      if (other === 0) other = avail - main;
      else if (other > avail || avail - other < main) other = avail - main;
      else main = avail - other;
    }
    const crossWindow = axis === "tb" ? this._cols : this._rows;
    const crossSize = Math.max(n * (PANE_MINIMUM + 1) - 1, crossWindow);
    const lc = new Cell(null);
    if (axis === "tb") lc.setSize(crossSize, main + other + 1, 0, 0);
    else lc.setSize(main + other + 1, crossSize, 0, 0);
    lc.makeNode(axis);
    const lcmain = new Cell(lc);
    if (axis === "tb") lcmain.setSize(crossSize, main, 0, 0);
    else lcmain.setSize(main, crossSize, 0, 0);
    lcmain.makeLeaf(panes[0] as number);
    lc.children.push(lcmain);
    const lcother = new Cell(lc);
    if (axis === "tb") lcother.setSize(crossSize, other, 0, 0);
    else lcother.setSize(other, crossSize, 0, 0);
    lc.children.push(lcother);
    if (n === 1) lcother.makeLeaf(panes[1] as number);
    else {
      lcother.makeNode(cross);
      for (const p of panes.slice(1)) {
        const c = new Cell(lcother);
        if (axis === "tb") c.setSize(PANE_MINIMUM, other, 0, 0);
        else c.setSize(other, PANE_MINIMUM, 0, 0);
        c.makeLeaf(p);
        lcother.children.push(c);
      }
      spreadCell(lcother);
    }
    this.setRoot(lc);
  }

  private setTiled(panes: number[]): void {
    const n = panes.length;
    let rows = 1;
    let columns = 1;
    while (rows * columns < n) {
      rows++;
      if (rows * columns < n) columns++;
    }
    const width = Math.max(Math.floor((this._cols - (columns - 1)) / columns), PANE_MINIMUM);
    const height = Math.max(Math.floor((this._rows - (rows - 1)) / rows), PANE_MINIMUM);
    const lc = new Cell(null);
    lc.setSize(
      Math.max((width + 1) * columns - 1, this._cols),
      Math.max((height + 1) * rows - 1, this._rows),
      0,
      0,
    );
    lc.makeNode("tb");
    let k = 0;
    for (let j = 0; j < rows; j++) {
      if (k >= n) break;
      const row = new Cell(lc);
      row.setSize(this._cols, height, 0, 0);
      lc.children.push(row);
      if (n - j * columns === 1 || columns === 1) {
        row.makeLeaf(panes[k++] as number);
        continue;
      }
      row.makeNode("lr");
      let i = 0;
      for (; i < columns; i++) {
        const c = new Cell(row);
        c.setSize(width, height, 0, 0);
        c.makeLeaf(panes[k++] as number);
        row.children.push(c);
        if (k >= n) break;
      }
      if (i === columns) i--;
      const used = (i + 1) * (width + 1) - 1;
      if (this._cols <= used) continue;
      resizeAdjust(row.children[row.children.length - 1] as Cell, "lr", this._cols - used);
    }
    const used = rows * height + rows - 1;
    if (this._rows > used) resizeAdjust(lc.children[lc.children.length - 1] as Cell, "tb", this._rows - used);
    this.setRoot(lc);
  }

  private setRoot(lc: Cell): void {
    this.root = lc;
    this.fixOffsets();
    // tmux sizes the window to the new layout, then recalculate_sizes puts it
    // back to the size the clients (or resize-window) asked for.
    this._cols = lc.sx;
    this._rows = lc.sy;
    this.resize(this.wantCols, this.wantRows);
  }
}
