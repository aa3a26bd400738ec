// confirm-before (confirm): ask on the status line, and run the command only if the answer is y
// (or the -c key); C-b x and C-b & ask before killing, as tmux's do.
import { CommandError, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { Confirm } from "../../mux/client/prompt.ts";
import { format } from "./common.ts";

export const confirmBefore: CommandEntry = {
  name: "confirm-before",
  alias: ["confirm"],
  usage: "[-by] [-c confirm-key] [-p prompt] [-t target-client] command",
  args: "byc:p:t:",
  minArgs: 1,
  maxArgs: 1,
  exec(ctx) {
    const client = ctx.client;
    if (!client?.session) throw new CommandError("no client to ask");
    const command = ctx.args.positional[0]!;
    const label = format(ctx, value(ctx.args, "p") ?? `Confirm '${command}'? (y/n)`, ctx.target);
    const yes = value(ctx.args, "c") ?? "y";
    client.openPrompt(
      new Confirm(`${label} `, yes, (confirmed) => {
        client.closePrompt();
        if (confirmed) void client.runLine(command);
      }),
    );
  },
};
