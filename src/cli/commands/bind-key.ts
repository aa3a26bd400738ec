// bind-key (bind), unbind-key (unbind), list-keys (lsk): the key tables, as tmux's: a binding is
// a parsed command list (a { } block, one string, or the words after the key as a sequence).
import { CommandError, flag, value, type Args } from "../../mux/lang/command.ts";
import type { CommandEntry, CommandContext } from "./context.ts";
import { keyCode } from "../../mux/lang/default-bindings.ts";
import type { CommandList } from "../../mux/lang/cmd-parse.ts";

function table(a: Args): string {
  return value(a, "T") ?? (flag(a, "n") ? "root" : "prefix");
}

/** The commands after the key: a block as it is, one string parsed, several words as argv. */
function bindingCommands(ctx: CommandContext): CommandList | null {
  const rest = ctx.args.values.slice(1);
  const first = rest[0];
  if (first === undefined) return null;
  if (rest.length === 1 && typeof first !== "string") return first;
  const runner = ctx.server.runner;
  const parsed = rest.length === 1 && typeof first === "string" ? runner.parseString(first, null) : runner.parseArguments(rest, null);
  if (!parsed.ok) throw new CommandError(parsed.error);
  return parsed.commands;
}

export const bindKey: CommandEntry = {
  name: "bind-key",
  alias: ["bind"],
  usage: "[-nr] [-T key-table] [-N note] key [command [arguments]]",
  args: "nrN:T:",
  noSession: true,
  minArgs: 1,
  commandArgs: () => true,
  exec(ctx) {
    const keyName = ctx.args.positional[0] ?? "";
    if (keyCode(keyName) === null) throw new CommandError(`unknown key: ${keyName}`);
    ctx.server.keys.bind(table(ctx.args), keyName, bindingCommands(ctx), flag(ctx.args, "r"), value(ctx.args, "N"));
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
    const a = ctx.args;
    const keyName = a.positional[0];
    const quiet = flag(a, "q");
    const fail = (message: string): never => {
      throw new CommandError(quiet ? "" : message);
    };
    const name = table(a);
    if (flag(a, "a")) {
      if (keyName !== undefined) fail("key given with -a");
      if (!ctx.server.keys.table(name)) fail(`table ${name} doesn't exist`);
      ctx.server.keys.unbind(name, null);
      return;
    }
    if (keyName === undefined) return fail("missing key");
    if (keyCode(keyName) === null) fail(`unknown key: ${keyName}`);
    if (flag(a, "T") && !ctx.server.keys.table(name)) fail(`table ${name} doesn't exist`);
    ctx.server.keys.unbind(name, keyName);
  },
};

export const listKeys: CommandEntry = {
  name: "list-keys",
  alias: ["lsk"],
  usage: "[-1aN] [-P prefix-string] [-T key-table] [key]",
  args: "1aNP:T:",
  noSession: true,
  startServer: true,
  maxArgs: 1,
  exec(ctx) {
    const a = ctx.args;
    const only = a.positional[0];
    if (only !== undefined && keyCode(only) === null) throw new CommandError(`invalid key: ${only}`);
    const t = value(a, "T");
    if (t !== undefined && !ctx.server.keys.table(t)) throw new CommandError(`table ${t} doesn't exist`);
    const keys = ctx.server.keys;
    const lookup = ctx.server.runner.spec;
    const base = { ...(t !== undefined ? { table: t } : {}), ...(only !== undefined ? { only } : {}) };
    let lines: string[];
    if (flag(a, "N")) {
      const prefix = ctx.model.sessionOptions.getString("prefix");
      const p = value(a, "P");
      lines = keys.notes(lookup, { ...base, all: flag(a, "a"), first: flag(a, "1"), prefix: prefix === "None" ? null : prefix, ...(p !== undefined ? { prefixString: p } : {}) });
    } else lines = keys.list(lookup, base);
    if (only !== undefined && lines.length === 0) throw new CommandError(`unknown key: ${only}`);
    if (flag(a, "1") && flag(a, "N") && ctx.client?.session) {
      if (lines[0] !== undefined) ctx.client.showMessage(lines[0]);
      return;
    }
    for (const line of lines) ctx.print(line);
  },
};
