// list-buffers (lsb): one line per paste buffer, newest first, or -F format; -f filters them.
import { value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { bufferFormat } from "./buffers.ts";
import { filtered } from "./common.ts";

export const LIST_BUFFERS_FORMAT = '#{buffer_name}: #{buffer_size} bytes: "#{buffer_sample}"';

export const listBuffers: CommandEntry = {
  name: "list-buffers",
  alias: ["lsb"],
  usage: "[-F format] [-f filter]",
  args: "F:f:",
  maxArgs: 0,
  noSession: true,
  exec(ctx) {
    const fmt = value(ctx.args, "F") ?? LIST_BUFFERS_FORMAT;
    for (const b of filtered(ctx, ctx.model.buffers, (f, b) => bufferFormat(ctx, f, b))) ctx.print(bufferFormat(ctx, fmt, b));
  },
};
