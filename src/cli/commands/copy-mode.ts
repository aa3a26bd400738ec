// copy-mode: enter copy mode on a pane (C-b [); -u starts a page up, -e leaves again at the
// bottom (the mouse wheel), -q leaves it.
import { flag } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { enterCopyMode } from "../../mux/model/index.ts";

export const copyMode: CommandEntry = {
  name: "copy-mode",
  usage: "[-eHMqu] [-s src-pane] [-t target-pane]",
  args: "eHMqus:t:",
  target: "pane",
  maxArgs: 0,
  exec(ctx) {
    const { pane } = ctx.target;
    if (flag(ctx.args, "q")) {
      pane.copyMode?.cancel();
      return;
    }
    enterCopyMode(ctx.model, pane, { pageUp: flag(ctx.args, "u"), exitAtBottom: flag(ctx.args, "e") });
  },
};
