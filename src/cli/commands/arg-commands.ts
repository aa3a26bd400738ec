// An argument as commands (tmux's args_make_commands): a { } block as it is, a string parsed
// as a command line, with %% / %1 replaced by the given texts in either (templates).
import { CommandError, templateCommands, templateReplace } from "../../mux/lang/command.ts";
import type { CommandList } from "../../mux/lang/cmd-parse.ts";
import type { CommandContext } from "./context.ts";
import { format } from "./common.ts";
import type { ClientConnection } from "../../mux/client/client-connection.ts";

export interface ArgCommandsOptions {
  /** Texts for %1, %2, ... (and the first %%). */
  texts?: readonly string[];
  /** Expand the string as a format first (run-shell -C). */
  expand?: boolean;
}

/** The argument at `index` as a command list; throws the parser's error. */
export function argCommands(ctx: CommandContext, index: number, o: ArgCommandsOptions = {}): CommandList {
  const v = ctx.args.values[index];
  if (v === undefined) return [];
  return commandsFrom(ctx, v, o);
}

export function commandsFrom(ctx: CommandContext, v: string | CommandList, o: ArgCommandsOptions = {}): CommandList {
  const texts = o.texts ?? [];
  if (typeof v !== "string") return texts.length === 0 ? v : templateCommands(v, texts);
  let text = o.expand ? format(ctx, v, ctx.target ?? {}) : v;
  texts.forEach((t, i) => (text = templateReplace(text, t, i + 1)));
  const parsed = ctx.server.runner.parseString(text, ctx.client, ctx.origin);
  if (!parsed.ok) throw new CommandError(parsed.error);
  return parsed.commands;
}

/**
 * A template (a string or a block) filled in later, when a chooser, prompt or display-panes
 * picks something: the commands then run on that client's queue; a parse error shows on it.
 */
export function queueTemplate(ctx: CommandContext, client: ClientConnection, template: string | CommandList, texts: readonly string[]): void {
  let list: CommandList;
  try {
    list = commandsFrom(ctx, template, { texts });
  } catch (e) {
    if (!(e instanceof CommandError)) throw e;
    ctx.server.runner.reportError(client, null, e.message);
    return;
  }
  ctx.server.runCommands(list, client);
}
