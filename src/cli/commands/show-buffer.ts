// show-buffer (showb): print a paste buffer (the newest, or -b name).
import type { CommandEntry } from "./context.ts";
import { bufferArg, printBuffer } from "./buffers.ts";

export const showBuffer: CommandEntry = {
  name: "show-buffer",
  alias: ["showb"],
  usage: "[-b buffer-name]",
  args: "b:",
  maxArgs: 0,
  noSession: true,
  exec(ctx) {
    printBuffer(ctx, bufferArg(ctx).data);
  },
};
