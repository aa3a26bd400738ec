// move-window (movew): a window to another index or session (-t names an index that need not
// exist, CMD_FIND_WINDOW_INDEX); -a / -b make room after / at the target, -k replaces what is
// there, -d leaves the current window alone; -r renumbers the target session instead.
import { flag, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { sourceOf, targetFlag } from "./pane-moves.ts";
import { moveWindow, renumberWindows } from "../../mux/model/window-moves.ts";

export const moveWindowCommand: CommandEntry = {
  name: "move-window",
  alias: ["movew"],
  usage: "[-abdkr] [-s src-window] [-t dst-window]",
  args: "abdkrs:t:",
  maxArgs: 0,
  source: "window",
  exec(ctx) {
    const a = ctx.args;
    if (flag(a, "r")) {
      renumberWindows(targetFlag(ctx, value(a, "t"), "session", { quiet: true }).session);
      return;
    }
    const target = targetFlag(ctx, value(a, "t"), "window", { windowIndex: true });
    const dst = target.session;
    let index = target.index ?? null;
    if (flag(a, "a") || flag(a, "b")) {
      // Room by the window found (an index alone leaves cmd-find on the session's current one).
      index = dst.shuffleUp(target.window, flag(a, "b"));
      if (index === null) return;
    }
    moveWindow(ctx.model, sourceOf(ctx).window, dst, {
      index,
      kill: flag(a, "k"),
      select: !flag(a, "d"),
      renumberSource: !flag(a, "s"),
    });
  },
};
