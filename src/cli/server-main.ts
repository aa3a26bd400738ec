// Server mode (`weft __server -S path | -L name [-f file]... [-q] [-T]`): started detached by
// the first client. -L: the socket's name in the socket directory, which the server resolves
// (tmux's realpath, for a client run as tmux that has no node:fs); -q: the config files are the
// defaults, found here (tmux-name.ts; a missing one is no error) so that the client need not
// load node:fs; -T: run as tmux; -D: `weft -D`, in the foreground of its terminal (exit-empty
// off unless the config turns it on, ^C ends it).
import { Server } from "../mux/server/server.ts";
import { COMMANDS } from "./commands/index.ts";
import { gatherHost } from "../pty/index.ts";
import { mark, printMarks } from "./times.ts";
import { configFiles as defaultConfigFiles } from "./config-files.ts";
import { parseScheduler } from "../mux/model/parse-scheduler.ts";
import { accessible, nodeFs, F_OK } from "../pty/index.ts";
import { socketPath as joinedSocketPath } from "../mux/server/socket-path.ts";

/**
 * How the default config files are found without loading node:fs (~1 ms of the start) when
 * none exists: a file that access(2) cannot find has no real path either.
 */
const configLookup = {
  existsSync: (path: string) => accessible(path, F_OK),
  realpathSync: (path: string) => {
    if (!accessible(path, F_OK)) throw new Error(`${path}: no such file`);
    return nodeFs().realpathSync(path);
  },
};

/**
 * The executable starts with JavaScriptCore's tier-up thresholds ×50 (`--compile-jit-policy`
 * in package.json's build): code that runs once at start, a command now and then or a shell's
 * echo stays interpreted. An idle server that had compiled its start-up's code kept ~4.5 MiB
 * more of JIT code and heap, two JIT threads, and touched ~2.5 MiB more of the executable.
 * Output is what needs compiled code (xterm's parser, the frame encoder): at the first flood
 * the server takes the normal policy for the rest of its life.
 */
const FLOOD_JIT_POLICY = 1;

export async function runServer(argv: string[], version: string): Promise<number> {
  let socketPath = "";
  let socketName: string | undefined;
  const configFiles: string[] = [];
  let configQuiet = false;
  let asTmux = false;
  let foreground = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "-S") socketPath = argv[++i] ?? "";
    else if (argv[i] === "-L") socketName = argv[++i] ?? "";
    else if (argv[i] === "-f") configFiles.push(argv[++i] ?? "");
    else if (argv[i] === "-q") configQuiet = true;
    else if (argv[i] === "-T") asTmux = true;
    else if (argv[i] === "-D") foreground = true;
  }
  if (configQuiet && configFiles.length === 0) configFiles.push(...defaultConfigFiles(asTmux, configLookup));
  if (socketName !== undefined) socketPath = joinedSocketPath({ socketName, asTmux, realpathSync: (p) => nodeFs().realpathSync(p) });
  if (!socketPath) {
    console.error("weft __server: -S path or -L name is required");
    return 1;
  }
  process.title = asTmux ? "tmux: server" : "weft: server";
  // A hang-up of the terminal that started us must not end the server.
  process.on("SIGHUP", () => {});
  process.on("SIGTERM", () => server.shutdown());
  // The gather worker takes ~10 ms to start: let it do so while the first client connects,
  // not after its new-session has spawned the first pane.
  mark("server modules loaded");
  parseScheduler.onFirstFlood = () => Bun.unsafe.setJITPolicy(FLOOD_JIT_POLICY);
  gatherHost();
  mark("gather worker started");
  const server = new Server({ socketPath, commands: COMMANDS, configFiles, configQuiet, version, asTmux });
  mark("server made");
  try {
    await server.listen();
    mark("listening");
    if (foreground) {
      process.on("SIGINT", () => server.shutdown());
      server.startInForeground();
    }
    printMarks();
  } catch (e) {
    console.error(`weft server: ${(e as Error).message}`);
    return 1;
  }
  return new Promise<number>(() => {}); // runs until shutdown() exits the process
}
