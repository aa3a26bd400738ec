// load-buffer (loadb): a file's contents become a paste buffer (-b names it; -w also the clipboard).
import { nodeFs } from "../../pty/node-fs.ts";
import { CommandError, flag, value } from "../../mux/lang/command.ts";
import type { CommandContext, CommandEntry } from "./context.ts";
import { clientPath, readClientStdin } from "./buffers.ts";

export const loadBuffer: CommandEntry = {
  name: "load-buffer",
  alias: ["loadb"],
  usage: "[-w] [-b buffer-name] [-t target-client] path",
  args: "wb:t:",
  minArgs: 1,
  maxArgs: 1,
  noSession: true,
  exec(ctx) {
    const path = ctx.args.positional[0]!;
    if (path === "-") {
      // The client's stdin: an empty one makes no buffer, as tmux's.
      return readClientStdin(ctx).then((data) => {
        if (data !== "") store(ctx, data);
      });
    }
    const full = clientPath(ctx, path);
    let data: string;
    try {
      data = nodeFs().readFileSync(full, "utf8");
    } catch (e) {
      throw new CommandError(`${full}: ${(e as NodeJS.ErrnoException).code === "ENOENT" ? "No such file or directory" : (e as Error).message}`);
    }
    store(ctx, data);
  },
};

/** The new buffer (-b names it), and with -w the attached clients' clipboard. */
function store(ctx: CommandContext, data: string): void {
  ctx.model.addBuffer(data, value(ctx.args, "b"));
  if (flag(ctx.args, "w")) for (const c of ctx.server.clients) if (c.session) c.setClipboard(data);
}
