// list-sessions (ls): one line per session, or -F format, or --json.
import { value, flag } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { format, filtered, printJson } from "./common.ts";

const DEFAULT = "#{session_name}: #{session_windows} windows (created #{t:session_created})#{?session_attached, (attached),}";

export const listSessions: CommandEntry = {
  name: "list-sessions",
  alias: ["ls"],
  usage: "[-F format] [-f filter] [--json]",
  args: "F:f:",
  long: { json: false },
  noSession: true,
  exec(ctx) {
    const all = [...ctx.model.sessions].sort((a, b) => a.name.localeCompare(b.name));
    const sessions = filtered(ctx, all, (f, s) => format(ctx, f, { session: s }));
    if (flag(ctx.args, "json")) {
      return printJson(ctx, sessions.map((s) => ({ session: s })), ["session_name", "session_id", "session_windows", "session_attached", "session_created"]);
    }
    const fmt = value(ctx.args, "F") ?? DEFAULT;
    for (const s of sessions) ctx.print(format(ctx, fmt, { session: s }));
  },
};
