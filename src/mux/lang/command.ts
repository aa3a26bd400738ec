// The command table's shape, tmux-style argument parsing, and the splitting of command lines
// (config files, key bindings, the ':' prompt) into argv lists.
import { UserError } from "../model/errors.ts";
import type { Model, PaneTarget } from "../model/index.ts";
import type { FindFlags } from "./cmd-find.ts";

/** A mistake the user made: reported as one line, exit code 1, nothing else changes. */
export class CommandError extends UserError {}

export interface Args {
  /** Flags given, with their (last) value or true. */
  flags: Map<string, string | true>;
  /** Every value of flags given more than once (-e A=1 -e B=2). */
  all: Map<string, string[]>;
  positional: string[];
}

export function flag(a: Args, f: string): boolean {
  return a.flags.has(f);
}

export function value(a: Args, f: string): string | undefined {
  const v = a.flags.get(f);
  return typeof v === "string" ? v : undefined;
}

/**
 * Parse argv by a getopt template as tmux's: "dhvl:t:" — letters are flags, a colon after one
 * takes a value. Flags come before positionals; `--` ends them; "-" alone is a positional.
 */
export function parseArgs(template: string, argv: string[], usage: string, minPos = 0, maxPos = Infinity, long: Record<string, boolean> = {}): Args {
  const takes = new Map<string, boolean>();
  for (let i = 0; i < template.length; i++) {
    const c = template[i]!;
    if (c === ":") continue;
    takes.set(c, template[i + 1] === ":");
  }
  const a: Args = { flags: new Map(), all: new Map(), positional: [] };
  let i = 0;
  for (; i < argv.length; i++) {
    const s = argv[i]!;
    if (s === "--") {
      i++;
      break;
    }
    if (!s.startsWith("-") || s === "-") break;
    if (s.startsWith("--")) {
      // weft's own long options (--layout FILE, --json): declared per command.
      const eq = s.indexOf("=");
      const name = s.slice(2, eq > 0 ? eq : undefined);
      const hasValue = long[name];
      if (hasValue === undefined) throw new CommandError(`unknown option --${name}\nusage: ${usage}`);
      if (!hasValue) {
        a.flags.set(name, true);
        continue;
      }
      const v = eq > 0 ? s.slice(eq + 1) : argv[++i];
      if (v === undefined) throw new CommandError(`--${name} expects an argument\nusage: ${usage}`);
      a.flags.set(name, v);
      continue;
    }
    for (let j = 1; j < s.length; j++) {
      const f = s[j]!;
      const hasValue = takes.get(f);
      if (hasValue === undefined) throw new CommandError(`unknown flag -${f}\nusage: ${usage}`);
      if (!hasValue) {
        a.flags.set(f, true);
        continue;
      }
      let v = s.slice(j + 1);
      if (v === "") {
        const next = argv[++i];
        if (next === undefined) throw new CommandError(`-${f} expects an argument\nusage: ${usage}`);
        v = next;
      }
      a.flags.set(f, v);
      a.all.set(f, [...(a.all.get(f) ?? []), v]);
      break;
    }
  }
  a.positional = argv.slice(i);
  if (a.positional.length < minPos || a.positional.length > maxPos) {
    throw new CommandError(`${a.positional.length < minPos ? "too few" : "too many"} arguments\nusage: ${usage}`);
  }
  return a;
}

export type TargetKind = "session" | "window" | "pane";

/** A resolved target; `index` is the window index it named where that may not exist yet (new-window -t 3). */
export interface Target extends PaneTarget {
  index?: number | null;
}

/** What a command knows of the terminal of the client that sent it. */
export interface CommandTerminal {
  cols: number;
  rows: number;
}

/**
 * What a command runs with. The language knows nothing of the server or the clients: `Host`
 * (what commands may ask of the server) and `Client` (of the calling client) are filled in by
 * the command table's own module (src/cli/commands/context.ts).
 */
export interface CommandContext<Host = unknown, Client = unknown> {
  /** Where commands make their changes; the model announces them. */
  model: Model;
  server: Host;
  args: Args;
  /** The -t target resolved (or the current session/window/pane when none was given). */
  target: Target;
  /** The -s target resolved, for entries that declare `source`. */
  source?: Target;
  /** The connection that sent it (a CLI invocation or an attached client's binding / prompt). */
  client: Client | null;
  cwd: string;
  env: Record<string, string>;
  terminal: CommandTerminal | undefined;
  /** Format variables of the queue's state (a hook's #{hook}, #{hook_pane}, ...). */
  formats?: Readonly<Record<string, string>>;
  /**
   * cmdq_insert_hook: run the hook `name` (after-new-window, ...) at `target` once this command
   * has finished, before the next; for the commands that choose their hook's target themselves.
   */
  insertHook?(name: string, target: PaneTarget): void;
  print(text: string): void;
}

export interface CommandEntry<Ctx = CommandContext> {
  name: string;
  alias?: string[];
  usage: string;
  /** getopt template, e.g. "dhvl:t:". */
  args: string;
  /** Long options weft adds (name → takes a value), e.g. { layout: true, json: false }. */
  long?: Record<string, boolean>;
  minArgs?: number;
  maxArgs?: number;
  /** What -t names; absent for commands without a target (or that resolve their own). */
  target?: TargetKind;
  /** How -t is found, as the CMD_FIND_* flags of tmux's cmd entry (windowIndex for new-window...). */
  targetFlags?: FindFlags;
  /** What -s names, for commands with a source (swap-pane, join-pane, move-window...). */
  source?: TargetKind;
  sourceFlags?: FindFlags;
  /** May run with no sessions at all (new-session, kill-server, ...). */
  noSession?: boolean;
  /** May start a server (only new-session / start-server, as tmux). */
  startServer?: boolean;
  exec(ctx: Ctx): void | Promise<void>;
}

/**
 * Split a command line as tmux's config parser does: whitespace separates words; single and
 * double quotes group; backslash escapes; `#` starts a comment outside quotes; a `;` word (or a
 * trailing unescaped `;`) separates commands. Returns the commands' argv lists.
 */
export function splitCommandLine(line: string): string[][] {
  const cmds: string[][] = [];
  let argv: string[] = [];
  let word = "";
  let inWord = false;
  let quote: '"' | "'" | null = null;
  const endWord = () => {
    if (inWord) argv.push(word);
    word = "";
    inWord = false;
  };
  const endCommand = () => {
    endWord();
    if (argv.length) cmds.push(argv);
    argv = [];
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === "\\" && quote === '"' && i + 1 < line.length) word += line[++i];
      else word += c;
      continue;
    }
    if (c === "\\" && i + 1 < line.length) {
      const n = line[++i]!;
      word += n;
      inWord = true;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === "#" && !inWord) break;
    else if (c === " " || c === "\t" || c === "\n" || c === "\r") endWord();
    else if (c === ";" && !inWord) endCommand();
    else if (c === ";" && inWord && (i + 1 === line.length || /\s/.test(line[i + 1]!))) {
      endCommand();
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote) throw new CommandError("unterminated quote");
  endCommand();
  return cmds;
}

/**
 * Split an argv into commands as tmux's cmd_parse_from_arguments: a word ending in `;` ends a
 * command (`new -d\; splitw`, `new -d \; splitw`); `\;` at the end is a literal `;`.
 */
export function splitArgv(argv: string[]): string[][] {
  const cmds: string[][] = [];
  let cur: string[] = [];
  for (const a of argv) {
    if (a.endsWith("\\;")) cur.push(a.slice(0, -2) + ";");
    else if (a.endsWith(";")) {
      if (a.length > 1) cur.push(a.slice(0, -1));
      if (cur.length) cmds.push(cur);
      cur = [];
    } else cur.push(a);
  }
  if (cur.length) cmds.push(cur);
  return cmds;
}

/** Quote an argv back into a command line (list-keys, error messages). */
export function joinCommandLine(argv: string[]): string {
  return argv.map((a) => (a === "" || /[\s"'#;\\$]/.test(a) ? `"${a.replace(/(["\\$])/g, "\\$1")}"` : a)).join(" ");
}
