// display-panes (displayp): each pane's index in its middle for display-panes-time ms (or -d);
// pressing one runs the template on that pane, select-pane -t '%%' by default (C-b q).
import { CommandError, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { queueTemplate } from "./arg-commands.ts";

export const displayPanes: CommandEntry = {
  name: "display-panes",
  alias: ["displayp"],
  usage: "[-bN] [-d duration] [-t target-client] [template]",
  args: "bNd:t:",
  maxArgs: 1,
  commandArgs: () => true,
  exec(ctx) {
    const client = ctx.client;
    if (!client?.session) throw new CommandError("no client to show the panes on");
    const d = value(ctx.args, "d");
    const ms = d === undefined ? client.session.options.getNumber("display-panes-time") : Number(d);
    if (!Number.isInteger(ms) || ms < 1) throw new CommandError(`invalid duration: ${d}`);
    const template = ctx.args.values[0] ?? "select-pane -t '%%'";
    client.showPaneNumbers(ms, (paneId) => queueTemplate(ctx, client, template, [paneId]));
  },
};
