// weft's global flags (-L, -S, -f, -C) before the tmux command. Commander parses them and owns
// --help, --version and the errors; the plain forms a script uses are read here without it, as
// loading commander (and the node modules it requires) took ~3 ms of every command's ~6.
import pkg from "../../package.json" with { type: "json" };

export interface GlobalFlags {
  L?: string;
  S?: string;
  f?: string;
  /** -C once (1) or twice, -CC (2 and more). */
  C: number;
  /** The tmux command and its arguments; empty: new-session. */
  command: string[];
}

const VALUE_FLAGS = new Set(["L", "S", "f"]);

/**
 * The flags as commander reads them, or null for anything but the forms read here: `-L name`
 * or `-Lname` (and -S, -f), `-C` / `-CC`, then the command. Help, the version, `--`, a combined
 * `-CL x`, an unknown flag, a missing value or one that looks like a flag go to commander.
 */
export function quickFlags(argv: readonly string[]): GlobalFlags | null {
  const flags: GlobalFlags = { C: 0, command: [] };
  let i = 0;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith("-") || a === "-") break;
    if (/^-C+$/.test(a)) {
      flags.C += a.length - 1;
      continue;
    }
    const name = a[1] ?? "";
    if (!VALUE_FLAGS.has(name)) return null;
    const value = a.length > 2 ? a.slice(2) : argv[++i];
    if (value === undefined || value.startsWith("-")) return null;
    flags[name as "L" | "S" | "f"] = value;
  }
  flags.command = argv.slice(i);
  return flags;
}

/** The flags through commander; a number when it has answered itself (help, version, an error): the exit code. */
export async function commanderFlags(argv: readonly string[]): Promise<GlobalFlags | number> {
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
    program.parse([...argv], { from: "user" });
  } catch (e) {
    const code = (e as { exitCode?: number }).exitCode;
    return typeof code === "number" ? code : 1;
  }
  const o = program.opts<{ L?: string; S?: string; f?: string; C: number }>();
  return { ...(o.L !== undefined ? { L: o.L } : {}), ...(o.S !== undefined ? { S: o.S } : {}), ...(o.f !== undefined ? { f: o.f } : {}), C: o.C, command: program.args };
}
