// last-pane (lastp): back to the window's previously active pane.
import { CommandError, flag } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";

export const lastPane: CommandEntry = {
  name: "last-pane",
  alias: ["lastp"],
  usage: "[-deZ] [-t target-window]",
  args: "deZt:",
  target: "window",
  exec(ctx) {
    const { session, window } = ctx.target;
    const last = window.lastPane;
    if (!last || !window.panes.has(last.id)) throw new CommandError("no last pane");
    const zoomed = window.zoomed !== null;
    window.setActive(last);
    if (flag(ctx.args, "Z") && zoomed && !window.zoomed) window.toggleZoom(last);
    session.select(window);
  },
};
