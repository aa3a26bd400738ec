// save-buffer (saveb): write a paste buffer to a file (relative to the client's directory);
// -a appends; "-" prints it.
import { nodeFs } from "../../pty/node-fs.ts";
import { CommandError, flag } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { bufferArg, clientPath, printBuffer } from "./buffers.ts";

export const saveBuffer: CommandEntry = {
  name: "save-buffer",
  alias: ["saveb"],
  usage: "[-a] [-b buffer-name] path",
  args: "ab:",
  minArgs: 1,
  maxArgs: 1,
  noSession: true,
  exec(ctx) {
    const b = bufferArg(ctx);
    const path = ctx.args.positional[0]!;
    if (path === "-") return printBuffer(ctx, b.data);
    const full = clientPath(ctx, path);
    try {
      if (flag(ctx.args, "a")) nodeFs().appendFileSync(full, b.data);
      else nodeFs().writeFileSync(full, b.data);
    } catch (e) {
      throw new CommandError(`${full}: ${(e as NodeJS.ErrnoException).code === "ENOENT" ? "No such file or directory" : (e as Error).message}`);
    }
  },
};
