// The command-alias server option: names that expand to a command (split-pane=split-window).
// Read from the server options as they are now, so the parser sees every change; the items
// are kept as a map until the option changes (reactions.ts forgets it), as every command
// parsed asks for its name.
import type { Server } from "./server.ts";

/** The option's items (name=command), in index order (options_array_first, _next). */
export function commandAliases(server: Server): string[] {
  return server.model.serverOptions.getArray("command-alias").map(([, v]) => v);
}

/** Each server's aliases, name to command, the first item of a name winning (cmd_get_alias). */
const cached = new WeakMap<Server, Map<string, string>>();

/** What a name expands to, or undefined if it is no alias (cmd_get_alias). */
export function commandAlias(server: Server, name: string): string | undefined {
  let aliases = cached.get(server);
  if (!aliases) {
    aliases = new Map();
    for (const item of commandAliases(server)) {
      const eq = item.indexOf("=");
      if (eq !== -1 && !aliases.has(item.slice(0, eq))) aliases.set(item.slice(0, eq), item.slice(eq + 1));
    }
    cached.set(server, aliases);
  }
  return aliases.get(name);
}

/** The option changed (option-changed): read it again next time. */
export function forgetCommandAliases(server: Server): void {
  cached.delete(server);
}
