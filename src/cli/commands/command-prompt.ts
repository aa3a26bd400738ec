// command-prompt: read a command on the status line and run it (C-b :); a template's %% (or %1)
// is replaced by what was typed, -I gives initial text, -p the prompt, -1 takes one key, -N
// takes digits until another key, which then does what it does.
import { CommandError, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { Prompt } from "../../mux/client/prompt.ts";
import { format } from "./common.ts";
import type { Model } from "../../mux/model/index.ts";
import { HistoryCursor, promptType, type PromptType } from "../../mux/model/prompt-history.ts";

/** The server's history of `type` for one prompt: a cursor from the newest, and where Enter adds. */
function historyOf(model: Model, type: PromptType): { cursor: HistoryCursor; add(line: string): void } {
  const store = model.promptHistory;
  return { cursor: new HistoryCursor(store, type), add: (line) => store.add(type, line, model.serverOptions.getNumber("prompt-history-limit")) };
}

export const commandPrompt: CommandEntry = {
  name: "command-prompt",
  usage: "[-1bFkiN] [-I inputs] [-p prompts] [-t target-client] [template]",
  args: "1bFkiNI:p:t:T:",
  maxArgs: 1,
  exec(ctx) {
    const client = ctx.client;
    if (!client?.session) throw new CommandError("no client to prompt");
    const template = ctx.args.positional[0];
    const label = value(ctx.args, "p") ?? (template ? "(command)" : "");
    const typeName = value(ctx.args, "T") ?? "command";
    const type = promptType(typeName);
    if (!type) throw new CommandError(`unknown type: ${typeName}`);
    const initial = format(ctx, value(ctx.args, "I") ?? "", ctx.target);
    const prompt = new Prompt(label ? `${label} ` : ":", initial, (text) => {
      client.closePrompt();
      if (text === null || text.trim() === "") return;
      const line = template ? template.replace(/%%|%1/g, text.replace(/(["\\$])/g, "\\$1")) : text;
      void client.runLine(line);
    }, ctx.args.flags.has("1"), ctx.args.flags.has("N"));
    prompt.history = historyOf(ctx.model, type);
    client.openPrompt(prompt);
  },
};
