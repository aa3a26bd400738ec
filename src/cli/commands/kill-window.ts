// kill-window (killw): destroy a window and its panes (-a: every other window of its session).
import { flag } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";

export const killWindow: CommandEntry = {
  name: "kill-window",
  alias: ["killw"],
  usage: "[-a] [-t target-window]",
  args: "at:",
  target: "window",
  exec(ctx) {
    const { session, window } = ctx.target;
    const victims = flag(ctx.args, "a") ? session.windows.filter((w) => w !== window) : [window];
    for (const w of victims) ctx.model.killWindow(w);
  },
};
