// Pane lookups by position for cmd-find: {top}/{left}/... (window_find_string), the pane
// above/below/left/right of another (wrapping, most recently active wins), and +n/-n offsets.
import type { FindPane, FindWindow } from "./cmd-find-model.ts";

/** window_pane_visible: in a zoomed window only the active pane is. */
function visible(w: FindWindow, p: FindPane): boolean {
  return !w.zoomed || p === w.active;
}

/** window_get_active_at: the first visible pane whose rectangle, right and bottom border included, holds the cell. */
function paneAt(w: FindWindow, x: number, y: number): FindPane | null {
  for (const p of w.panes) {
    if (!visible(w, p)) continue;
    if (x < p.x || x > p.x + p.width) continue;
    if (y < p.y || y > p.y + p.height) continue;
    return p;
  }
  return null;
}

/** window_find_string: "top", "bottom-left"... (any case) name the pane at that edge or corner. */
export function paneByPosition(w: FindWindow, s: string): FindPane | null {
  let x = Math.floor(w.width / 2);
  let y = Math.floor(w.height / 2);
  let top = 0;
  let bottom = w.height - 1;
  if (w.borderStatus === "top") top++;
  else if (w.borderStatus === "bottom") bottom--;
  const right = w.width - 1;
  switch (s.toLowerCase()) {
    case "top": y = top; break;
    case "bottom": y = bottom; break;
    case "left": x = 0; break;
    case "right": x = right; break;
    case "top-left": [x, y] = [0, top]; break;
    case "top-right": [x, y] = [right, top]; break;
    case "bottom-left": [x, y] = [0, bottom]; break;
    case "bottom-right": [x, y] = [right, bottom]; break;
    default: return null;
  }
  return paneAt(w, x, y);
}

/** window_pane_choose_best: the most recently active; the first on a tie. */
function mostRecent(list: FindPane[]): FindPane | null {
  let best: FindPane | null = null;
  for (const p of list) if (best === null || p.activePoint > best.activePoint) best = p;
  return best;
}

/** Whether [start, end] (a neighbour's span) touches [lo, hi] (the pane's span, border included). */
function overlaps(start: number, end: number, lo: number, hi: number): boolean {
  return (start < lo && end > hi) || (start >= lo && start <= hi) || (end >= lo && end <= hi);
}

export type Side = "up" | "down" | "left" | "right";

/**
 * window_pane_find_up/down/left/right: the panes across the border on that side (wrapping to
 * the far edge of the window), the most recently active of them.
 */
export function paneBeside(w: FindWindow, wp: FindPane, side: Side): FindPane | null {
  const vertical = side === "up" || side === "down";
  const edge = vertical ? verticalEdge(w, wp, side === "up") : horizontalEdge(w, wp, side === "left");
  const lo = vertical ? wp.x : wp.y;
  const hi = vertical ? wp.x + wp.width : wp.y + wp.height;
  const found = w.panes.filter((next) => {
    if (next === wp) return false;
    const at = side === "up" ? next.y + next.height + 1 : side === "left" ? next.x + next.width + 1 : vertical ? next.y : next.x;
    if (at !== edge) return false;
    const start = vertical ? next.x : next.y;
    const end = start + (vertical ? next.width : next.height) - 1;
    return overlaps(start, end, lo, hi);
  });
  return mostRecent(found);
}

/** The row a neighbour above must end at (plus its border), or below must start at. */
function verticalEdge(w: FindWindow, wp: FindPane, up: boolean): number {
  if (up) {
    const edge = wp.y;
    if (w.borderStatus === "top") return edge === 1 ? w.height + 1 : edge;
    if (w.borderStatus === "bottom") return edge === 0 ? w.height : edge;
    return edge === 0 ? w.height + 1 : edge;
  }
  const edge = wp.y + wp.height + 1;
  if (w.borderStatus === "top") return edge >= w.height ? 1 : edge;
  if (w.borderStatus === "bottom") return edge >= w.height - 1 ? 0 : edge;
  return edge >= w.height ? 0 : edge;
}

function horizontalEdge(w: FindWindow, wp: FindPane, left: boolean): number {
  if (left) return wp.x === 0 ? w.width + 1 : wp.x;
  const edge = wp.x + wp.width + 1;
  return edge >= w.width ? 0 : edge;
}

/**
 * window_pane_next_by_number / previous: n steps from `from` along its own window's panes;
 * stepping off either end continues at the far end of `w` (the target's window), as tmux does
 * when a target names another window than the current pane's.
 */
export function paneStep(w: FindWindow, fromWindow: FindWindow, from: FindPane, n: number): FindPane | null {
  if (w.panes.length === 0) return null;
  const forward = n >= 0;
  let steps = Math.abs(n);
  let list = fromWindow.panes;
  let i = list.indexOf(from);
  if (i === -1) return null;
  if (list !== w.panes) {
    // Walk inside the pane's own window until it runs out, then jump into w.
    const room = forward ? list.length - 1 - i : i;
    if (steps <= room) return list[forward ? i + steps : i - steps] ?? null;
    steps -= room + 1;
    list = w.panes;
    i = forward ? 0 : list.length - 1;
  }
  const len = list.length;
  const j = forward ? i + steps : i - steps;
  return list[((j % len) + len) % len] ?? null;
}
