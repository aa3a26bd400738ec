// show-buffer (showb): print a paste buffer (the newest, or -b name).
import type { CommandEntry } from "./context.ts";
import { bufferArg } from "./buffers.ts";

export const showBuffer: CommandEntry = {
  name: "show-buffer",
  alias: ["showb"],
  usage: "[-b buffer-name]",
  args: "b:",
  maxArgs: 0,
  noSession: true,
  exec(ctx) {
    ctx.print(bufferArg(ctx).data);
  },
};
