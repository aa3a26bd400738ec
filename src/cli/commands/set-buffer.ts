// set-buffer (setb): set a paste buffer's contents; -a appends, -b names it, -n renames it,
// -w also sends it to the clipboard.
import { CommandError, flag, value, type CommandEntry } from "../../mux/lang/command.ts";

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
    const server = ctx.server;
    if (rename !== undefined) {
      const b = server.getBuffer(name);
      if (server.buffers.some((x) => x.name === rename && x !== b)) throw new CommandError(`buffer ${rename} already exists`);
      b.name = rename;
      b.automatic = false;
      if (data === undefined) return;
    }
    if (data === undefined) throw new CommandError("no data specified");
    const existing = name === undefined ? (flag(a, "a") ? server.buffers[0] : undefined) : server.buffers.find((b) => b.name === name);
    const text = flag(a, "a") && existing ? existing.data + data : data;
    if (existing) existing.data = text;
    else server.addBuffer(text, name);
    if (flag(a, "w")) for (const c of server.clients) if (c.session) c.setClipboard(text);
  },
};
