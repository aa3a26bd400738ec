// kill-session: destroy a session, its windows and panes (-a: all other sessions).
import { flag, type CommandEntry } from "../../mux/lang/command.ts";

export const killSession: CommandEntry = {
  name: "kill-session",
  usage: "[-a] [-t target-session]",
  args: "aCt:",
  target: "session",
  exec(ctx) {
    const { server } = ctx;
    const s = ctx.target.session;
    const victims = flag(ctx.args, "a") ? server.sessions.filter((x) => x !== s) : [s];
    for (const v of victims) server.destroySession(v, true);
  },
};
