// rotate-window (rotatew): the panes of a window move one place along pane order (-U, the
// default: towards the first; -D: towards the last), keeping the active place active, as tmux's
// C-b C-o and C-b M-o.
import { flag } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { settle } from "./pane-moves.ts";

export const rotateWindow: CommandEntry = {
  name: "rotate-window",
  alias: ["rotatew"],
  usage: "[-DUZ] [-t target-window]",
  args: "DUZt:",
  maxArgs: 0,
  target: "window",
  exec(ctx) {
    const w = ctx.target.window;
    const zoomed = w.zoomed;
    w.unzoom();
    const place = w.orderedPanes().indexOf(w.active);
    w.layout.rotate(flag(ctx.args, "D"));
    const now = w.orderedPanes();
    w.setActive(now[place] ?? now[0]!);
    settle(ctx, w);
    if (zoomed && flag(ctx.args, "Z")) w.toggleZoom(w.active); // -Z: keep the window zoomed
  },
};
