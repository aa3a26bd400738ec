// display-message (display): expand a format; -p prints it, otherwise it shows on the status line.
import { flag, value } from "../../mux/lang/command.ts";
import type { CommandContext, CommandEntry } from "./context.ts";
import type { ClientConnection } from "../../mux/client/client-connection.ts";
import { format } from "./common.ts";

const DEFAULT = "[#{session_name}] #{window_index}:#{window_name}, current pane #{pane_index} - (%H:%M %d-%b-%y)";

/** The target client as tmux finds it without -c: the caller when attached, else the attached one used last. */
function displayClient(ctx: CommandContext): ClientConnection | null {
  const named = value(ctx.args, "c");
  if (named !== undefined) return ctx.server.targetClient(named, ctx.client);
  try {
    return ctx.server.targetClient(undefined, ctx.client);
  } catch {
    return null;
  }
}

export const displayMessage: CommandEntry = {
  name: "display-message",
  alias: ["display"],
  usage: "[-aINpv] [-c target-client] [-d delay] [-F format] [-t target-pane] [message]",
  args: "aINpvc:d:F:t:",
  target: "pane",
  // tmux's CMD_FIND_CANFAIL: a target that names nothing expands the format with no session.
  targetFlags: { canFail: true },
  maxArgs: 1,
  exec(ctx) {
    const fmt = ctx.args.positional[0] ?? value(ctx.args, "F") ?? DEFAULT;
    const text = format(ctx, fmt, { ...ctx.target, client: displayClient(ctx), extra: { command: "display-message" } }, { time: true });
    if (flag(ctx.args, "p") || !ctx.client?.session) ctx.print(text);
    else ctx.client.showMessage(text);
  },
};
