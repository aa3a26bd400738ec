// detach-client (detach): detach this client, one named by -t (its terminal, as list-clients
// shows it), every client of a session (-s), or all but this one (-a).
import { flag, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { targetFlag } from "./pane-moves.ts";

export const detachClient: CommandEntry = {
  name: "detach-client",
  alias: ["detach"],
  usage: "[-aP] [-s target-session] [-t target-client]",
  args: "aPs:t:",
  exec(ctx) {
    const { server, model, client } = ctx;
    const name = value(ctx.args, "t");
    if (name !== undefined) {
      server.targetClient(name, client).detach();
      return;
    }
    const spec = value(ctx.args, "s");
    if (spec !== undefined) {
      const s = targetFlag(ctx, spec, "session").session;
      for (const c of [...server.clients]) if (c.session === s) c.detach();
      return;
    }
    if (flag(ctx.args, "a")) {
      for (const c of [...server.clients]) if (c !== client && c.session) c.detach();
      return;
    }
    if (client?.session) {
      client.detach();
      return;
    }
    // From the command line: the clients attached to the current session.
    for (const c of [...server.clients]) if (c.session === ctx.target.session) c.detach();
  },
};
