// The default key tables as a server makes them by parsing and running each of tmux's default
// bind-key commands: what src/mux/server/default-keys.json must hold.
import { Server } from "../../../src/mux/server/server.ts";
import { COMMANDS } from "../../../src/cli/commands/index.ts";
import { saveKeyTables, type DefaultKeys } from "../../../src/mux/server/default-keys.ts";

export function parsedDefaultKeys(): DefaultKeys {
  const server = new Server({ socketPath: `/tmp/weft-keys-gen-${process.pid}.sock`, commands: COMMANDS, configFiles: [], version: "gen", parseDefaultBindings: true });
  return saveKeyTables(server.keys, server.skippedDefaultBindings);
}
