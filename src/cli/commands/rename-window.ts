// rename-window (renamew): give a window a fixed name.
import type { CommandEntry } from "./context.ts";

export const renameWindow: CommandEntry = {
  name: "rename-window",
  alias: ["renamew"],
  usage: "[-t target-window] new-name",
  args: "t:",
  minArgs: 1,
  maxArgs: 1,
  target: "window",
  exec(ctx) {
    const { window } = ctx.target;
    // A fixed name, as tmux's rename-window turning automatic-rename off.
    window.rename(ctx.args.positional[0]!);
  },
};
