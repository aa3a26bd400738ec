// rename-session (rename): give a session a new name.
import { CommandError } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";

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
    const name = ctx.args.positional[0]!;
    if (name === "" || name.includes(":") || name.includes(".")) throw new CommandError(`invalid session: ${name}`);
    if (ctx.model.sessions.some((s) => s !== session && s.name === name)) throw new CommandError(`duplicate session: ${name}`);
    session.rename(name);
  },
};
