// detach-client (detach): detach the target client (-t, else the current one as cmd-find
// chooses it), every client of a session (-s), or every client but the target (-a), as tmux;
// -P also hangs up the shell each client was started from; -E runs a command in each client's place.
import { flag, value } from "../../mux/lang/command.ts";
import { isUsableShell } from "../../mux/model/index.ts";
import type { CommandEntry } from "./context.ts";
import type { ClientConnection } from "../../mux/client/client-connection.ts";

export const detachClient: CommandEntry = {
  name: "detach-client",
  readOnly: true,
  alias: ["detach"],
  usage: "[-aP] [-E shell-command] [-s target-session] [-t target-client]",
  args: "aE:Ps:t:",
  exec(ctx) {
    const { server } = ctx;
    const command = value(ctx.args, "E");
    const leave = (c: ClientConnection) => {
      if (command === undefined) return flag(ctx.args, "P") ? c.detachAndHangUp() : c.detach();
      // As tmux's server_client_exec: an empty command does nothing; the shell is the client's session's.
      if (command === "") return;
      const shell = (c.session?.options ?? ctx.model.sessionOptions).getString("default-shell");
      c.detachToCommand(command, isUsableShell(shell) ? shell : "/bin/sh");
    };
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
