// show-messages (showmsgs): the messages a client's status line has shown, with their times, as
// tmux's (C-b ~). From a key, in a view over the pane; from the shell, those of the client
// named by -t, else the most recently active one.
import { value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { ctime } from "../../mux/lang/format.ts";

export const showMessages: CommandEntry = {
  name: "show-messages",
  alias: ["showmsgs"],
  usage: "[-JT] [-t target-client]",
  // -J and -T (jobs, terminals) are taken and show nothing more.
  args: "JTt:",
  maxArgs: 0,
  noSession: true,
  exec(ctx) {
    const client = ctx.server.targetClient(value(ctx.args, "t"), ctx.client);
    for (const m of client.messages) ctx.print(`${ctime(m.at)}: ${m.text}`);
  },
};
