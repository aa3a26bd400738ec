// weft's single entry point: the command line (commander for the global options, then a tmux
// command), the client, and, as `weft __server`, the server itself.
import { homedir } from "node:os";
import { join } from "node:path";
import pkg from "../../package.json" with { type: "json" };

const argv = process.argv.slice(2);

/** How this executable starts itself in server mode: compiled, or bun running this file. */
function selfArgv(): string[] {
  return Bun.main.startsWith("/$bunfs/") ? [process.execPath] : [process.execPath, Bun.main];
}

async function main(): Promise<number> {
  if (argv[0] === "__server") {
    const { runServer } = await import("./server-main.ts");
    return runServer(argv.slice(1), pkg.version);
  }
  if (argv[0] === "debug-pty") {
    const { debugPty } = await import("./debug-pty.ts");
    return debugPty(argv.slice(1));
  }

  // Loaded here, not at the top: the server has no use for it (with the node modules it requires,
  // ~6 ms to load in a compiled binary of its own).
  const { Command } = await import("commander");
  const program = new Command()
    .name("weft")
    .usage("[-L socket-name] [-S socket-path] [-f file] [command [flags]]")
    .description("A terminal multiplexer. Commands and flags are tmux's: weft new -d, weft split-window -h, weft send-keys, weft capture-pane -p ...")
    .version(`weft ${pkg.version}`, "-V, --version")
    .option("-L <socket-name>", "use a named socket in the socket directory")
    .option("-S <socket-path>", "use this socket path")
    .option("-f <file>", "configuration file (default ~/.config/weft/weft.conf)")
    .option("-C", "control mode (twice, -CC: for iTerm2, its terminal raw and the output in a DCS)", (_v: string, n: number) => n + 1, 0)
    .argument("[command...]", "a weft (tmux) command and its arguments; new-session when none")
    .passThroughOptions()
    .allowExcessArguments()
    .exitOverride();
  try {
    program.parse(argv, { from: "user" });
  } catch (e) {
    const code = (e as { exitCode?: number }).exitCode;
    return typeof code === "number" ? code : 1;
  }
  const o = program.opts<{ L?: string; S?: string; f?: string; C: number }>();
  const command: string[] = program.args.length ? program.args : ["new-session"];

  const { socketPath, ensureSocketDir, SocketDirError } = await import("../mux/server/socket-path.ts");
  const { commandStartsServer } = await import("./command-names.ts");
  let path: string;
  try {
    path = socketPath({ socketName: o.L, socketPath: o.S });
    if (!o.S) ensureSocketDir(join(path, ".."));
  } catch (e) {
    if (e instanceof SocketDirError) {
      console.error(`weft: ${e.message}`);
      return 1;
    }
    throw e;
  }
  const config = o.f ?? join(homedir(), ".config/weft/weft.conf");
  const { runClient } = await import("./client.ts");
  return runClient({
    socketPath: path,
    argv: command,
    startServer: commandStartsServer(command[0]!),
    serverArgv: [...selfArgv(), "__server", "-S", path, "-f", config],
    ...(o.C > 0 ? { control: o.C > 1 ? 2 : 1 } : {}),
  });
}

process.exit(await main());
