// suspend-client (suspendc, C-b C-z): the client gives its terminal back to the shell and stops
// as a job (SIGTSTP); `fg` brings it back, redrawn. The session runs on meanwhile.
import { CommandError, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";

export const suspendClient: CommandEntry = {
  name: "suspend-client",
  alias: ["suspendc"],
  usage: "[-t target-client]",
  args: "t:",
  maxArgs: 0,
  exec(ctx) {
    const client = ctx.server.targetClient(value(ctx.args, "t"), ctx.client);
    if (!client.session) throw new CommandError("client is not attached");
    client.suspend();
  },
};
