// unlink-window (unlinkw): take a window out of a session; one in no other session (outside the
// session's group) needs -k, and is destroyed then, as tmux's cmd-kill-window.c.
import { CommandError, flag } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { isLinkedOutside } from "../../mux/model/index.ts";
import { linkOf } from "./pane-moves.ts";

export const unlinkWindow: CommandEntry = {
  name: "unlink-window",
  alias: ["unlinkw"],
  usage: "[-k] [-t target-window]",
  args: "kt:",
  maxArgs: 0,
  target: "window",
  exec(ctx) {
    const { session, window } = ctx.target;
    if (!flag(ctx.args, "k") && !isLinkedOutside(session, window.references)) throw new CommandError("window only linked to one session");
    ctx.model.unlink(session, linkOf(ctx.target));
  },
};
