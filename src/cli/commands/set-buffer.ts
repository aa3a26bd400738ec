// set-buffer (setb): set a paste buffer's contents; -a appends, -b names it, -n renames it,
// -w also sends it to the clipboard.
import { CommandError, flag, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";

export const setBuffer: CommandEntry = {
  name: "set-buffer",
  alias: ["setb"],
  usage: "[-aw] [-b buffer-name] [-n new-buffer-name] [-t target-client] [data]",
  args: "awb:n:t:",
  maxArgs: 1,
  noSession: true,
  exec(ctx) {
    const a = ctx.args;
    const name = value(a, "b");
    const rename = value(a, "n");
    const data = a.positional[0];
    const { server, model } = ctx;
    if (rename !== undefined) {
      const b = model.getBuffer(name);
      if (model.buffers.some((x) => x.name === rename && x !== b)) throw new CommandError(`buffer ${rename} already exists`);
      model.setBuffer(b, { rename });
      if (data === undefined) return;
    }
    if (data === undefined) throw new CommandError("no data specified");
    const existing = name === undefined ? (flag(a, "a") ? model.buffers[0] : undefined) : model.buffers.find((b) => b.name === name);
    const text = flag(a, "a") && existing ? existing.data + data : data;
    if (existing) model.setBuffer(existing, { data: text });
    else model.addBuffer(text, name);
    if (flag(a, "w")) for (const c of server.clients) if (c.session) c.setClipboard(text);
  },
};
