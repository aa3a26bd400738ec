// kill-server: end every session and the server.
import type { CommandEntry } from "./context.ts";

export const killServer: CommandEntry = {
  name: "kill-server",
  usage: "",
  args: "",
  noSession: true,
  exec(ctx) {
    // Answer the caller first; shutdown exits the process a moment later.
    setTimeout(() => ctx.server.shutdown(), 0);
  },
};
