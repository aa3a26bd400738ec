// load-buffer (loadb): a file's contents become a paste buffer (-b names it; -w also the clipboard).
import { readFileSync } from "node:fs";
import { CommandError, flag, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { clientPath, noStdin } from "./buffers.ts";

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
    noStdin(path);
    const full = clientPath(ctx, path);
    let data: string;
    try {
      data = readFileSync(full, "utf8");
    } catch (e) {
      throw new CommandError(`${full}: ${(e as NodeJS.ErrnoException).code === "ENOENT" ? "No such file or directory" : (e as Error).message}`);
    }
    ctx.model.addBuffer(data, value(ctx.args, "b"));
    if (flag(ctx.args, "w")) for (const c of ctx.server.clients) if (c.session) c.setClipboard(data);
  },
};
