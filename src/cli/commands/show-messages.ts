// show-messages (showmsgs): the messages a client's status line has shown, with their times, as
// tmux's (C-b ~). From a key, in a view over the pane; from the shell, those of the client
// named by -t, else the most recently active one.
import { CommandError, value, type CommandEntry } from "../../mux/command.ts";
import type { ClientConnection } from "../../mux/client-connection.ts";
import { ctime } from "../../mux/format.ts";

export const showMessages: CommandEntry = {
  name: "show-messages",
  alias: ["showmsgs"],
  usage: "[-JT] [-t target-client]",
  // -J and -T (jobs, terminals) are taken and show nothing more.
  args: "JTt:",
  maxArgs: 0,
  noSession: true,
  exec(ctx) {
    const name = value(ctx.args, "t");
    let client: ClientConnection | null = null;
    for (const c of ctx.server.clients) {
      if (!c.session || c.closed) continue;
      if (name !== undefined ? c.name === name || c.name === `/dev/${name}` : !client || c.lastActivity > client.lastActivity) client = c;
    }
    if (name === undefined && ctx.client?.session) client = ctx.client;
    if (!client) throw new CommandError(name === undefined ? "no current client" : `can't find client: ${name}`);
    for (const m of client.messages) ctx.print(`${ctime(m.at)}: ${m.text}`);
  },
};
