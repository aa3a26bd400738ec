// command-prompt: read a command on the status line and run it (C-b :). A template's %% / %1
// (%2, ... for more prompts, -p a,b) is replaced by what was typed; -I gives initial text, -1
// takes one key, -N takes digits until another key, which then does what it does, -k takes a
// key's name, -i runs the template at every change (copy mode's incremental search). Without -b
// what follows waits for the answer, as tmux's.
import { CommandError, flag, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { Prompt } from "../../mux/client/prompt.ts";
import { format } from "./common.ts";
import { commandsFrom } from "./arg-commands.ts";
import type { Model } from "../../mux/model/index.ts";
import { HistoryCursor, promptType, type PromptType } from "../../mux/model/prompt-history.ts";

/** The server's history of `type` for one prompt: a cursor from the newest, and where Enter adds. */
function historyOf(model: Model, type: PromptType): { cursor: HistoryCursor; add(line: string): void } {
  const store = model.promptHistory;
  return { cursor: new HistoryCursor(store, type), add: (line) => store.add(type, line, model.serverOptions.getNumber("prompt-history-limit")) };
}

export const commandPrompt: CommandEntry = {
  name: "command-prompt",
  usage: "[-1bFkiN] [-I inputs] [-p prompts] [-t target-client] [-T type] [template]",
  args: "1bFkiI:Np:t:T:",
  maxArgs: 1,
  commandArgs: () => true,
  exec(ctx) {
    const a = ctx.args;
    // The prompt goes on -t's client, else the caller, else the most recently active one (cmd_find_client).
    const client = ctx.server.targetClient(value(ctx.args, "t"), ctx.client);
    if (client.prompt) return;
    const typeName = value(a, "T") ?? "command";
    const type = promptType(typeName);
    if (!type) throw new CommandError(`unknown type: ${typeName}`);
    const template = a.values[0] ?? "%1";
    const given = value(a, "p");
    let labels: string[];
    if (given !== undefined) labels = given.split(",").map((p) => `${p} `);
    else if (a.values.length > 0) {
      const first = typeof template === "string" ? (/^[^ ,]*/.exec(template)?.[0] ?? "") : (template[0] ? ctx.server.findCommand(template[0].name).name : "");
      labels = [`(${first}) `];
    } else labels = [":"];
    const inputs = (value(a, "I") ?? "").split(",");
    const wait = !flag(a, "b") && !flag(a, "i");
    const answers: string[] = [];
    const incremental = flag(a, "i");
    const run = (texts: string[], queue: boolean) => {
      try {
        const list = commandsFrom(ctx, template, { texts, expand: flag(a, "F") });
        if (queue) ctx.item.insert(list);
        else ctx.server.runCommands(list, client);
      } catch (e) {
        if (!(e instanceof CommandError)) throw e;
        ctx.server.runner.reportError(client, null, e.message);
      }
    };
    return new Promise<void>((resolve) => {
      const ask = (i: number) => {
        const initial = format(ctx, inputs[i] ?? "", ctx.target);
        const prompt = new Prompt(labels[i] ?? "", initial, (text) => {
          client.closePrompt();
          // -i has answered at each change already: Enter only closes it, as tmux's.
          if (text === null || incremental) return resolve();
          answers.push(text);
          if (i + 1 < labels.length) return ask(i + 1);
          run(answers, wait);
          resolve();
        }, { single: flag(a, "1"), numeric: flag(a, "N"), key: flag(a, "k"), ...(incremental ? { incremental: (text: string) => run([...answers, text], false) } : {}) });
        prompt.history = historyOf(ctx.model, type);
        prompt.type = type;
        client.openPrompt(prompt);
      };
      ask(0);
      if (!wait) resolve();
    });
  },
};
