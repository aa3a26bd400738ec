// delete-buffer (deleteb): delete a paste buffer (the newest, or -b name).
import type { CommandEntry } from "./context.ts";
import { bufferArg } from "./buffers.ts";

export const deleteBuffer: CommandEntry = {
  name: "delete-buffer",
  alias: ["deleteb"],
  usage: "[-b buffer-name]",
  args: "b:",
  maxArgs: 0,
  noSession: true,
  exec(ctx) {
    const b = bufferArg(ctx);
    ctx.model.deleteBuffer(b);
  },
};
