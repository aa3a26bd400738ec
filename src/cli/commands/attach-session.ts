// attach-session (attach, a): attach this terminal to a session.
import { flag, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { checkNesting, requireTerminal, setClientFlags, updateSessionEnviron } from "./common.ts";

export const attachSession: CommandEntry = {
  name: "attach-session",
  alias: ["attach", "a", "at"],
  usage: "[-dr] [-t target-session]",
  args: "dErxc:f:t:",
  target: "session",
  startServer: true,
  exec(ctx) {
    checkNesting(ctx);
    requireTerminal(ctx);
    const s = ctx.target.session;
    if (flag(ctx.args, "d")) for (const c of [...ctx.server.clients]) if (c.session === s && c !== ctx.client) c.detach();
    updateSessionEnviron(ctx, s);
    setClientFlags(ctx.client!, value(ctx.args, "f"));
    if (flag(ctx.args, "r")) setClientFlags(ctx.client!, "read-only,ignore-size");
    ctx.client!.attach(s, true);
  },
};
