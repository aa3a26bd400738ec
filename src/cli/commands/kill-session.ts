// kill-session: destroy a session, its windows and panes (-a: all other sessions).
import { flag } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";

export const killSession: CommandEntry = {
  name: "kill-session",
  usage: "[-a] [-t target-session]",
  args: "aCt:",
  target: "session",
  exec(ctx) {
    const { model } = ctx;
    const s = ctx.target.session;
    const victims = flag(ctx.args, "a") ? model.sessions.filter((x) => x !== s) : [s];
    for (const v of victims) model.destroySession(v);
  },
};
