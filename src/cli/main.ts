// weft's single entry point: the command line (the global flags, then a tmux command), the
// client, and, as `weft __server`, the server itself. A command from a script loads only the
// client's few modules: not commander (unless the flags need it), node:fs or the server's.
import { homedir } from "node:os";
import { join } from "node:path";
import { mark, printMarks } from "./times.ts";
import { quickFlags, commanderFlags } from "./global-flags.ts";
import { socketPath, ensureSocketDir, socketDirReady, SocketDirError } from "../mux/server/socket-path.ts";
import { commandStartsServer } from "./command-names.ts";
import { runClient } from "./client.ts";
mark("main module");

const argv = process.argv.slice(2);
const CLIENT_JIT_POLICY = 50;

/** How this executable starts itself in server mode: compiled, or bun running this file. */
function selfArgv(): string[] {
  return Bun.main.startsWith("/$bunfs/") ? [process.execPath] : [process.execPath, Bun.main];
}

/** Make sure of the socket's directory as tmux does; its error for the user, or null. */
async function checkSocketDir(dir: string): Promise<string | null> {
  try {
    ensureSocketDir(dir, await import("node:fs"));
    return null;
  } catch (e) {
    if (e instanceof SocketDirError) return `weft: ${e.message}`;
    throw e;
  }
}

async function main(): Promise<number> {
  if (argv[0] === "__server") {
    const [{ runServer }, { default: pkg }] = await Promise.all([import("./server-main.ts"), import("../../package.json", { with: { type: "json" } })]);
    return runServer(argv.slice(1), pkg.version);
  }
  if (argv[0] === "debug-pty") {
    const { debugPty } = await import("./debug-pty.ts");
    return debugPty(argv.slice(1));
  }
  // The client's code runs once or waits: compiled, it only costs memory (an attached client
  // ~3 MiB more resident, and a JIT thread). 50× JavaScriptCore's tier-up thresholds keeps it
  // interpreted; a long relay (WEFT_RELAY=1) or control-mode stream still gets compiled.
  Bun.unsafe.setJITPolicy(CLIENT_JIT_POLICY);
  const o = quickFlags(argv) ?? (await commanderFlags(argv));
  if (typeof o === "number") return o;
  const command = o.command.length ? o.command : ["new-session"];
  const startServer = commandStartsServer(command[0]!);
  let path: string;
  try {
    path = socketPath({ socketName: o.L, socketPath: o.S });
  } catch (e) {
    if (!(e instanceof SocketDirError)) throw e;
    console.error(`weft: ${e.message}`);
    return 1;
  }
  // The directory is checked before a server is started or anything is sent. A command that
  // starts none makes Bun's quick check while it connects, and tmux's (node:fs, lstat) only if
  // that fails or no server answers.
  const dir = join(path, "..");
  const full = () => checkSocketDir(dir);
  const socketDir = o.S ? undefined : { pending: startServer ? full() : socketDirReady(dir).then((ok) => (ok ? null : full())), full };
  if (startServer && socketDir) {
    const error = await socketDir.pending;
    if (error) return fail(error);
  }
  const config = o.f ?? join(homedir(), ".config/weft/weft.conf");
  return runClient({
    socketPath: path,
    argv: command,
    startServer,
    serverArgv: [...selfArgv(), "__server", "-S", path, "-f", config],
    ...(o.C > 0 ? { control: o.C > 1 ? 2 : 1 } : {}),
    ...(socketDir ? { socketDir } : {}),
  });
}

function fail(message: string): number {
  console.error(message);
  return 1;
}

const code = await main();
printMarks();
process.exit(code);
