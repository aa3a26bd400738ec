// The command-alias server option: names that expand to a command (split-pane=split-window).
// Read in one place, from the server options as they are now, so the parser sees every change.
import type { Server } from "./server.ts";

/** The option's items (name=command), in index order (options_array_first, _next). */
export function commandAliases(server: Server): string[] {
  return server.model.serverOptions.getArray("command-alias").map(([, v]) => v);
}

/** What a name expands to, or undefined if it is no alias (cmd_get_alias). */
export function commandAlias(server: Server, name: string): string | undefined {
  for (const item of commandAliases(server)) {
    const eq = item.indexOf("=");
    if (eq !== -1 && item.slice(0, eq) === name) return item.slice(eq + 1);
  }
  return undefined;
}
