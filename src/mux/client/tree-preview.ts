// What choose-tree's preview box shows, as tmux's window_tree_draw: a session's windows (or a
// window's panes) side by side, each its active pane's screen with its label boxed in the
// middle, divided by lines, with < and > when more are off to a side; a pane's own screen.
// The screens keep their cells' colours and attributes, their cursors in reverse; the labels
// are in display-panes' colours; lines, boxes and arrows in the default colours over them.
import { packColor } from "../../render/index.ts";
import type { Pane, Session, Window } from "../model/index.ts";
import { paneGrid } from "./mode-preview.ts";
import type { PreviewContent } from "./mode-box.ts";
import { PreviewGrid } from "./preview-grid.ts";

/** window_tree_draw_label: the label in the middle of a part, in a box when there is room. */
function drawLabel(c: PreviewGrid, px: number, sx: number, sy: number, label: string, colour: string): void {
  const len = label.length;
  if (sx === 0 || sy === 1 || len > sx) return;
  const ox = Math.floor((sx - len + 1) / 2);
  const oy = Math.floor((sy + 1) / 2);
  if (ox > 1 && ox + len < sx - 1 && sy >= 3) {
    c.put(px + ox - 1, oy - 1, `┌${"─".repeat(len)}┐`);
    c.put(px + ox - 1, oy, "│");
    c.put(px + ox + len, oy, "│");
    c.put(px + ox - 1, oy + 1, `└${"─".repeat(len)}┘`);
  }
  c.put(px + ox, oy, label, { fg: packColor(colour), bg: 0, attrs: 0 });
}

/** The preview's sideways scroll (tree-mode's < and >), for the item it was set on; kept in range as drawn. */
export interface PreviewScroll {
  offset: number;
  item: string;
}

interface Part {
  pane: Pane;
  /** display-panes-active-colour for the current one, else display-panes-colour. */
  colour: string;
  /** Its label, and a shorter one when that does not fit. */
  label: (width: number) => string;
}

/** The parts side by side, as window_tree_draw_session and _window lay them out around `current`. */
function drawParts(parts: Part[], current: number, sx: number, sy: number, labelWidth: (each: number, width: number) => number, scroll?: PreviewScroll): PreviewContent {
  const c = new PreviewGrid(sx, sy);
  const total = parts.length;
  if (total === 0) return c.content();
  const visible = Math.floor(sx / total) < 24 ? Math.max(1, Math.floor(sx / 24)) : total;
  let start: number;
  if (current < visible) start = 0;
  else if (current >= total - visible) start = total - visible;
  else start = current - Math.floor(visible / 2);
  let end = start + visible;
  if (scroll) {
    scroll.offset = Math.max(-start, Math.min(total - end, scroll.offset));
    start += scroll.offset;
    end += scroll.offset;
  }
  let left = start !== 0;
  let right = end !== total;
  if ((left && right && sx <= 6) || ((left || right) && sx <= 3)) left = right = false;
  const room = sx - (left && right ? 6 : left || right ? 3 : 0);
  const each = Math.floor(room / visible);
  const remaining = room - visible * each;
  if (each === 0) return c.content();
  if (left) {
    c.vline(2);
    c.put(0, sy >> 1, "<");
  }
  if (right) {
    c.vline(sx - 3);
    c.put(sx - 1, sy >> 1, ">");
  }
  for (let loop = start, i = 0; loop < end; loop++, i++) {
    const part = parts[loop]!;
    const offset = (left ? 3 : 0) + i * each;
    const width = loop === end - 1 ? each + remaining : each - 1;
    c.paste(offset, width, paneGrid(part.pane, width, sy));
    drawLabel(c, offset, labelWidth(each, width), sy, part.label(width), part.colour);
    if (loop !== end - 1) c.vline(offset + width);
  }
  return c.content();
}

function colours(s: Session): (current: boolean) => string {
  return (current) => s.options.getString(current ? "display-panes-active-colour" : "display-panes-colour");
}

export function sessionPreview(s: Session, width: number, height: number, scroll?: PreviewScroll): PreviewContent {
  const links = [...s.links].sort((a, b) => a.index - b.index);
  const colour = colours(s);
  const parts = links.map((l) => ({ pane: l.window.active, colour: colour(l === s.curw), label: (w: number) => (` ${l.index}:${l.window.name} `.length > w ? ` ${l.index} ` : ` ${l.index}:${l.window.name} `) }));
  return drawParts(parts, Math.max(0, links.indexOf(s.curw)), width, height, (_each, w) => w, scroll);
}

export function windowPreview(s: Session, w: Window, width: number, height: number, scroll?: PreviewScroll): PreviewContent {
  const panes = w.orderedPanes();
  const colour = colours(s);
  const parts = panes.map((p) => ({ pane: p, colour: colour(p === w.active), label: () => ` ${w.paneIndex(p)} ` }));
  // tmux centres a pane's label in `each`, not in the part's width.
  return drawParts(parts, Math.max(0, panes.indexOf(w.active)), width, height, (each) => each, scroll);
}
