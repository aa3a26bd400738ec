// rename-session (rename): give a session a new name.
import { CommandError } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { sessionName } from "../../mux/model/args-escape.ts";

export const renameSession: CommandEntry = {
  name: "rename-session",
  alias: ["rename"],
  usage: "[-t target-session] new-name",
  args: "t:",
  minArgs: 1,
  maxArgs: 1,
  target: "session",
  exec(ctx) {
    const { session } = ctx.target;
    const given = ctx.args.positional[0]!;
    const name = sessionName(given);
    if (name === null) throw new CommandError(`invalid session: ${given}`);
    if (ctx.model.sessions.some((s) => s !== session && s.name === name)) throw new CommandError(`duplicate session: ${name}`);
    session.rename(name);
  },
};
