// format_draw's second half: where the sections go on the line. Each alignment of the list has
// its own order of trimming when the line is too narrow (format_draw_left/centre/right/...), and
// a list wider than its room scrolls to keep the focused window visible between < and > markers.
import type { Style } from "../model/style.ts";
import type { DrawCell, DrawRange } from "./format-draw.ts";

/** The screens format_draw writes into, in its order. */
export const Part = {
  Left: 0,
  Centre: 1,
  Right: 2,
  AbsoluteCentre: 3,
  List: 4,
  ListLeft: 5,
  ListRight: 6,
  After: 7,
} as const;
export type Part = (typeof Part)[keyof typeof Part];
export const PART_COUNT = 8;

/** A range while the markup is read: positions are within its section until the layout moves them. */
export interface PendingRange {
  part: Part;
  type: DrawRange["type"];
  argument: number;
  start: number;
  end: number;
}

/** The focused stretch of the list (list=focus), in list columns; -1 when not seen. */
export interface Focus {
  start: number;
  end: number;
}

/** What every placement needs: the line, the sections and the ranges still to place. */
interface Canvas {
  line: DrawCell[];
  parts: DrawCell[][];
  ranges: PendingRange[];
}

/**
 * Places the sections by the list's alignment and returns the ranges in line columns. As in
 * tmux, the ranges of a section that is never placed (the list when it had no room) keep their
 * positions within it.
 */
export function arrange(line: DrawCell[], parts: DrawCell[][], listAlign: Style["align"], focus: Focus, ranges: PendingRange[]): DrawRange[] {
  const c: Canvas = { line, parts, ranges: [...ranges] };
  const available = line.length;
  if (listAlign === "default") drawNone(c, available);
  else if (listAlign === "left") drawLeft(c, available, focus);
  else if (listAlign === "centre") drawCentre(c, available, focus);
  else if (listAlign === "right") drawRight(c, available, focus);
  else drawAbsoluteCentre(c, available, focus);
  return c.ranges.map(({ type, argument, start, end }) => ({ type, argument, start, end }));
}

function width(c: Canvas, part: Part): number {
  return (c.parts[part] as DrawCell[]).length;
}

/**
 * screen_write_fast_copy of `n` columns of a section from `start` to line column `offset`; a
 * wide character that does not fit ends the copy. Offsets are unsigned in tmux: one that went
 * below zero wraps, and the cursor is then clamped to the last column.
 */
function copy(c: Canvas, part: Part, offset: number, start: number, n: number): void {
  const src = c.parts[part] as DrawCell[];
  if (n <= 0 || c.line.length === 0) return;
  let x = Math.min(offset >>> 0, c.line.length - 1);
  for (let xx = start; xx < start + n && xx < src.length; xx++, x++) {
    const cell = src[xx] as DrawCell;
    if (xx + cell.width > start + n) break;
    if (x < c.line.length) c.line[x] = { ...cell };
  }
}

/** format_draw_put: copy, then move the section's ranges to the line (dropping what is cut off). */
function put(c: Canvas, part: Part, offset: number, start: number, n: number): void {
  copy(c, part, offset, start, n);
  c.ranges = c.ranges.filter((r) => {
    if (r.part !== part) return true;
    if (r.end <= start || r.start >= start + n) return false;
    r.start = Math.max(r.start, start);
    r.end = Math.min(r.end, start + n);
    if (r.start === r.end) return false;
    r.start = ((r.start - start + offset) >>> 0);
    r.end = ((r.end - start + offset) >>> 0);
    return true;
  });
}

/** format_draw_put_list: the whole list if it fits, else a window of it around the focus. */
function putList(c: Canvas, offset: number, n: number, focus: Focus): void {
  const list = width(c, Part.List);
  if (n >= list) {
    put(c, Part.List, offset, 0, n);
    return;
  }
  const centre = focus.start + Math.trunc((focus.end - focus.start) / 2);
  let start = centre < Math.trunc(n / 2) ? 0 : centre - Math.trunc(n / 2);
  if (start + n > list) start = list - n;
  const left = width(c, Part.ListLeft);
  const right = width(c, Part.ListRight);
  if (start !== 0 && n > left) {
    copy(c, Part.ListLeft, offset, 0, left);
    offset += left;
    start += left;
    n -= left;
  }
  if (start + n < list && n > right) {
    copy(c, Part.ListRight, offset + n - right, 0, right);
    n -= right;
  }
  put(c, Part.List, offset, start, n);
}

type WidthKey = "left" | "centre" | "right" | "abs" | "list" | "after";
/** The columns each section gets, trimmed from its full width when the line is too narrow. */
type Widths = Record<WidthKey, number>;

/** Takes one column at a time from the first section in `order` that has any, until `fits`. */
function trim(w: Widths, order: WidthKey[], fits: () => boolean): void {
  while (!fits()) {
    const key = order.find((k) => w[k] > 0);
    if (key === undefined) return;
    w[key]--;
  }
}

function widths(c: Canvas): Widths {
  return {
    left: width(c, Part.Left),
    centre: width(c, Part.Centre),
    right: width(c, Part.Right),
    abs: width(c, Part.AbsoluteCentre),
    list: width(c, Part.List),
    after: width(c, Part.After),
  };
}

const half = (n: number): number => Math.trunc(n / 2);
const sum = (w: Widths): number => w.left + w.centre + w.right + w.list + w.after;

/** absolute-centre text goes in the middle of the whole line, over anything else. */
function putAbsoluteCentre(c: Canvas, available: number, w: Widths): void {
  const n = Math.min(w.abs, available);
  put(c, Part.AbsoluteCentre, half(available - n), 0, n);
}

/** No list: keep as much of the left and right as possible at the expense of the centre. */
function drawNone(c: Canvas, available: number): void {
  const w = widths(c);
  w.list = w.after = 0;
  trim(w, ["centre", "right", "left"], () => sum(w) <= available);
  put(c, Part.Left, 0, 0, w.left);
  put(c, Part.Right, available - w.right, width(c, Part.Right) - w.right, w.right);
  const centre = width(c, Part.Centre);
  put(c, Part.Centre, w.left + half(available - w.right - w.left) - half(w.centre), half(centre) - half(w.centre), w.centre);
  putAbsoluteCentre(c, available, w);
}

// When the list is trimmed away, tmux copies what follows the list onto the end of the list's
// section without moving that section's cursor, so it is never drawn: drawNone alone matches it.

function drawLeft(c: Canvas, available: number, focus: Focus): void {
  const w = widths(c);
  trim(w, ["centre", "list", "right", "after", "left"], () => sum(w) <= available);
  if (w.list === 0) return drawNone(c, available);
  put(c, Part.Left, 0, 0, w.left);
  put(c, Part.Right, available - w.right, width(c, Part.Right) - w.right, w.right);
  put(c, Part.After, w.left + w.list, 0, w.after);
  const before = w.left + w.list + w.after;
  const centre = width(c, Part.Centre);
  put(c, Part.Centre, before + half(available - w.right - before) - half(w.centre), half(centre) - half(w.centre), w.centre);
  putList(c, w.left, w.list, focus.start === -1 || focus.end === -1 ? { start: 0, end: 0 } : focus);
  putAbsoluteCentre(c, available, w);
}

function drawCentre(c: Canvas, available: number, focus: Focus): void {
  const w = widths(c);
  trim(w, ["list", "after", "centre", "right", "left"], () => sum(w) <= available);
  if (w.list === 0) return drawNone(c, available);
  put(c, Part.Left, 0, 0, w.left);
  put(c, Part.Right, available - w.right, width(c, Part.Right) - w.right, w.right);
  const middle = w.left + half(available - w.right - w.left);
  put(c, Part.Centre, middle - half(w.list) - w.centre, 0, w.centre);
  put(c, Part.After, middle - half(w.list) + w.list, 0, w.after);
  const mid = half(width(c, Part.List));
  putList(c, middle - half(w.list), w.list, focus.start === -1 || focus.end === -1 ? { start: mid, end: mid } : focus);
  putAbsoluteCentre(c, available, w);
}

function drawRight(c: Canvas, available: number, focus: Focus): void {
  const w = widths(c);
  trim(w, ["centre", "list", "right", "after", "left"], () => sum(w) <= available);
  if (w.list === 0) return drawNone(c, available);
  put(c, Part.Left, 0, 0, w.left);
  put(c, Part.After, available - w.after, width(c, Part.After) - w.after, w.after);
  const rightAt = available - w.right - w.list - w.after;
  put(c, Part.Right, rightAt, 0, w.right);
  const centre = width(c, Part.Centre);
  put(c, Part.Centre, w.left + half(rightAt - w.left) - half(w.centre), half(centre) - half(w.centre), w.centre);
  putList(c, available - w.list - w.after, w.list, focus.start === -1 || focus.end === -1 ? { start: 0, end: 0 } : focus);
  putAbsoluteCentre(c, available, w);
}

/** The list and absolute-centre text share the middle of the line, drawn over the rest. */
function drawAbsoluteCentre(c: Canvas, available: number, focus: Focus): void {
  const w = widths(c);
  trim(w, ["centre", "right", "left"], () => w.left + w.centre + w.right <= available);
  trim(w, ["list", "after", "abs"], () => w.list + w.after + w.abs <= available);
  put(c, Part.Left, 0, 0, w.left);
  put(c, Part.Right, available - w.right, width(c, Part.Right) - w.right, w.right);
  const middle = w.left + half(available - w.right - w.left);
  put(c, Part.Centre, middle - w.centre, 0, w.centre);
  const mid = half(width(c, Part.List));
  const f = focus.start === -1 || focus.end === -1 ? { start: mid, end: mid } : focus;
  let at = half(available - w.list - w.abs);
  put(c, Part.AbsoluteCentre, at, 0, w.abs);
  at += w.abs;
  putList(c, at, w.list, f);
  at += w.list;
  put(c, Part.After, at, 0, w.after);
}
