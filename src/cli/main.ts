// weft's single entry point: the command line (tmux's global options, then a tmux command), the
// client, and, as `weft __server`, the server itself. Run through a link named `tmux`, weft is a
// drop-in: tmux's -V, socket directory, config files and $TMUX in panes (see tmux-name.ts).
// A command from a script loads only the client's few modules: not node:fs, nor the server's;
// nor does a client that starts a server and attaches (the server finds the config files).
// Only the version: the bundle then holds that string, not all of package.json (~0.9 KB to load).
import { version } from "../../package.json" with { type: "json" };
import { mark, printMarks } from "./times.ts";
import { runsAsTmux, versionLine, usageLines } from "./tmux-name.ts";
import { socketPath, ensureSocketDir, socketDirReady, SocketDirError } from "../mux/server/socket-path.ts";
import { commandStartsServer } from "./command-names.ts";
import { runClient } from "./client.ts";
mark("main module");

const argv = process.argv.slice(2);
/** See main(): the client's code stays interpreted. */
const CLIENT_JIT_POLICY = 50;
/** Run as the compiled executable (npm run build), not by bun from the sources. */
const compiled = Bun.main.startsWith("/$bunfs/");

/** How this executable starts itself in server mode: compiled, or bun running this file. */
function selfArgv(): string[] {
  return compiled ? [process.execPath] : [process.execPath, Bun.main];
}

interface GlobalOptions {
  L?: string;
  S?: string;
  /** -f files, in order (tmux loads each). */
  f: string[];
  /** The command and its arguments, empty for new-session. */
  command: string[];
  /** -C given this many times: control mode (-CC: for iTerm2, the terminal raw and the output in a DCS). */
  C: number;
  /** -N: start no server, even for a command that would (new-session, start-server). */
  N: boolean;
  /** -c: a shell command to run with the server's default-shell (tmux as a login shell). */
  c?: string;
  /** -l: as a login shell (the -c shell's argv[0] then starts with "-"). */
  l: boolean;
  /** -D: this process is the server, in the foreground, and exit-empty is off. */
  D: boolean;
}

/** What the command line answers by itself (-V, --help, a bad option): printed by main. */
interface Answer {
  code: number;
  /** weft --help: the help text (help.ts, commander) rather than `out`. */
  help?: boolean;
  out?: string;
  err?: string;
}

/** tmux's getopt("2c:CDdf:lL:NqS:T:uUvV"): flags weft has no use for are accepted and ignored (help.ts says which). */
function parseGlobal(args: string[], prog: string): GlobalOptions | Answer {
  const o: GlobalOptions = { f: [], command: [], C: 0, N: false, l: false, D: false };
  // Strings, not Sets: a command from a script runs this once, interpreted.
  const takes = "cfLST";
  const known = "2CDdlNqUuvcfLSTV";
  const fail = (msg: string): Answer => ({ code: 1, err: `${prog}: ${msg}\n${usageLines(prog)}\n` });
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i] ?? "";
    if (a === "--") {
      i++;
      break;
    }
    // tmux's getopt knows no long option: any is its usage, exit 1. weft's own name has two.
    if (a.startsWith("--") && prog === "weft" && (a === "--help" || a === "--version")) return { code: 0, help: a === "--help", out: `${versionLine(prog, version)}\n` };
    if (a.startsWith("--")) return { code: 1, err: `${usageLines(prog)}\n` };
    if (!a.startsWith("-") || a === "-") break;
    for (let j = 1; j < a.length; j++) {
      const c = a[j] ?? "";
      if (!known.includes(c)) return fail(`unknown option -- ${c}`);
      if (c === "C") o.C++;
      if (c === "N") o.N = true;
      if (c === "l") o.l = true;
      if (c === "D") o.D = true;
      if (c === "V") return { code: 0, out: `${versionLine(prog, version)}\n` };
      if (!takes.includes(c)) continue;
      const v = j + 1 < a.length ? a.slice(j + 1) : args[++i];
      if (v === undefined) return fail(`option requires an argument -- ${c}`);
      if (c === "f") o.f.push(v);
      else if (c === "L") o.L = v;
      else if (c === "S") o.S = v;
      else if (c === "c") o.c = v;
      break;
    }
  }
  o.command = args.slice(i);
  // tmux: -c or a command, not both; -D takes none.
  if ((o.c !== undefined || o.D) && o.command.length > 0) return { code: 1, err: `${usageLines(prog)}\n` };
  return o;
}

async function main(): Promise<number> {
  if (argv[0] === "__server") {
    const { runServer } = await import("./server-main.ts");
    return runServer(argv.slice(1), version);
  }
  if (argv[0] === "debug-pty") {
    const { debugPty } = await import("./debug-pty.ts");
    return debugPty(argv.slice(1));
  }
  // The client's code runs once or waits: compiled, it only costs memory (an attached client
  // ~3 MiB more resident, and a JIT thread). 50× JavaScriptCore's tier-up thresholds keeps it
  // interpreted; a long relay (WEFT_RELAY=1) or control-mode stream still gets compiled. The
  // executable starts with it (the build's --compile-jit-policy): setting it again cost ~0.08 ms.
  if (!compiled) Bun.unsafe.setJITPolicy(CLIENT_JIT_POLICY);
  const asTmux = runsAsTmux(process.argv0);
  const prog = asTmux ? "tmux" : "weft";
  const o = parseGlobal(argv, prog);
  if ("code" in o) {
    // Bun.write, not process.stdout: the stream's set-up was ~2 ms of `weft -V` (libtmux runs
    // `tmux -V` for every server it makes).
    if (o.help) await Bun.write(Bun.stdout, (await import("./help.ts")).helpText(version));
    else if (o.out) await Bun.write(Bun.stdout, o.out);
    if (o.err) await Bun.write(Bun.stderr, o.err);
    return o.code;
  }
  if (o.c !== undefined) return runShellCommand(o, o.c);
  const startServer = !o.N && !o.D && commandStartsServer(o.command);
  // node:fs (~1.5 ms to load, ~2.5 MiB resident) only where it is needed: tmux's socket
  // directory under $TMUX_TMPDIR is resolved (realpath; it may not exist: then /tmp), or the
  // directory is to be made or found wrong. Under /tmp, a client run as tmux connects through
  // /tmp as it is (the same socket: the kernel follows any link); its messages resolve the path
  // (resolvedPath), and a server it starts resolves its own (-L: the server has node:fs).
  const fs = asTmux && process.env.TMUX_TMPDIR ? await import("node:fs") : null;
  const asIs = (p: string) => p;

  // Inside a pane or a job (no -L or -S), the server it belongs to: $TMUX's socket, as tmux's client.
  const inside = (asTmux ? process.env.TMUX : process.env.WEFT)?.split(",")[0];
  const S = o.S ?? (o.L === undefined && inside ? inside : undefined);
  let path: string;
  try {
    path = socketPath({ socketName: o.L, socketPath: S, asTmux, realpathSync: fs?.realpathSync ?? asIs });
  } catch (e) {
    if (!(e instanceof SocketDirError)) throw e;
    console.error(`${prog}: ${e.message}`);
    return 1;
  }
  // The directory is checked before a server is started or anything is sent: Bun's quick check
  // while it connects, and tmux's (node:fs: mkdir, lstat) only if that fails or no server answers.
  const resolvedPath =
    asTmux && !fs && !S ? async () => socketPath({ socketName: o.L, asTmux, realpathSync: (await import("node:fs")).realpathSync }) : undefined;
  const dir = path.slice(0, path.lastIndexOf("/"));
  const full = async () => {
    const shown = (await resolvedPath?.()) ?? path;
    return checkSocketDir(shown.slice(0, shown.lastIndexOf("/")), prog);
  };
  const socketDir = S ? undefined : { pending: socketDirReady(dir).then((ok) => (ok ? null : full())), full };
  if ((startServer || o.D) && socketDir) {
    const error = await socketDir.pending;
    if (error) {
      console.error(error);
      return 1;
    }
  }
  // The server's flags: without -f it looks for tmux's default files itself (-q).
  const serverFlags = [...(resolvedPath ? ["-L", o.L ?? "default"] : ["-S", path]), ...o.f.flatMap((f) => ["-f", f])];
  if (o.f.length === 0) serverFlags.push("-q");
  if (asTmux) serverFlags.push("-T");
  if (o.D) {
    const { runServer } = await import("./server-main.ts");
    return runServer([...serverFlags, "-D"], version);
  }
  const serverArgv = startServer ? [...selfArgv(), "__server", ...serverFlags] : [];
  return runClient({
    socketPath: path,
    argv: o.command,
    startServer,
    serverArgv,
    prog,
    ...(o.C > 0 ? { control: o.C > 1 ? 2 : 1 } : {}),
    ...(socketDir ? { socketDir } : {}),
    ...(resolvedPath ? { resolvedPath } : {}),
  });
}

/**
 * -c: tmux's login-shell mode. The server (started if need be, its config loaded) names the
 * default-shell, and the command runs in it with $SHELL set to it, as tmux's client execs it:
 * its stdio are this process's, its status this one's (a signal that ended it ends this one).
 */
async function runShellCommand(o: GlobalOptions, command: string): Promise<number> {
  const socket = o.S !== undefined ? ["-S", o.S] : o.L !== undefined ? ["-L", o.L] : [];
  const ask = Bun.spawnSync([...selfArgv(), ...socket, ...o.f.flatMap((f) => ["-f", f]), ...(o.N ? ["-N"] : []), "start-server", ";", "show-options", "-gv", "default-shell"], {
    argv0: process.argv0,
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (ask.exitCode !== 0) return ask.exitCode ?? 1;
  const shell = ask.stdout.toString().trim();
  const name = shell.slice(shell.lastIndexOf("/") + 1) || shell;
  const run = Bun.spawnSync([shell, "-c", command], { argv0: o.l ? `-${name}` : name, env: { ...process.env, SHELL: shell }, stdio: ["inherit", "inherit", "inherit"] });
  if (run.signalCode) process.kill(process.pid, run.signalCode);
  return run.exitCode ?? 1;
}

/** Make sure of the socket's directory as tmux does; its error for the user, or null. */
async function checkSocketDir(dir: string, prog: string): Promise<string | null> {
  try {
    ensureSocketDir(dir, await import("node:fs"));
    return null;
  } catch (e) {
    if (e instanceof SocketDirError) return `${prog}: ${e.message}`;
    throw e;
  }
}

const code = await main();
printMarks();
process.exit(code);
