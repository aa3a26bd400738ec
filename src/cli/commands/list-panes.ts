// list-panes (lsp): the panes of a window (-s: of a session, -a: all), by -F format or --json.
import { flag, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { format, filtered, printJson } from "./common.ts";
import type { FormatTarget } from "../../mux/lang/format-vars.ts";
import { linkOf } from "./pane-moves.ts";

const DEFAULT = "#{pane_index}: [#{pane_width}x#{pane_height}] [history #{history_size}/#{history_limit}] #{pane_id}#{?pane_active, (active),}#{?pane_dead, (dead),}";
const DEFAULT_ALL = "#{session_name}:#{window_index}.#{pane_index}: [#{pane_width}x#{pane_height}] [history #{history_size}/#{history_limit}] #{pane_id}#{?pane_active, (active),}#{?pane_dead, (dead),}";
export const PANE_VARS = ["session_name", "window_index", "window_id", "pane_index", "pane_id", "pane_width", "pane_height", "pane_active", "pane_pid", "pane_current_command", "pane_current_path", "pane_dead", "pane_dead_status", "pane_title", "cursor_x", "cursor_y", "history_size"];

export const listPanes: CommandEntry = {
  name: "list-panes",
  alias: ["lsp"],
  usage: "[-as] [-F format] [-f filter] [-t target-window] [--json]",
  args: "asF:f:t:",
  long: { json: false },
  target: "window",
  exec(ctx) {
    const a = ctx.args;
    const { model } = ctx;
    const sessions = flag(a, "a") ? model.sessionsByName : [ctx.target.session];
    let items: FormatTarget[] = [];
    for (const s of sessions) {
      const links = flag(a, "a") || flag(a, "s") ? s.links : [linkOf(ctx.target)];
      for (const wl of links) for (const p of wl.window.orderedPanes()) items.push({ session: s, window: wl.window, winlink: wl, pane: p });
    }
    items = filtered(ctx, items, (f, t) => format(ctx, f, t));
    if (flag(a, "json")) return printJson(ctx, items, PANE_VARS);
    const fmt = value(a, "F") ?? (flag(a, "a") || flag(a, "s") ? DEFAULT_ALL : DEFAULT);
    for (const t of items) ctx.print(format(ctx, fmt, t));
  },
};
