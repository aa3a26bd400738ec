// bind-key (bind), unbind-key (unbind), list-keys (lsk): the key tables.
import { CommandError, flag, value, splitArgv } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { normalizeKeyName } from "../../mux/lang/keys.ts";

function table(a: Parameters<CommandEntry["exec"]>[0]["args"]): string {
  return value(a, "T") ?? (flag(a, "n") ? "root" : "prefix");
}

export const bindKey: CommandEntry = {
  name: "bind-key",
  alias: ["bind"],
  usage: "[-nr] [-T key-table] [-N note] key [command [argument ...]]",
  args: "nrN:T:",
  noSession: true,
  minArgs: 1,
  exec(ctx) {
    const [keyName, ...cmd] = ctx.args.positional;
    const key = normalizeKeyName(keyName!);
    if (!key) throw new CommandError(`unknown key: ${keyName}`);
    if (cmd.length === 0) throw new CommandError("no command");
    const commands = splitArgv(cmd);
    for (const c of commands) ctx.server.findCommand(c[0]!); // unknown commands fail now, not on the key press
    ctx.server.keys.bind(table(ctx.args), key, commands, flag(ctx.args, "r"), value(ctx.args, "N"));
  },
};

export const unbindKey: CommandEntry = {
  name: "unbind-key",
  alias: ["unbind"],
  usage: "[-anq] [-T key-table] key",
  args: "anqT:",
  noSession: true,
  maxArgs: 1,
  exec(ctx) {
    const keyName = ctx.args.positional[0];
    if (flag(ctx.args, "a")) {
      ctx.server.keys.unbind(table(ctx.args), null);
      return;
    }
    if (!keyName) throw new CommandError("missing key");
    const key = normalizeKeyName(keyName);
    if (!key) throw new CommandError(`unknown key: ${keyName}`);
    ctx.server.keys.unbind(table(ctx.args), key);
  },
};

export const listKeys: CommandEntry = {
  name: "list-keys",
  alias: ["lsk"],
  usage: "[-T key-table]",
  args: "1aNP:T:",
  noSession: true,
  exec(ctx) {
    const t = value(ctx.args, "T");
    if (t && !ctx.server.keys.table(t)) throw new CommandError(`table ${t} doesn't exist`);
    for (const line of ctx.server.keys.list(t)) ctx.print(line);
  },
};
