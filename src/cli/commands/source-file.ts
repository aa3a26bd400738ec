// source-file (source): run the commands in a file, one per line, tmux syntax.
import { CommandError } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";

export const sourceFile: CommandEntry = {
  name: "source-file",
  alias: ["source"],
  usage: "[-Fnqv] path ...",
  args: "Fnqvt:",
  noSession: true,
  minArgs: 1,
  exec(ctx) {
    const errors: string[] = [];
    for (const p of ctx.args.positional) {
      const path = p.startsWith("/") ? p : `${ctx.cwd}/${p}`;
      errors.push(...(ctx.server.sourceFile(path, ctx.args.flags.has("q")) ?? []));
    }
    if (errors.length) throw new CommandError(errors.join("\n"));
  },
};
