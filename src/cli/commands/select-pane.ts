// select-pane (selectp) and last-pane (lastp): make a pane its window's active one (the window
// stays where it is in its session, as tmux 3.3a), move to a neighbour (-L/-R/-U/-D: the most
// recently used of those beside, wrapping), turn a pane's input off or on (-d/-e), mark it
// (-m/-M), or set its title (-T).
import { CommandError, flag, value } from "../../mux/lang/command.ts";
import { paneInDirection } from "../../mux/lang/target.ts";
import type { CommandContext, CommandEntry } from "./context.ts";
import { format } from "./common.ts";
import type { Pane, Window } from "../../mux/model/index.ts";

/**
 * Make `p` active (tmux's window_push_zoom / window_pop_zoom): a zoomed window unzooms, and with
 * -Z zooms again, now on the new active pane.
 */
function activate(w: Window, p: Pane, keepZoom: boolean): void {
  const wasZoomed = w.zoomed !== null;
  w.unzoom();
  w.setActive(p);
  if (keepZoom && wasZoomed) w.toggleZoom(p);
}

/** -d / -e: whether keys reach the pane; true when either was given. */
function setInput(ctx: CommandContext, p: Pane): boolean {
  if (flag(ctx.args, "e")) p.inputOff = false;
  else if (flag(ctx.args, "d")) p.inputOff = true;
  else return false;
  return true;
}

/** The window's last pane; of two panes with none recorded, the other one (as tmux). */
function lastOf(w: Window): Pane {
  let last = w.lastPane && w.panes.has(w.lastPane.id) ? w.lastPane : null;
  if (!last && w.panes.size === 2) last = w.orderedPanes().find((p) => p !== w.active) ?? null;
  if (!last) throw new CommandError("no last pane");
  return last;
}

function selectLast(ctx: CommandContext): void {
  const w = ctx.target.window;
  const last = lastOf(w);
  if (!setInput(ctx, last)) activate(w, last, flag(ctx.args, "Z"));
}

/** -m marks the pane (again: clears it), -M clears the mark; a pane hidden by a zoom is not marked. */
function mark(ctx: CommandContext): void {
  const { model } = ctx;
  const { window: w, pane: p } = ctx.target;
  if (flag(ctx.args, "m") && w.zoomed !== null && w.zoomed !== p) return;
  if (flag(ctx.args, "M") || model.marked?.pane === p) model.setMarked(null);
  else model.setMarked(p, ctx.target);
}

const DIRECTIONS = ["L", "R", "U", "D"] as const;

export const selectPane: CommandEntry = {
  name: "select-pane",
  alias: ["selectp"],
  usage: "[-DdeLlMmRUZ] [-T title] [-t target-pane]",
  args: "DdegLlMmP:RT:t:UZ",
  maxArgs: 0,
  target: "pane",
  exec(ctx) {
    const a = ctx.args;
    const { window: w } = ctx.target;
    if (flag(a, "l")) return selectLast(ctx);
    if (flag(a, "m") || flag(a, "M")) return mark(ctx);
    let p: Pane | null = ctx.target.pane;
    const dir = DIRECTIONS.find((d) => flag(a, d));
    if (dir) p = paneInDirection(ctx.model, w, p, dir);
    if (!p || setInput(ctx, p)) return;
    const title = value(a, "T");
    if (title !== undefined) return p.setTitle(format(ctx, title, ctx.target));
    if (p === w.active) return;
    activate(w, p, flag(a, "Z"));
    ctx.insertHook?.("after-select-pane", { ...ctx.target, pane: p });
  },
};

export const lastPane: CommandEntry = {
  name: "last-pane",
  alias: ["lastp"],
  usage: "[-deZ] [-t target-window]",
  args: "det:Z",
  maxArgs: 0,
  target: "window",
  exec: selectLast,
};
