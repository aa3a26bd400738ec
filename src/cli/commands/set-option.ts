// set-option (set), set-window-option (setw): change an option globally (-g) or for a session
// or window; -u unsets, -a appends, -o only if unset, -q quiet.
import { CommandError, flag } from "../../mux/lang/command.ts";
import type { CommandEntry, CommandContext } from "./context.ts";
import { OPTION_DEFS, parseOptionValue, OptionError, type Options } from "../../mux/model/options.ts";

/** The Options an option name lives in for this invocation's flags and target. */
export function optionsFor(ctx: CommandContext, name: string, windowFlag: boolean): Options {
  const def = OPTION_DEFS.get(name);
  if (!def) throw new CommandError(`invalid option: ${name}`);
  const g = flag(ctx.args, "g");
  const { model } = ctx;
  if (def.scope === "server" || flag(ctx.args, "s")) return model.serverOptions;
  if (def.scope === "window" || windowFlag) {
    if (g || !ctx.target) return model.windowOptions;
    return ctx.target.window.options;
  }
  if (g || !ctx.target) return model.sessionOptions;
  return ctx.target.session.options;
}

function apply(ctx: CommandContext, windowFlag: boolean): void {
  const a = ctx.args;
  const [name, text] = a.positional;
  if (!name) throw new CommandError("no option name");
  const def = OPTION_DEFS.get(name);
  if (!def) {
    if (flag(a, "q")) return;
    throw new CommandError(`invalid option: ${name}`);
  }
  const opts = optionsFor(ctx, name, windowFlag);
  if (flag(a, "u")) opts.unset(name);
  else if (flag(a, "o") && opts.has(name) && opts.parent === null) throw new CommandError(`already set: ${name}`);
  else {
    try {
      const current = opts.get(name);
      const v = flag(a, "a") && typeof current === "string" ? current + (text ?? "") : parseOptionValue(def, text, current);
      opts.set(name, v);
    } catch (e) {
      if (e instanceof OptionError) throw new CommandError(e.message);
      throw e;
    }
  }
}

export const setOption: CommandEntry = {
  name: "set-option",
  alias: ["set"],
  usage: "[-aFgopqsuUw] [-t target-pane] option [value]",
  args: "aFgopqsuUwt:",
  target: "pane",
  noSession: true,
  minArgs: 1,
  maxArgs: 2,
  // A hook's value may be a { } block (it is kept as the string tmux prints for it).
  commandArgs: (i) => i === 1,
  exec: (ctx) => apply(ctx, flag(ctx.args, "w")),
};

export const setWindowOption: CommandEntry = {
  name: "set-window-option",
  alias: ["setw"],
  usage: "[-aFgoqu] [-t target-window] option [value]",
  args: "aFgoqut:",
  target: "window",
  noSession: true,
  minArgs: 1,
  maxArgs: 2,
  exec: (ctx) => apply(ctx, true),
};

