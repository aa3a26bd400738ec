// set-environment (setenv): set or unset a variable in the global environment (-g) or a
// session's, which formats read (#{VAR}) and new panes inherit.
import { CommandError, flag, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { targetFlag } from "./pane-moves.ts";
import { format } from "./common.ts";

export const setEnvironment: CommandEntry = {
  name: "set-environment",
  alias: ["setenv"],
  usage: "[-Fhgru] [-t target-session] name [value]",
  args: "Fhgrt:u",
  minArgs: 1,
  maxArgs: 2,
  exec(ctx) {
    const [name, given] = ctx.args.positional as [string, string | undefined];
    if (name === "") throw new CommandError("empty variable name");
    if (name.includes("=")) throw new CommandError("variable name contains =");
    const unset = flag(ctx.args, "u") || flag(ctx.args, "r");
    if (given === undefined && !unset) throw new CommandError("no value specified");
    if (given !== undefined && flag(ctx.args, "u")) throw new CommandError("can't specify a value with -u");
    if (given !== undefined && flag(ctx.args, "r")) throw new CommandError("can't specify a value with -r");
    // -r (remove before a new process starts) has the same effect here as -u: panes start from this environment.
    const v = unset ? null : flag(ctx.args, "F") && given !== undefined ? format(ctx, given, { ...ctx.target, client: ctx.client }) : (given ?? "");
    if (flag(ctx.args, "g")) return ctx.server.setGlobalEnv(name, v);
    const env = targetFlag(ctx, value(ctx.args, "t"), "session").session.environment;
    if (v === null) delete env[name];
    else env[name] = v;
  },
};
