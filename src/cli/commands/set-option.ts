// set-option (set), set-window-option (setw): thin wrappers over the model's setOption, which
// does what tmux's cmd-set-option.c does (scopes, -a -F -g -o -p -q -s -u -U -w, arrays, @user).
import { setOption as runSet, type SetCommand } from "../../mux/model/index.ts";
import type { CommandEntry, CommandContext } from "./context.ts";
import { asCommandError, optionFlags, optionParsers, optionTarget } from "./option-context.ts";

function apply(ctx: CommandContext, command: SetCommand): void {
  const { target, found } = optionTarget(ctx);
  const parsers = optionParsers(ctx, found);
  asCommandError(() => runSet(ctx.model.options, target, command, optionFlags(ctx), ctx.args.positional, parsers));
}

export const setOption: CommandEntry = {
  name: "set-option",
  alias: ["set"],
  usage: "[-aFgopqsuUw] [-t target-pane] option [value]",
  args: "aFgopqsuUwt:",
  noSession: true,
  minArgs: 1,
  maxArgs: 2,
  // A hook's value may be a { } block (it is kept as the string tmux prints for it).
  commandArgs: (i) => i === 1,
  exec: (ctx) => apply(ctx, "set-option"),
};

export const setWindowOption: CommandEntry = {
  name: "set-window-option",
  alias: ["setw"],
  usage: "[-aFgoqu] [-t target-window] option [value]",
  args: "aFgoqut:",
  noSession: true,
  minArgs: 1,
  maxArgs: 2,
  commandArgs: (i) => i === 1,
  exec: (ctx) => apply(ctx, "set-window-option"),
};
