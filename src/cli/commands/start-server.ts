// start-server (start): nothing itself; the client starts the server (and its config) for it.
import type { CommandEntry } from "./context.ts";

export const startServer: CommandEntry = {
  name: "start-server",
  alias: ["start"],
  usage: "",
  args: "",
  noSession: true,
  startServer: true,
  exec() {},
};
