// `weft --help`: the command line described through commander, the project's CLI library. It
// is loaded on this path only: the flags themselves are read by main.ts's parseGlobal, which is
// tmux's getopt to the letter (its bundled flags, its messages, its stop at the first
// argument), and costs a script's command nothing to load. Under the name tmux there is no
// --help, as in tmux (usage, exit 1).
import { Command } from "commander";
import { COMMAND_NAMES } from "./command-names.ts";
import { versionLine } from "./tmux-name.ts";

/** The global flags tmux 3.3a takes, as weft takes them: [flags, what they do here]. */
const FLAGS: readonly (readonly [string, string])[] = [
  ["-2", "accepted for tmux's command line (its -T 256); weft draws no differently for it"],
  ["-C", "control mode (tmux's protocol for scripts and iTerm2); -CC: without echo, the output wrapped for iTerm2"],
  ["-c <shell-command>", "run shell-command in the server's default-shell (tmux as a login shell), starting a server to ask it if need be"],
  ["-D", "be the server, in the foreground of this terminal (exit-empty off); no command with it"],
  ["-f <file>", "config file instead of ~/.config/weft/weft.conf or tmux's (/etc/tmux.conf, ~/.tmux.conf, ...); may be repeated"],
  ["-L <socket-name>", "the server's socket by name, in $WEFT_TMPDIR/weft-UID, $XDG_RUNTIME_DIR/weft or /tmp/weft-UID (default: default)"],
  ["-l", "behave as a login shell: with -c, the shell's argv[0] starts with -"],
  ["-N", "do not start a server, even for new-session or start-server"],
  ["-S <socket-path>", "the server's socket by path (-L is then ignored)"],
  ["-T <features>", "accepted for tmux's command line; weft draws no differently for it"],
  ["-u", "accepted for tmux's command line (its -T UTF-8); weft draws no differently for it"],
  ["-v", "accepted for tmux's command line; WEFT_SERVER_LOG=FILE logs the server"],
  ["-V", "print the version"],
];

/** The whole help text: usage, what each flag does, and every command with its aliases. */
export function helpText(version: string): string {
  const program = new Command("weft")
    .usage("[-2CDlNuvV] [-c shell-command] [-f file] [-L socket-name] [-S socket-path] [-T features] [command [flags]]")
    .description(`A terminal multiplexer that runs tmux's commands, config files and scripts (${versionLine("weft", version)}).`)
    .helpOption("--help", "print this help")
    .addHelpCommand(false);
  for (const [flags, what] of FLAGS) program.option(flags, what);
  for (const [name, aliases] of COMMAND_NAMES) program.command(name).aliases(aliases);
  return program.helpInformation() + "\n`weft list-commands` gives each command's flags; `man tmux` says what they do.\n";
}
