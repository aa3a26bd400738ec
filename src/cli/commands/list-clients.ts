// list-clients (lsc): one line per attached client, or -F format, or --json; -t limits them to
// the clients of one session.
import { value, flag } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { targetFlag } from "./pane-moves.ts";
import { format, filtered, printJson } from "./common.ts";

export const LIST_CLIENTS_FORMAT = "#{client_name}: #{session_name} [#{client_width}x#{client_height} #{client_termname}]#{?client_flags, (#{client_flags}),}";

export const listClients: CommandEntry = {
  name: "list-clients",
  readOnly: true,
  alias: ["lsc"],
  usage: "[-F format] [-f filter] [-t target-session] [--json]",
  args: "F:f:t:",
  long: { json: false },
  noSession: true,
  exec(ctx) {
    const spec = value(ctx.args, "t");
    const only = spec === undefined ? null : targetFlag(ctx, spec, "session").session;
    const attached = [...ctx.server.clients].filter((c) => c.session && (only === null || c.session === only));
    const clients = filtered(ctx, attached, (f, c) => format(ctx, f, { client: c }));
    if (flag(ctx.args, "json")) {
      return printJson(ctx, clients.map((c) => ({ client: c })), ["client_name", "client_pid", "client_session", "client_width", "client_height", "client_termname", "client_created", "client_activity"]);
    }
    const fmt = value(ctx.args, "F") ?? LIST_CLIENTS_FORMAT;
    for (const c of clients) ctx.print(format(ctx, fmt, { client: c }));
  },
};
