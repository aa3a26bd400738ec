// show-options (show), show-window-options (showw): thin wrappers over the model's showOptions,
// which prints as tmux's cmd-show-options.c (-A -g -H -p -q -s -v -w, arrays, inherited "*").
import { showOptions as runShow, type ShowCommand } from "../../mux/model/index.ts";
import type { CommandEntry, CommandContext } from "./context.ts";
import { asCommandError, optionFlags, optionParsers, optionTarget } from "./option-context.ts";

function show(ctx: CommandContext, command: ShowCommand): void {
  const { target, found } = optionTarget(ctx);
  const parsers = optionParsers(ctx, found);
  const lines = asCommandError(() => runShow(ctx.model.options, target, command, optionFlags(ctx), ctx.args.positional, parsers));
  for (const line of lines) ctx.print(line);
}

export const showOptions: CommandEntry = {
  name: "show-options",
  alias: ["show"],
  usage: "[-AgHpqsvw] [-t target-pane] [option]",
  args: "AgHpqsvwt:",
  noSession: true,
  maxArgs: 1,
  exec: (ctx) => show(ctx, "show-options"),
};

export const showWindowOptions: CommandEntry = {
  name: "show-window-options",
  alias: ["showw"],
  usage: "[-gv] [-t target-window] [option]",
  args: "gvt:",
  noSession: true,
  maxArgs: 1,
  exec: (ctx) => show(ctx, "show-window-options"),
};
