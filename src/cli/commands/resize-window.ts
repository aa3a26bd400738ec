// resize-window (resizew): give a window a size of its own: -x/-y, grown or shrunk by an
// adjustment (-L/-R/-U/-D), or the largest / smallest of its clients (-A/-a), else default-size. The
// window's window-size becomes manual, as tmux sets it, so clients no longer size it.
import { CommandError, flag, value } from "../../mux/lang/command.ts";
import type { CommandContext, CommandEntry } from "./context.ts";
import { boundedNumber } from "./common.ts";
import { findOptionEntry } from "../../mux/model/options-table.ts";
import { defaultSize } from "../../mux/model/index.ts";

const INT_MAX = 2147483647;
/** tmux's WINDOW_MINIMUM and WINDOW_MAXIMUM. */
const WINDOW_MIN = 1;
const WINDOW_MAX = 10000;

function number(v: string, min: number, max: number, what: string): number {
  const n = boundedNumber(v, min, max);
  if (typeof n === "string") throw new CommandError(`${what} ${n}`);
  return n;
}

/**
 * -A / -a: the largest / smallest size of the clients whose session has the window; with none,
 * the session's default-size (80x24 if it does not read as WxH), as tmux's default_window_size.
 */
function clientSize(ctx: CommandContext, largest: boolean): [number, number] {
  const size = ctx.server.clientsSize(ctx.target.window, largest);
  if (size) return [size.cols, size.rows];
  const d = defaultSize(ctx.target.session.options);
  return [d.cols, d.rows];
}

export const resizeWindow: CommandEntry = {
  name: "resize-window",
  alias: ["resizew"],
  usage: "[-aADLRU] [-x width] [-y height] [-t target-window] [adjustment]",
  args: "aADLRt:Ux:y:",
  maxArgs: 1,
  target: "window",
  exec(ctx) {
    const a = ctx.args;
    const w = ctx.target.window;
    const given = a.positional[0];
    const adjust = given === undefined ? 1 : number(given, 1, INT_MAX, "adjustment");
    const x = value(a, "x");
    const y = value(a, "y");
    let cols = x === undefined ? w.cols : number(x, WINDOW_MIN, WINDOW_MAX, "width");
    let rows = y === undefined ? w.rows : number(y, WINDOW_MIN, WINDOW_MAX, "height");
    if (flag(a, "L")) cols = cols >= adjust ? cols - adjust : cols;
    else if (flag(a, "R")) cols += adjust;
    else if (flag(a, "U")) rows = rows >= adjust ? rows - adjust : rows;
    else if (flag(a, "D")) rows += adjust;
    if (flag(a, "A") || flag(a, "a")) [cols, rows] = clientSize(ctx, flag(a, "A"));
    // A choice option holds the index of its choice (options_set_number).
    const manual = findOptionEntry("window-size")?.choices?.indexOf("manual") ?? -1;
    if (manual < 0) throw new Error("window-size has no manual choice");
    w.options.setNumber("window-size", manual);
    w.options.announce("window-size");
    w.resize(Math.max(WINDOW_MIN, Math.min(WINDOW_MAX, cols)), Math.max(WINDOW_MIN, Math.min(WINDOW_MAX, rows)));
  },
};
