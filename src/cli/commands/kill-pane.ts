// kill-pane (killp): destroy a pane (-a: every other pane of its window).
import { flag } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";

export const killPane: CommandEntry = {
  name: "kill-pane",
  alias: ["killp"],
  usage: "[-a] [-t target-pane]",
  args: "at:",
  target: "pane",
  exec(ctx) {
    const { window, pane } = ctx.target;
    const victims = flag(ctx.args, "a") ? [...window.panes.values()].filter((p) => p !== pane) : [pane];
    for (const p of victims) ctx.model.killPane(p);
  },
};
