// list-commands (lscm): every command with its alias and usage, or one, through a format.
import { value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { format } from "./common.ts";

const DEFAULT = "#{command_list_name}#{?command_list_alias, (#{command_list_alias}),} #{command_list_usage}";

export const listCommands: CommandEntry = {
  name: "list-commands",
  alias: ["lscm"],
  usage: "[-F format] [command]",
  args: "F:",
  noSession: true,
  startServer: true,
  maxArgs: 1,
  exec(ctx) {
    const only = ctx.args.positional[0];
    const fmt = value(ctx.args, "F") ?? DEFAULT;
    for (const e of ctx.server.entries) {
      const alias = e.alias?.[0] ?? "";
      if (only !== undefined && e.name !== only && alias !== only) continue;
      const line = format(ctx, fmt, { ...(ctx.target ?? {}), extra: { command_list_name: e.name, command_list_alias: alias, command_list_usage: e.usage } });
      if (line !== "") ctx.print(line);
    }
  },
};
