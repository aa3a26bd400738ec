// show-options (show), show-window-options (showw): print options as "name value"; -v value only.
import { CommandError, flag } from "../../mux/lang/command.ts";
import type { CommandEntry, CommandContext } from "./context.ts";
import { OPTION_DEFS, formatOptionValue } from "../../mux/model/options.ts";
import { optionsFor } from "./set-option.ts";

function show(ctx: CommandContext, windowFlag: boolean): void {
  const a = ctx.args;
  const name = a.positional[0];
  const scope = flag(a, "s") ? "server" : windowFlag ? "window" : "session";
  const names = name ? [name] : [...OPTION_DEFS.values()].filter((d) => d.scope === scope).map((d) => d.name).sort();
  for (const n of names) {
    if (!OPTION_DEFS.has(n)) {
      if (flag(a, "q")) continue;
      throw new CommandError(`invalid option: ${n}`);
    }
    const opts = optionsFor(ctx, n, windowFlag);
    // Without -g, only values set on the target itself are shown (as tmux); -A would inherit.
    if (!flag(a, "g") && opts.parent && !opts.has(n) && !name) continue;
    const v = formatOptionValue(opts.get(n));
    ctx.print(flag(a, "v") ? v : `${n} ${/\s|^$/.test(v) ? JSON.stringify(v) : v}`);
  }
}

export const showOptions: CommandEntry = {
  name: "show-options",
  alias: ["show"],
  usage: "[-AgHpqsvw] [-t target-pane] [option]",
  args: "AgHpqsvwt:",
  target: "pane",
  noSession: true,
  maxArgs: 1,
  exec: (ctx) => show(ctx, flag(ctx.args, "w")),
};

export const showWindowOptions: CommandEntry = {
  name: "show-window-options",
  alias: ["showw"],
  usage: "[-gv] [-t target-window] [option]",
  args: "gvt:",
  target: "window",
  noSession: true,
  maxArgs: 1,
  exec: (ctx) => show(ctx, true),
};
