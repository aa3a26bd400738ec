// start-server (start): start the server, doing nothing else; its config file may make
// sessions, and without any the server exits again (exit-empty), as tmux's.
import type { CommandEntry } from "./context.ts";

export const startServer: CommandEntry = {
  name: "start-server",
  alias: ["start"],
  usage: "",
  args: "",
  maxArgs: 0,
  noSession: true,
  startServer: true,
  exec() {},
};
