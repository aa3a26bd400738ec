// The command-alias server option: names that expand to a command (split-pane=split-window).
// Read in one place so the parser sees the option as it is set.
import { findOptionEntry } from "../model/options-table.ts";
import type { Server } from "./server.ts";

/** tmux 3.3a's default aliases, from the option table. */
function defaultAliases(): string[] {
  const d = findOptionEntry("command-alias")?.default;
  return Array.isArray(d) ? d.map(String) : [];
}

/** The option's items (name=command), in index order. */
export function commandAliases(server: Server): string[] {
  return server.aliasItems ?? defaultAliases();
}

/** What a name expands to, or undefined if it is no alias (cmd_get_alias). */
export function commandAlias(server: Server, name: string): string | undefined {
  for (const item of commandAliases(server)) {
    const eq = item.indexOf("=");
    if (eq !== -1 && item.slice(0, eq) === name) return item.slice(eq + 1);
  }
  return undefined;
}
