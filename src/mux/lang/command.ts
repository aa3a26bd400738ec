// The command table's shape, tmux's lookup of a command by name (aliases, unique prefixes) and
// its argument parsing (args_parse: flags, values, counts, which arguments take { } blocks).
import { UserError } from "../model/errors.ts";
import type { Model, Pane, PaneTarget, Session, Winlink } from "../model/index.ts";
import type { Arg, CommandList } from "./cmd-parse.ts";
import { blockToString, splitArgs, type SpecLookup } from "./cmd-print.ts";
import type { FindFlags } from "./cmd-find.ts";

/** A mistake the user made: reported as one line, exit code 1, nothing else changes. */
export class CommandError extends UserError {}

/** A command that ends with this exit status and says nothing (display-popup: its program's, as tmux's retval). */
export class CommandExit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

export interface Args {
  /** Flags given, with their (last) value or true. */
  flags: Map<string, string | true>;
  /** Every value of flags given more than once (-e A=1 -e B=2); "" for each time a flag without one is given (-EE). */
  all: Map<string, string[]>;
  /** The arguments after the flags, a { } block as the string tmux would print for it. */
  positional: string[];
  /** The same arguments as given: blocks stay command lists (if-shell, bind-key, ...). */
  values: Arg[];
}

export function flag(a: Args, f: string): boolean {
  return a.flags.has(f);
}

export function value(a: Args, f: string): string | undefined {
  const v = a.flags.get(f);
  return typeof v === "string" ? v : undefined;
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
 * the command table's own module (src/cli/commands/context.ts); `Item` is the command's place
 * in its queue (to insert commands after it, as if-shell and source-file do).
 */
/**
 * The mouse event a key binding ran for (tmux's key event's mouse): where it was, in client
 * cells, and what it was over ("=" targets it): the window's place, the pane unless over the
 * status line.
 */
export interface CommandMouse {
  x: number;
  y: number;
  session: Session;
  winlink: Winlink;
  pane: Pane | null;
}

export interface CommandContext<Host = unknown, Client = unknown, Item = unknown> {
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
  /** Where the command was parsed: its file and line (nested commands' errors name them). */
  origin: { file?: string; line: number };
  item: Item;
  /** The mouse event its binding ran for, if any. */
  mouse?: CommandMouse;
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
  /**
   * Which arguments (by index after the flags) may be a { } block kept as commands (tmux's
   * ARGS_PARSE_COMMANDS_OR_STRING); the others get a block as a string, as tmux. `before`: the
   * arguments ahead of it (display-menu's items are three arguments, a separator one).
   */
  commandArgs?: (index: number, flags: ReadonlyMap<string, unknown>, before: readonly Arg[]) => boolean;
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
  /** tmux's CMD_READONLY: a read-only client may run it (attach, detach, list-clients, switch-client). */
  readOnly?: boolean;
  exec(ctx: Ctx): void | Promise<void>;
}

/**
 * tmux's cmd_find over the table: an alias matches exactly; else a name it begins, the exact
 * name winning; several names begun and none exact is ambiguous, listed in the table's
 * (alphabetical) order.
 */
export function findEntry<E extends { name: string; alias?: string[] }>(entries: readonly E[], name: string): E {
  const exact = exactIndex(entries).get(name);
  if (exact) return exact as E;
  let found: E | undefined;
  let ambiguous = false;
  for (const e of entries) {
    if (e.alias?.includes(name)) return e;
    if (!e.name.startsWith(name)) continue;
    if (found !== undefined) ambiguous = true;
    found = e;
    if (e.name === name) return e;
  }
  if (ambiguous) {
    const names = entries.filter((e) => e.name.startsWith(name)).map((e) => e.name);
    throw new CommandError(`ambiguous command: ${name}, could be: ${names.join(", ")}`);
  }
  if (found === undefined) throw new CommandError(`unknown command: ${name}`);
  return found;
}

/**
 * Each table's full names and aliases, to the entry the scan below would return first: every
 * command runs through findEntry (twice: parsed, then fired), and a scan of ~90 entries for
 * the exact name was a measurable part of a pipelined control-mode command.
 */
const exactIndexes = new WeakMap<readonly { name: string; alias?: string[] }[], Map<string, { name: string; alias?: string[] }>>();

function exactIndex(entries: readonly { name: string; alias?: string[] }[]): Map<string, { name: string; alias?: string[] }> {
  let index = exactIndexes.get(entries);
  if (index) return index;
  index = new Map();
  for (const e of entries) for (const key of [e.name, ...(e.alias ?? [])]) if (!index.has(key)) index.set(key, e);
  exactIndexes.set(entries, index);
  return index;
}

/** Whether a word of short flags (-dPc) ends in one that takes the next word as its value. */
function takesNext(template: string, word: string): boolean {
  for (let j = 1; j < word.length; j++) {
    const at = template.indexOf(word[j] ?? "");
    if (at !== -1 && template[at + 1] === ":") return j === word.length - 1;
  }
  return false;
}

/** weft's long options (--layout FILE, --json) among the leading flags, taken out before tmux's pass. */
function takeLong(entry: CommandEntry<never>, args: readonly Arg[], out: Args): Arg[] {
  const long = entry.long;
  if (long === undefined) return [...args];
  const rest: Arg[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i];
    if (typeof a !== "string" || !a.startsWith("-") || a === "-" || a === "--") break;
    if (!a.startsWith("--")) {
      rest.push(a);
      if (takesNext(entry.args, a) && i + 1 < args.length) rest.push(args[++i] as Arg);
      continue;
    }
    const eq = a.indexOf("=");
    const name = a.slice(2, eq > 0 ? eq : undefined);
    const hasValue = long[name];
    if (hasValue === undefined) throw new CommandError(`command ${entry.name}: unknown option --${name}`);
    if (!hasValue) {
      out.flags.set(name, true);
      continue;
    }
    const v = eq > 0 ? a.slice(eq + 1) : args[++i];
    if (typeof v !== "string") throw new CommandError(`command ${entry.name}: --${name} expects an argument`);
    out.flags.set(name, v);
  }
  return [...rest, ...args.slice(i)];
}

/**
 * args_parse for a command's entry, with tmux's causes: `command NAME: unknown flag -x`,
 * `command NAME: too many arguments (need at most 1)`, or `usage: NAME USAGE` for -?.
 */
export function buildArgs(entry: CommandEntry<never>, args: readonly Arg[], lookup: SpecLookup): Args {
  const a: Args = { flags: new Map(), all: new Map(), positional: [], values: [] };
  const split = splitArgs(entry.args, takeLong(entry, args, a));
  if ("usage" in split) throw new CommandError(`usage: ${entry.name} ${entry.usage}`);
  if ("cause" in split) throw new CommandError(`command ${entry.name}: ${split.cause}`);
  for (const [f, e] of split.flags) {
    const strings = e.values.filter((v): v is string => typeof v === "string");
    const last = strings[strings.length - 1];
    a.flags.set(f, last ?? true);
    if (strings.length > 0) a.all.set(f, strings);
    else a.all.set(f, new Array<string>(e.count).fill("")); // how many times (-EE)
  }
  split.values.forEach((v, i) => {
    if (typeof v !== "string" && !entry.commandArgs?.(i, a.flags, a.values)) {
      throw new CommandError(`command ${entry.name}: argument ${i + 1} must be "string"`);
    }
    a.values.push(v);
    a.positional.push(typeof v === "string" ? v : blockToString(v, lookup));
  });
  const lower = entry.minArgs ?? 0;
  const upper = entry.maxArgs ?? Infinity;
  if (a.values.length < lower) throw new CommandError(`command ${entry.name}: too few arguments (need at least ${lower})`);
  if (a.values.length > upper) throw new CommandError(`command ${entry.name}: too many arguments (need at most ${upper})`);
  return a;
}

/**
 * cmd_template_replace: %% (the first time) and %N become `text`; with a doubled %%% (or %N%)
 * the characters " \ $ ; ~ in it are escaped, for a template that quotes it.
 */
export function templateReplace(template: string, text: string, index: number): string {
  if (!template.includes("%")) return template;
  let out = "";
  let replaced = false;
  for (let i = 0; i < template.length; i++) {
    const ch = template[i];
    if (ch !== "%") {
      out += ch;
      continue;
    }
    const next = template[i + 1] ?? "";
    if (!(next >= "1" && next <= "9" && Number(next) === index)) {
      if (next !== "%" || replaced) {
        out += ch;
        continue;
      }
      replaced = true;
    }
    i++;
    const quoted = template[i + 1] === "%";
    if (quoted) i++;
    for (const c of text) out += quoted && "\"\\$;~".includes(c) ? "\\" + c : c;
  }
  return out;
}

/** A command list with every string argument put through templateReplace (cmd_list_copy with argv). */
export function templateCommands(list: CommandList, texts: readonly string[]): CommandList {
  const replace = (s: string) => texts.reduce((acc, t, i) => templateReplace(acc, t, i + 1), s);
  return list.map((c) => ({ ...c, args: c.args.map((a) => (typeof a === "string" ? replace(a) : templateCommands(a, texts))) }));
}
