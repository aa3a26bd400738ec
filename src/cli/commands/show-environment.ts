// show-environment (showenv): a session's environment or the global one (-g), one variable or
// all, as NAME=value (-NAME when cleared) or with -s as shell commands; -h shows only hidden
// ones, as tmux's cmd-show-environment.c.
import { CommandError, flag, value } from "../../mux/lang/command.ts";
import type { EnvironEntry } from "../../mux/model/index.ts";
import type { CommandEntry } from "./context.ts";
import { environFor } from "./set-environment.ts";

/** POSIX interprets $ ` " and \ within double quotes. */
function shellQuoted(v: string): string {
  return v.replace(/[$`"\\]/g, "\\$&");
}

/** The line for one entry, or null when -h does not match its being hidden. */
export function environLine(e: EnvironEntry, hidden: boolean, shell: boolean): string | null {
  if (e.hidden !== hidden) return null;
  if (!shell) return e.value !== null ? `${e.name}=${e.value}` : `-${e.name}`;
  return e.value !== null ? `${e.name}="${shellQuoted(e.value)}"; export ${e.name};` : `unset ${e.name};`;
}

export const showEnvironment: CommandEntry = {
  name: "show-environment",
  alias: ["showenv"],
  usage: "[-hgs] [-t target-session] [name]",
  args: "hgst:",
  target: "session",
  targetFlags: { canFail: true },
  noSession: true,
  maxArgs: 1,
  exec(ctx) {
    const a = ctx.args;
    const t = value(a, "t");
    if (t !== undefined && !ctx.target?.session) throw new CommandError(`no such session: ${t}`);
    const env = environFor(ctx);
    const name = a.positional[0];
    const entries = name === undefined ? env.entries() : [env.find(name)];
    for (const e of entries) {
      if (!e) throw new CommandError(`unknown variable: ${name}`);
      const line = environLine(e, flag(a, "h"), flag(a, "s"));
      if (line !== null) ctx.print(line);
    }
  },
};
