// set-hook and show-hooks: hooks are options holding commands (tmux 3.3a's cmd-set-option.c and
// cmd-show-options.c handle them), so these wrap the model's setOption and showOptions; -R runs
// a hook now, at the target, as tmux's notify_hook.
import { setOption as runSet, showOptions as runShow, type PaneTarget } from "../../mux/model/index.ts";
import type { CommandEntry } from "./context.ts";
import { asCommandError, optionFlags, optionParsers, optionTarget } from "./option-context.ts";

export const setHook: CommandEntry = {
  name: "set-hook",
  usage: "[-agpRuw] [-t target-pane] hook [command]",
  args: "agpRt:uw",
  noSession: true,
  minArgs: 1,
  maxArgs: 2,
  // The command may be a { } block (ARGS_PARSE_COMMANDS_OR_STRING).
  commandArgs: (i) => i === 1,
  exec(ctx) {
    const { target, found } = optionTarget(ctx);
    const parsers = optionParsers(ctx, found);
    const r = asCommandError(() => runSet(ctx.model.options, target, "set-hook", optionFlags(ctx), ctx.args.positional, parsers));
    if (r.runHook === undefined) return;
    const s = found?.session ?? null;
    const at: PaneTarget | null = found?.window && found.pane ? { session: found.session, window: found.window, pane: found.pane } : s ? { session: s, window: s.current, pane: s.current.active } : null;
    // Inserted after this command, as tmux's notify_hook.
    const hook = ctx.server.hooks.now(r.runHook, at);
    if (hook) ctx.server.runner.insertHook(ctx.item, hook);
  },
};

export const showHooks: CommandEntry = {
  name: "show-hooks",
  usage: "[-gpw] [-t target-pane]",
  args: "gpt:w",
  noSession: true,
  maxArgs: 1,
  exec(ctx) {
    const { target, found } = optionTarget(ctx);
    const parsers = optionParsers(ctx, found);
    for (const line of asCommandError(() => runShow(ctx.model.options, target, "show-hooks", optionFlags(ctx), ctx.args.positional, parsers))) ctx.print(line);
  },
};
