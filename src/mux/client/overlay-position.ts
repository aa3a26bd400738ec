// Where display-menu and display-popup put their box (cmd-display-menu.c's get_position): -x and
// -y are formats over the popup_* variables (centre, pane, mouse, status line), with the
// letters C R P M W S standing for the usual ones; the result is clamped to the client.

export interface PositionInput {
  /** The client's size. */
  cols: number;
  rows: number;
  /** The box's size. */
  width: number;
  height: number;
  /** Status lines and where they are; 0 lines when status is off. */
  statusLines: number;
  statusTop: boolean;
  /** The target window's range on the status lines as drawn, if it shows: its first column and line. */
  windowStatus?: { x: number; line: number };
  /** The mouse event the command came from, if any (client cells). */
  mouse?: { x: number; y: number };
  /** The target pane, in the window's cells. */
  pane: { x: number; y: number; width: number; height: number };
  x?: string;
  y?: string;
  /** Expands a format with these variables over the target's own. */
  expand(fmt: string, vars: Record<string, string>): string;
}

/** C's a / b on integers (toward zero). */
const div = (a: number, b: number) => Math.trunc(a / b);

/** strtol(s, NULL, 10): the leading integer, 0 if none. */
function strtol(s: string): number {
  const m = /^\s*([+-]?\d+)/.exec(s);
  return m ? Number(m[1]) : 0;
}

/** The popup_* variables of the format -x and -y are expanded with. */
export function positionVars(p: PositionInput): Record<string, string> {
  const { cols: sx, rows: sy, width: w, height: h } = p;
  const v: Record<string, string> = {};
  const set = (name: string, n: number) => (v[name] = String(n));
  let top = 0;
  if (p.statusLines > 0) {
    top = p.statusTop ? p.statusLines : 0;
    if (p.windowStatus) {
      set("popup_window_status_line_x", p.windowStatus.x);
      set("popup_window_status_line_y", p.statusTop ? p.windowStatus.line + 1 + h : sy - p.statusLines + p.windowStatus.line);
    }
    set("popup_status_line_y", p.statusTop ? p.statusLines + h : sy - p.statusLines);
  }
  set("popup_width", w);
  set("popup_height", h);
  set("popup_centre_x", Math.max(0, div(sx - 1, 2) - div(w, 2)));
  const cy = div(sy - 1, 2) + div(h, 2);
  set("popup_centre_y", cy >= sy ? sy - h : cy);
  if (p.mouse) {
    const { x: mx, y: my } = p.mouse;
    set("popup_mouse_x", mx);
    set("popup_mouse_y", my);
    set("popup_mouse_centre_x", Math.max(0, mx - div(w, 2)));
    const mcy = my - div(h, 2);
    set("popup_mouse_centre_y", mcy + h >= sy ? sy - h : mcy);
    set("popup_mouse_top", my + h >= sy ? sy - 1 : my + h);
    set("popup_mouse_bottom", Math.max(0, my - h));
  }
  const pane = p.pane;
  const ptop = top + pane.y + h;
  set("popup_pane_top", ptop >= sy ? sy - h : ptop);
  set("popup_pane_bottom", top + pane.y + pane.height);
  set("popup_pane_left", pane.x);
  set("popup_pane_right", Math.max(0, pane.x + pane.width - w));
  return v;
}

const X_LETTERS: Record<string, string> = { C: "#{popup_centre_x}", R: "#{popup_pane_right}", P: "#{popup_pane_left}", M: "#{popup_mouse_centre_x}", W: "#{popup_window_status_line_x}" };
const Y_LETTERS: Record<string, string> = { C: "#{popup_centre_y}", P: "#{popup_pane_bottom}", M: "#{popup_mouse_top}", S: "#{popup_status_line_y}", W: "#{popup_window_status_line_y}" };

/** The box's top-left corner (y given is its bottom, as tmux's); null when it is bigger than the client. */
export function overlayPosition(p: PositionInput): { x: number; y: number } | null {
  const { cols: sx, rows: sy, width: w, height: h } = p;
  if (w > sx || h > sy) return null;
  const vars = positionVars(p);
  let x = strtol(p.expand(X_LETTERS[p.x ?? "C"] ?? p.x ?? "", vars));
  if (x + w >= sx) x = sx - w;
  else if (x < 0) x = 0;
  let y = strtol(p.expand(Y_LETTERS[p.y ?? "C"] ?? p.y ?? "", vars));
  y = y < h ? 0 : y - h;
  if (y + h >= sy) y = sy - h;
  else if (y < 0) y = 0;
  return { x, y };
}
