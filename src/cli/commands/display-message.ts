// display-message (display): expand a format; -p prints it, otherwise it shows on the status line.
import { flag, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { format } from "./common.ts";
import { strftime } from "../../mux/lang/format.ts";

const DEFAULT = "[#{session_name}] #{window_index}:#{window_name}, current pane #{pane_index} - (%H:%M %d-%b-%y)";

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
    const text = format(ctx, strftime(fmt, new Date()), ctx.target ?? {});
    if (flag(ctx.args, "p") || !ctx.client?.session) ctx.print(text);
    else ctx.client.showMessage(text);
  },
};
