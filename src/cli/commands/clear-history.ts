// clear-history (clearhist): forget a pane's history (every row above its screen), leaving its
// modes first, as tmux's (copy mode's view would point into rows that are gone).
import type { CommandEntry } from "./context.ts";

export const clearHistory: CommandEntry = {
  name: "clear-history",
  alias: ["clearhist"],
  usage: "[-t target-pane]",
  args: "t:",
  target: "pane",
  maxArgs: 0,
  exec(ctx) {
    const { pane } = ctx.target;
    pane.copyMode?.cancel();
    pane.clearHistory();
  },
};
