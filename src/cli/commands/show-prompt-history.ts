// show-prompt-history (showphist) and clear-prompt-history (clearphist): the command prompt's
// history of one type (-T command, search, target, window-target) or of each, as tmux's.
import { CommandError, value } from "../../mux/lang/command.ts";
import type { CommandContext, CommandEntry } from "./context.ts";
import { PROMPT_TYPES, promptType, type PromptType } from "../../mux/model/prompt-history.ts";

/** -T's type; every type without it. */
function types(ctx: CommandContext): readonly PromptType[] {
  const name = value(ctx.args, "T");
  if (name === undefined) return PROMPT_TYPES;
  const type = promptType(name);
  if (!type) throw new CommandError(`invalid type: ${name}`);
  return [type];
}

export const showPromptHistory: CommandEntry = {
  name: "show-prompt-history",
  alias: ["showphist"],
  usage: "[-T type]",
  args: "T:",
  maxArgs: 0,
  noSession: true,
  exec(ctx) {
    for (const type of types(ctx)) {
      // tmux's heading carries a newline of its own; an empty line ends each type.
      ctx.print(`History for ${type}:`);
      ctx.print("");
      ctx.model.promptHistory.lines(type).forEach((l, i) => ctx.print(`${i + 1}: ${l}`));
      ctx.print("");
    }
  },
};

export const clearPromptHistory: CommandEntry = {
  name: "clear-prompt-history",
  alias: ["clearphist"],
  usage: "[-T type]",
  args: "T:",
  maxArgs: 0,
  noSession: true,
  exec(ctx) {
    const all = value(ctx.args, "T") === undefined;
    for (const type of types(ctx)) ctx.model.promptHistory.clear(all ? undefined : type);
  },
};
