// detach-client (detach): detach the target client (-t, else the current one as cmd-find
// chooses it), every client of a session (-s), or every client but the target (-a), as tmux;
// -P also hangs up the shell each client was started from.
import { flag, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import type { ClientConnection } from "../../mux/client/client-connection.ts";

export const detachClient: CommandEntry = {
  name: "detach-client",
  readOnly: true,
  alias: ["detach"],
  usage: "[-aP] [-s target-session] [-t target-client]",
  args: "aPs:t:",
  exec(ctx) {
    const { server } = ctx;
    const leave = (c: ClientConnection) => (flag(ctx.args, "P") ? c.detachAndHangUp() : c.detach());
    // tmux resolves the target client before anything else (CMD_CLIENT_TFLAG): with none
    // attached even -s fails with "no current client".
    const target = server.targetClient(value(ctx.args, "t"), ctx.client, ctx.env);
    const spec = value(ctx.args, "s");
    if (spec !== undefined) {
      const s = server.resolve(ctx, spec, "session", { canFail: true })?.session;
      if (s) for (const c of [...server.clients]) if (c.session === s) leave(c);
      return;
    }
    if (flag(ctx.args, "a")) {
      for (const c of [...server.clients]) if (c !== target && c.session) leave(c);
      return;
    }
    leave(target);
  },
};
