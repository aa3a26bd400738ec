// clock-mode (C-b t): a big clock over a pane, on every client showing it, until a key is
// pressed there. A pane that is not its window's active pane becomes it (the clock is drawn
// where lists and views are: over the active pane).
import { CommandError } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";

export const clockMode: CommandEntry = {
  name: "clock-mode",
  usage: "[-t target-pane]",
  args: "t:",
  target: "pane",
  maxArgs: 0,
  exec(ctx) {
    const { pane, window } = ctx.target;
    const clients = [...ctx.server.clients].filter((c) => c.session?.current === window);
    if (clients.length === 0) throw new CommandError(`no client shows pane %${pane.id}`);
    window.setActive(pane);
    const style = () => (window.options.getString("clock-mode-style") === "12" ? "12" : "24");
    const colour = () => window.options.getString("clock-mode-colour");
    for (const client of clients) client.openClock(style, colour);
  },
};
