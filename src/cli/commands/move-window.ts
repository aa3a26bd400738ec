// move-window (movew) and link-window (linkw), as tmux's cmd-move-window.c: a window to another
// index or session (-t names an index that need not exist, CMD_FIND_WINDOW_INDEX); link-window
// leaves it where it was too. -a / -b make room after / at the target, -k replaces what is
// there, -d leaves the current window alone; move-window -r renumbers the target session instead.
import { flag, value } from "../../mux/lang/command.ts";
import type { CommandContext, CommandEntry } from "./context.ts";
import { linkOf, sourceOf, targetFlag } from "./pane-moves.ts";
import { linkWindow, moveWindow, renumberWindows } from "../../mux/model/window-moves.ts";

/** Where -t puts the window: the session, and the index (after -a / -b made room), or null for any free one. */
function destination(ctx: CommandContext): { dst: ReturnType<typeof targetFlag>["session"]; index: number | null } | null {
  const a = ctx.args;
  const target = targetFlag(ctx, value(a, "t"), "window", { windowIndex: true });
  const dst = target.session;
  let index = target.index ?? null;
  if (flag(a, "a") || flag(a, "b")) {
    // Room by the window found (an index alone leaves cmd-find on the session's current one).
    index = dst.shuffleUp(linkOf(target), flag(a, "b"));
    if (index === null) return null;
  }
  return { dst, index };
}

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
    const to = destination(ctx);
    if (!to) return;
    moveWindow(ctx.model, linkOf(sourceOf(ctx)), to.dst, {
      index: to.index,
      kill: flag(a, "k"),
      select: !flag(a, "d"),
      renumberSource: !flag(a, "s"),
    });
  },
};

export const linkWindowCommand: CommandEntry = {
  name: "link-window",
  alias: ["linkw"],
  usage: "[-abdk] [-s src-window] [-t dst-window]",
  args: "abdks:t:",
  maxArgs: 0,
  source: "window",
  exec(ctx) {
    const a = ctx.args;
    const to = destination(ctx);
    if (!to) return;
    linkWindow(ctx.model, linkOf(sourceOf(ctx)), to.dst, { index: to.index, kill: flag(a, "k"), select: !flag(a, "d") });
  },
};
