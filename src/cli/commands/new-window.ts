// new-window (neww): a new window with one pane, made current unless -d. -t names a window
// index that need not exist yet (CMD_FIND_WINDOW_INDEX); -a / -b make room after / at it.
import { CommandError, flag, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { defaultDirectory, paneOptions, printNew } from "./common.ts";
import { linkOf } from "./pane-moves.ts";

export const newWindow: CommandEntry = {
  name: "new-window",
  alias: ["neww"],
  usage: "[-abdkPS] [-c start-directory] [-e environment] [-F format] [-n window-name] [-t target-window] [shell-command]",
  args: "abdkPSc:e:F:n:t:",
  target: "window",
  targetFlags: { windowIndex: true },
  exec(ctx) {
    const a = ctx.args;
    const { model } = ctx;
    const session = ctx.target.session;
    const name = value(a, "n");
    if (flag(a, "S") && name !== undefined && ctx.target.index == null && selectNamed(ctx, name)) return;
    let index = ctx.target.index ?? null;
    if (flag(a, "a") || flag(a, "b")) index = session.shuffleUp(linkOf(ctx.target), flag(a, "b")) ?? index;
    let detached = flag(a, "d");
    const opts = paneOptions(ctx);
    const cwd = opts.cwd ?? defaultDirectory(ctx, session);
    const existing = index !== null ? session.linkAt(index) : undefined;
    if (existing) {
      if (!flag(a, "k")) throw new CommandError(`create window failed: index ${index} in use`);
      // Replacing the current window shows the new one, -d or not, as tmux (spawn_window's SPAWN_KILL).
      if (existing === session.curw) detached = false;
      model.replaceLink(session, existing);
    }
    const size = ctx.server.newWindowSize(session, ctx.client);
    const w = model.createWindow(session, { name, index: index ?? undefined, select: !detached, pane: { ...opts, cwd }, ...size });
    printNew(ctx, "#{session_name}:#{window_index}.#{pane_index}", { session, window: w, pane: w.active });
    ctx.insertHook?.("after-new-window", { session, window: w, pane: w.active });
  },
};

/** -S -n name: select the one window of that name if there is one (true), as tmux. */
function selectNamed(ctx: Parameters<CommandEntry["exec"]>[0], name: string): boolean {
  const session = ctx.target.session;
  const named = session.windows.filter((w) => w.name === name);
  if (named.length > 1) throw new CommandError(`multiple windows named ${name}`);
  const w = named[0];
  if (!w) return false;
  if (!flag(ctx.args, "d")) session.select(w);
  return true;
}
