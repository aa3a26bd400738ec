// list-windows (lsw): the windows of a session (-a: all sessions), by -F format or --json.
import { flag, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { format, filtered, printJson } from "./common.ts";
import type { FormatTarget } from "../../mux/lang/format-vars.ts";

const DEFAULT = "#{window_index}: #{window_name}#{window_flags} (#{window_panes} panes) [#{window_width}x#{window_height}] [layout #{window_layout}] #{window_id}#{?window_active, (active),}";
const DEFAULT_ALL = "#{session_name}:#{window_index}: #{window_name}#{window_flags} (#{window_panes} panes) [#{window_width}x#{window_height}] ";

export const listWindows: CommandEntry = {
  name: "list-windows",
  alias: ["lsw"],
  usage: "[-a] [-F format] [-f filter] [-t target-session] [--json]",
  args: "aF:f:t:",
  long: { json: false },
  target: "session",
  exec(ctx) {
    const a = ctx.args;
    const sessions = flag(a, "a") ? ctx.model.sessionsByName : [ctx.target.session];
    const all: FormatTarget[] = sessions.flatMap((s) => s.links.map((wl) => ({ session: s, window: wl.window, winlink: wl })));
    const items = filtered(ctx, all, (f, t) => format(ctx, f, t));
    if (flag(a, "json")) {
      return printJson(ctx, items, ["session_name", "window_index", "window_id", "window_name", "window_active", "window_width", "window_height", "window_panes", "window_layout", "window_flags"]);
    }
    const fmt = value(a, "F") ?? (flag(a, "a") ? DEFAULT_ALL : DEFAULT);
    for (const t of items) ctx.print(format(ctx, fmt, t));
  },
};
