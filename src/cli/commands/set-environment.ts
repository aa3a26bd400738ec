// set-environment (setenv): set, clear (-r), hide (-h) or remove (-u) a variable in a session's
// environment or the global one (-g), as tmux's cmd-set-environment.c, with its messages.
import { CommandError, flag, value } from "../../mux/lang/command.ts";
import type { Environ } from "../../mux/model/index.ts";
import type { CommandContext, CommandEntry } from "./context.ts";
import { format } from "./common.ts";

/** -g's global environment, else the target session's; "no such session" when -t found none. */
export function environFor(ctx: CommandContext): Environ {
  if (flag(ctx.args, "g")) return ctx.model.environ;
  const s = ctx.target?.session;
  if (!s) {
    const t = value(ctx.args, "t");
    throw new CommandError(t !== undefined ? `no such session: ${t}` : "no current session");
  }
  return s.environ;
}

export const setEnvironment: CommandEntry = {
  name: "set-environment",
  alias: ["setenv"],
  usage: "[-Fhgru] [-t target-session] name [value]",
  args: "Fhgrt:u",
  target: "session",
  targetFlags: { canFail: true },
  noSession: true,
  minArgs: 1,
  maxArgs: 2,
  exec(ctx) {
    const a = ctx.args;
    const [name = "", raw] = a.positional;
    if (name === "") throw new CommandError("empty variable name");
    if (name.includes("=")) throw new CommandError("variable name contains =");
    const v = raw !== undefined && flag(a, "F") ? format(ctx, raw, ctx.target ?? {}) : raw;
    const env = environFor(ctx);
    if (flag(a, "u")) {
      if (v !== undefined) throw new CommandError("can't specify a value with -u");
      env.unset(name);
    } else if (flag(a, "r")) {
      if (v !== undefined) throw new CommandError("can't specify a value with -r");
      env.clear(name);
    } else {
      if (v === undefined) throw new CommandError("no value specified");
      env.set(name, v, flag(a, "h"));
    }
  },
};
