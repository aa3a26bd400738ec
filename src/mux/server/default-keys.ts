// Which of tmux's default key bindings weft can load: one whose commands (or copy mode's
// `send-keys -X` commands) weft lacks is left out until it has them (Server.loadDefaultBindings).
import type { Arg } from "../lang/cmd-parse.ts";
import { findEntry } from "../lang/command.ts";
import { splitArgs } from "../lang/cmd-print.ts";
import { isCopyModeCommand } from "../lang/copy-mode-keys.ts";

type Check = (name: string, args: readonly Arg[]) => string | undefined;

/** The parser's check, plus: send-keys -X must name a copy-mode command weft has. */
export function defaultBindingCheck(entries: readonly { name: string; alias?: string[]; args: string }[], check: Check): Check {
  return (name, args) => {
    const cause = check(name, args);
    if (cause !== undefined) return cause;
    const entry = findEntry(entries, name);
    if (entry.name !== "send-keys") return undefined;
    const split = splitArgs(entry.args, args);
    if (!("flags" in split) || !split.flags.has("X")) return undefined;
    const command = split.values[0];
    return typeof command === "string" && !isCopyModeCommand(command) ? `unknown command: ${command}` : undefined;
  };
}
