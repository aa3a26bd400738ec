// has-session (has): exit 0 if the session exists, 1 (with tmux's message) if not.
import type { CommandEntry } from "./context.ts";

export const hasSession: CommandEntry = {
  name: "has-session",
  alias: ["has"],
  usage: "[-t target-session]",
  args: "t:",
  target: "session",
  exec() {},
};
