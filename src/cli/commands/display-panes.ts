// display-panes (displayp): each pane's index over it on the target client for
// display-panes-time ms (or -d; 0 until a key); pressing one runs the template on that pane,
// select-pane -t '%%' by default (C-b q). It waits until they go unless -b, as tmux's; -N takes
// no keys.
import { CommandError, flag, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { commandsFrom, queueTemplate } from "./arg-commands.ts";

export const displayPanes: CommandEntry = {
  name: "display-panes",
  alias: ["displayp"],
  usage: "[-bN] [-d duration] [-t target-client] [template]",
  args: "bNd:t:",
  maxArgs: 1,
  commandArgs: () => true,
  exec(ctx) {
    const client = ctx.server.targetClient(value(ctx.args, "t"), ctx.client);
    const session = client.session;
    // One overlay a client at a time: while one shows, this does nothing, as tmux's.
    if (!session || client.view.overlay || client.view.paneNumbers) return;
    const d = value(ctx.args, "d");
    let ms = session.options.getNumber("display-panes-time");
    if (d !== undefined) {
      ms = Number(d);
      if (!/^\d+$/.test(d) || ms > 0xffffffff) throw new CommandError(`delay ${/^\d+$/.test(d) ? "too large" : "invalid"}`);
    }
    const template = ctx.args.values[0] ?? "select-pane -t '%%'";
    const wait = !flag(ctx.args, "b");
    return new Promise<void>((resolve) => {
      // Waiting, the picked pane's commands run next in this command's queue; else on the client's.
      const pick = (paneId: string) => {
        if (!wait) return queueTemplate(ctx, client, template, [paneId]);
        try {
          ctx.item.insert(commandsFrom(ctx, template, { texts: [paneId] }));
        } catch (e) {
          if (!(e instanceof CommandError)) throw e;
          ctx.server.runner.reportError(client, null, e.message);
        }
      };
      client.view.showPaneNumbers(ms, flag(ctx.args, "N") ? null : pick, resolve);
      if (!wait) resolve();
    });
  },
};
