// kill-window (killw): destroy a window and its panes, in every session it is linked into (-a:
// every other window of its session), as tmux's server_kill_window.
import { flag } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";

export const killWindow: CommandEntry = {
  name: "kill-window",
  alias: ["killw"],
  usage: "[-a] [-t target-window]",
  args: "at:",
  target: "window",
  exec(ctx) {
    const { session, window } = ctx.target;
    if (flag(ctx.args, "a")) ctx.model.killOtherWindows(session, window);
    else ctx.model.killWindow(window);
  },
};
