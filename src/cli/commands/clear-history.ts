// clear-history (clearhist): forget a pane's scrollback (its screen stays), leaving copy mode
// first, as tmux's window_pane_reset_mode_all and grid_clear_history.
import type { CommandEntry } from "./context.ts";
import { modeChanged } from "../../mux/model/index.ts";

/** ED 3: erase the saved lines, parsed in order with the program's output. */
const ERASE_SCROLLBACK = "\x1b[3J";

export const clearHistory: CommandEntry = {
  name: "clear-history",
  alias: ["clearhist"],
  usage: "[-t target-pane]",
  args: "t:",
  maxArgs: 0,
  target: "pane",
  exec(ctx) {
    const { pane } = ctx.target;
    if (pane.copyMode) {
      pane.copyMode.dispose();
      pane.copyMode = null;
      modeChanged(ctx.model, pane);
    }
    pane.writeToScreen(ERASE_SCROLLBACK);
  },
};
