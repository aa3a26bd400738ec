// swap-window (swapw): two windows exchange their places, in one session or across two; -s
// defaults to the marked pane's window (CMD_FIND_DEFAULT_MARKED).
import { flag } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { linkOf, sourceOf } from "./pane-moves.ts";
import { swapWindows } from "../../mux/model/window-moves.ts";

export const swapWindow: CommandEntry = {
  name: "swap-window",
  alias: ["swapw"],
  usage: "[-d] [-s src-window] [-t dst-window]",
  args: "ds:t:",
  maxArgs: 0,
  source: "window",
  sourceFlags: { defaultMarked: true },
  target: "window",
  exec(ctx) {
    swapWindows(linkOf(sourceOf(ctx)), linkOf(ctx.target), flag(ctx.args, "d"));
  },
};
