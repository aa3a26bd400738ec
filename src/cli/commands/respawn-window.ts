// respawn-window (respawnw): a window back to one pane running its program again; the others
// go. A window with a live program needs -k.
import { CommandError, flag } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { respawn } from "./respawn-pane.ts";
import { linkOf } from "./pane-moves.ts";

export const respawnWindow: CommandEntry = {
  name: "respawn-window",
  alias: ["respawnw"],
  usage: "[-k] [-c start-directory] [-e environment] [-t target-window] [shell-command]",
  args: "c:e:kt:",
  target: "window",
  exec(ctx) {
    const { session, window: w } = ctx.target;
    const panes = w.orderedPanes();
    if (!flag(ctx.args, "k") && panes.some((p) => !p.dead)) {
      throw new CommandError(`respawn window failed: window ${session.name}:${linkOf(ctx.target).index} still active`);
    }
    // As tmux: the first pane stays, filling the window, and runs the program.
    const [first, ...rest] = panes;
    if (!first) return;
    for (const p of rest) ctx.model.killPane(p);
    w.setActive(first);
    respawn(ctx, session, first, "respawn window failed");
  },
};
