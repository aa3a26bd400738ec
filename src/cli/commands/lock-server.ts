// lock-server (lock), lock-session (locks) and lock-client (lockc): each attached client (of
// the server, the session, or the one named) clears its terminal and runs its session's
// lock-command there until it exits, as tmux's server_lock_client; lock-after-time does the
// same for a session idle that long (server/idle-lock.ts).
import { value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";

export const lockServer: CommandEntry = {
  name: "lock-server",
  alias: ["lock"],
  usage: "",
  args: "",
  maxArgs: 0,
  noSession: true,
  exec(ctx) {
    for (const c of [...ctx.server.clients]) c.lock();
  },
};

export const lockSession: CommandEntry = {
  name: "lock-session",
  alias: ["locks"],
  usage: "[-t target-session]",
  args: "t:",
  maxArgs: 0,
  target: "session",
  exec(ctx) {
    for (const c of [...ctx.server.clients]) if (c.session === ctx.target.session) c.lock();
  },
};

export const lockClientCommand: CommandEntry = {
  name: "lock-client",
  alias: ["lockc"],
  usage: "[-t target-client]",
  args: "t:",
  maxArgs: 0,
  exec(ctx) {
    ctx.server.targetClient(value(ctx.args, "t"), ctx.client).lock();
  },
};
