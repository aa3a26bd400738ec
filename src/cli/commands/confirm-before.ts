// confirm-before (confirm): ask on the status line, and run the command only if the answer is y
// (or the -c key); C-b x and C-b & ask before killing, as tmux's do. Without -b what follows
// waits for the answer.
import { flag, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { Confirm } from "../../mux/client/prompt.ts";
import { format } from "./common.ts";
import { argCommands } from "./arg-commands.ts";

export const confirmBefore: CommandEntry = {
  name: "confirm-before",
  alias: ["confirm"],
  usage: "[-by] [-c confirm-key] [-p prompt] [-t target-client] command",
  args: "byc:p:t:",
  minArgs: 1,
  maxArgs: 1,
  commandArgs: () => true,
  exec(ctx) {
    // The prompt goes on -t's client, else the caller, else the most recently active one (cmd_find_client).
    const client = ctx.server.targetClient(value(ctx.args, "t"), ctx.client);
    const list = argCommands(ctx, 0, { expand: true });
    const first = list[0] ? ctx.server.findCommand(list[0].name).name : "";
    const label = format(ctx, value(ctx.args, "p") ?? `Confirm '${first}'? (y/n)`, ctx.target);
    const yes = value(ctx.args, "c") ?? "y";
    const wait = !flag(ctx.args, "b");
    return new Promise<void>((resolve) => {
      client.openPrompt(
        new Confirm(`${label} `, yes, (confirmed) => {
          client.closePrompt();
          if (confirmed) {
            if (wait) ctx.item.insert(list);
            else ctx.server.runCommands(list, client);
          }
          resolve();
        }),
      );
      if (!wait) resolve();
    });
  },
};
