// What set-option and show-options (and their window forms) hand the model's option functions:
// the -t target resolved as tmux's CMD_FIND_CANFAIL does, the flags, and the parsers for keys,
// commands, shells and formats that live outside the model.
import { CommandError, value } from "../../mux/lang/command.ts";
import type { CommandContext } from "./context.ts";
import { targetFlag } from "./pane-moves.ts";
import { canonicalKeyName } from "../../mux/lang/default-bindings.ts";
import { printCommandList } from "../../mux/lang/cmd-print.ts";
import { expandAt } from "../../mux/lang/format-vars.ts";
import { isUsableShell, OptionError, type OptionCommandContext, type OptionFlags, type OptionTarget, type Session, type Window, type Pane } from "../../mux/model/index.ts";

const FLAG_LETTERS = ["a", "A", "F", "g", "H", "o", "p", "q", "R", "s", "u", "U", "v", "w"] as const;

export function optionFlags(ctx: CommandContext): OptionFlags {
  const flags: OptionFlags = {};
  for (const f of FLAG_LETTERS) if (ctx.args.flags.has(f)) flags[f] = true;
  return flags;
}

/** What -t found: a pane, or (its window missing) only a session. */
type Found = { session: Session; window?: Window; pane?: Pane };

/**
 * -t may fail: the options commands then say "no such session/window/pane: X" only when they
 * need what is missing (set -g works with any -t). A window that is not found keeps its session.
 */
function resolve(ctx: CommandContext, spec: string | undefined): Found | null {
  try {
    return targetFlag(ctx, spec, "pane");
  } catch (e) {
    if (!(e instanceof CommandError) || spec === undefined) return null;
  }
  const colon = spec.indexOf(":");
  if (colon <= 0) return null;
  try {
    return { session: targetFlag(ctx, spec.slice(0, colon), "session").session };
  } catch {
    return null;
  }
}

export interface ResolvedOptions {
  target: OptionTarget;
  /** What formats (-F, the option name) expand in: the found target, or nothing. */
  found: Found | null;
}

export function optionTarget(ctx: CommandContext): ResolvedOptions {
  const spec = value(ctx.args, "t");
  const found = resolve(ctx, spec);
  const t: OptionTarget = spec === undefined ? {} : { target: spec };
  if (!found) return { target: t, found };
  t.session = found.session.options;
  if (found.window && found.pane) {
    t.window = found.window.options;
    t.pane = found.pane.options;
    t.windowPanes = [...found.window.panes.values()].map((p) => p.options);
  }
  return { target: t, found };
}

/** Key names, command lists, shells and formats as the option store needs them parsed. */
export function optionParsers(ctx: CommandContext, found: Found | null): OptionCommandContext {
  const lookup = (name: string) => {
    try {
      const e = ctx.server.findCommand(name);
      return { name: e.name, template: e.args };
    } catch {
      return undefined;
    }
  };
  return {
    // None is a key option's value for no key (prefix2's default), though bind-key refuses it.
    parseKey: (text) => (text.toLowerCase() === "none" ? "None" : canonicalKeyName(text)),
    parseCommand(text) {
      // As tmux's: parsed with the command table (unknown commands and bad flags are errors).
      const r = ctx.server.runner.parseString(text, ctx.client);
      if (!r.ok) throw new OptionError(r.error);
      return printCommandList(r.commands, lookup, false);
    },
    checkShell: (path) => isUsableShell(path) && !/\/(tmux|weft)$/.test(path) && path !== process.execPath,
    expand: (text) => expandAt(ctx.server, { client: ctx.client, ...(found ?? {}), ...(ctx.item.state.formats ? { extra: ctx.item.state.formats } : {}) }, text),
  };
}

/** The model's option errors are the user's: one line, exit 1. */
export function asCommandError<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof OptionError) throw new CommandError(e.message);
    throw e;
  }
}
