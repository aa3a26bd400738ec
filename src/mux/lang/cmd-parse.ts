// tmux 3.3a's command parser (cmd-parse.y): files, single lines and argv into
// command lists, with %if/%elif/%else/%endif, assignments, { } blocks, aliases,
// tmux's groups and its error messages.
//
// The grammar is read by recursive descent in the order bison would reduce it,
// so parse-time effects (assignments, %if formats) and the line each command
// records happen at the same token as in tmux.

import { nodeFs } from "../../pty/node-fs.ts";
import { userInfo } from "./os-lazy.ts";
import { Lexer, type ParseEnvironment, type Token, type TokenKind } from "./cmd-lex.ts";

export type { ParseEnvironment } from "./cmd-lex.ts";

/** An argument: a word, or a { } block already parsed into commands. */
export type Arg = string | CommandList;
export type CommandList = ParsedCommand[];

export interface ParsedCommand {
  /** The command's name as written (lookup is the caller's job). */
  name: string;
  args: Arg[];
  file?: string;
  line: number;
  /** Commands of one group are skipped together when one of them fails. */
  group: number;
}

export interface ParseOptions {
  file?: string;
  /** The first line's number; tmux uses 1 for files. */
  line?: number;
  env: ParseEnvironment;
  /** Expands a %if condition; tmux expands it as a format without jobs. */
  expandFormat?: (text: string) => string;
  /** Home directory of a user ("" for the current one); defaults to HOME/passwd lookups. */
  userHome?: (user: string) => string | undefined;
  /** command-alias: the text a name expands to, parsed in its place. */
  alias?: (name: string) => string | undefined;
  /** Validates a built command (name lookup, flags); returns tmux's cause on failure. */
  check?: (name: string, args: readonly Arg[]) => string | undefined;
  /** Parse only (source-file -n): assignments are not made. */
  parseOnly?: boolean;
  /** Put every command in one group (tmux does so for strings). */
  oneGroup?: boolean;
}

export type ParseResult =
  | { ok: true; commands: CommandList }
  | { ok: false; error: string };

/** One command before building: words and raw blocks, with its line. */
interface RawCommand {
  args: RawArg[];
  line: number;
}
/** A word, a block still to build, or a list built already (argv from another command). */
type RawArg = string | RawCommand[] | { built: CommandList };

// Groups are unique across all parses, like tmux's cmd_list_next_group, so a
// queue can tell the commands of different parses apart.
let nextGroup = 1;

/** A group no parse has used, for command lists made without parsing (the default key tables). */
export function newGroup(): number {
  return nextGroup++;
}

class Abort extends Error {}

/** tmux's format_true: non-empty and not "0". */
export function formatTrue(s: string): boolean {
  return s !== "" && s !== "0";
}

class Grammar {
  private lookahead: Token | undefined;
  /** The %if scopes; tmux only ever consults the innermost one. */
  private scopes: boolean[] = [];

  constructor(private readonly lex: Lexer, private readonly opts: ParseOptions) {}

  parse(): RawCommand[] {
    const out: RawCommand[] = [];
    while (this.peek().kind !== "eof") {
      out.push(...this.statement());
      this.expect("\n");
    }
    return out;
  }

  private active(): boolean {
    const top = this.scopes[this.scopes.length - 1];
    return top === undefined || top;
  }

  private peek(): Token {
    if (this.lookahead === undefined) this.lookahead = this.lex.next();
    return this.lookahead;
  }

  private take(): Token {
    const t = this.peek();
    this.lookahead = undefined;
    return t;
  }

  private expect(kind: TokenKind): Token {
    const t = this.take();
    if (t.kind !== kind) this.syntaxError();
    return t;
  }

  private syntaxError(): never {
    this.lex.fail("syntax error");
    throw new Abort();
  }

  private assign(text: string, hidden: boolean): void {
    if (this.opts.parseOnly || !this.active()) return;
    const eq = text.indexOf("=");
    this.opts.env.set(text.slice(0, eq), text.slice(eq + 1), hidden);
  }

  /** One statement (without its newline): empty, %hidden, a condition or commands. */
  private statement(): RawCommand[] {
    const t = this.peek();
    let cmds: RawCommand[];
    if (t.kind === "hidden") {
      this.take();
      this.assign(this.expect("equals").text, true);
      return [];
    }
    if (t.kind === "if") cmds = this.ifStatement();
    else if (t.kind === "token" || t.kind === "equals") cmds = this.commands();
    else return [];
    return this.active() ? cmds : [];
  }

  /** %if at the start of a statement: on lines of its own, or inline among commands. */
  private ifStatement(): RawCommand[] {
    const flag = this.ifOpen();
    if (this.peek().kind === "\n") return this.condition(flag, "lines");
    return this.commandsAfter(this.condition(flag, "inline"));
  }

  /** Statements each ending in a newline, up to %elif, %else or %endif. */
  private lines(): RawCommand[] {
    const out: RawCommand[] = [];
    do {
      out.push(...this.statement());
      this.expect("\n");
    } while (!["elif", "else", "endif"].includes(this.peek().kind));
    return out;
  }

  /**
   * The bodies of %if, each %elif and %else, up to %endif; keeps the first
   * whose condition held. Every body is parsed, chosen or not, as in tmux.
   */
  private condition(flag: boolean, form: "lines" | "inline"): RawCommand[] {
    const body = (): RawCommand[] => {
      if (form === "inline") return this.commands();
      this.expect("\n");
      return this.lines();
    };
    const first = body();
    let chosen = flag ? first : undefined;
    while (this.peek().kind === "elif") {
      this.take();
      const f = this.expanded();
      this.scopes[this.scopes.length - 1] = f;
      const cmds = body();
      if (f) chosen ??= cmds;
    }
    if (this.peek().kind === "else") {
      this.take();
      // tmux flips the innermost scope, so %else after a false %elif assigns even if %if held.
      const top = this.scopes.length - 1;
      this.scopes[top] = !this.scopes[top];
      const cmds = body();
      chosen ??= cmds;
    }
    this.expect("endif");
    this.scopes.pop();
    return chosen ?? [];
  }

  private ifOpen(): boolean {
    this.take();
    const flag = this.expanded();
    this.scopes.push(flag);
    return flag;
  }

  /** The condition after %if/%elif, expanded at once as tmux does. */
  private expanded(): boolean {
    const t = this.take();
    if (t.kind !== "format" && t.kind !== "token") this.syntaxError();
    const expand = this.opts.expandFormat ?? ((s: string) => s);
    return formatTrue(expand(t.text));
  }

  /** Commands separated by ';', each a command or an inline %if. */
  private commands(): RawCommand[] {
    const t = this.peek();
    if (t.kind === "if") return this.commandsAfter(this.condition(this.ifOpen(), "inline"));
    if (t.kind !== "token" && t.kind !== "equals") this.syntaxError();
    const first = this.command();
    return this.commandsAfter(first.args.length !== 0 && this.active() ? [first] : []);
  }

  private commandsAfter(list: RawCommand[]): RawCommand[] {
    while (this.peek().kind === ";") {
      this.take();
      const t = this.peek();
      if (t.kind === "if") {
        list = list.concat(this.condition(this.ifOpen(), "inline"));
      } else if (t.kind === "token" || t.kind === "equals") {
        const cmd = this.command();
        // tmux's grammar drops what came before when the command is empty (a lone assignment).
        list = cmd.args.length !== 0 && this.active() ? [...list, cmd] : [];
      }
    }
    return list;
  }

  /** An optional assignment then words and blocks; the line is read after the next token. */
  private command(): RawCommand {
    const args: RawArg[] = [];
    if (this.peek().kind === "equals") {
      this.assign(this.take().text, false);
      if (this.peek().kind !== "token") return { args, line: this.lex.line };
    }
    args.push(this.take().text);
    for (;;) {
      const t = this.peek();
      if (t.kind === "token" || t.kind === "equals") args.push(this.take().text);
      else if (t.kind === "{") {
        this.take();
        args.push(this.block());
      } else break;
    }
    return { args, line: this.lex.line };
  }

  /** The statements of a { } block, the last one ended by the brace. */
  private block(): RawCommand[] {
    const out: RawCommand[] = [];
    for (;;) {
      out.push(...this.statement());
      const t = this.take();
      if (t.kind === "}") return out;
      if (t.kind !== "\n") this.syntaxError();
    }
  }
}

/** Turns raw commands into command lists: aliases, blocks, checks and groups. */
class Builder {
  constructor(private readonly opts: ParseOptions, private readonly noAlias = false) {}

  build(raw: RawCommand[]): CommandList {
    const out: CommandList = [];
    let line: number | undefined;
    let group = 0;
    for (const cmd of raw) {
      // A new group per line, unless everything is one group.
      if (group === 0 || (!this.opts.oneGroup && cmd.line !== line)) group = nextGroup++;
      line = cmd.line;
      for (const built of this.command(cmd)) out.push({ ...built, group });
    }
    return out;
  }

  private command(cmd: RawCommand): CommandList {
    const expanded = this.noAlias ? undefined : this.expandAlias(cmd);
    if (expanded !== undefined) return expanded;
    const args: Arg[] = cmd.args.map((a) => (typeof a === "string" ? a : Array.isArray(a) ? this.build(a) : a.built));
    const [name, ...rest] = args;
    if (typeof name !== "string") throw new BuildError(this.where(cmd.line, "no command"));
    const cause = this.opts.check?.(name, rest);
    if (cause !== undefined) throw new BuildError(this.where(cmd.line, cause));
    const out: ParsedCommand = { name, args: rest, line: cmd.line, group: 0 };
    if (this.opts.file !== undefined) out.file = this.opts.file;
    return [out];
  }

  /** tmux's cmd_parse_expand_alias: undefined when the command is not an alias. */
  private expandAlias(cmd: RawCommand): CommandList | undefined {
    const [first, ...rest] = cmd.args;
    if (typeof first !== "string") return [];
    const text = this.opts.alias?.(first);
    if (text === undefined) return undefined;
    const parsed = runGrammar(text, { ...this.opts, line: cmd.line });
    if (typeof parsed === "string") throw new BuildError(parsed);
    const last = parsed[parsed.length - 1];
    if (last === undefined) return [];
    last.args.push(...rest);
    return new Builder(this.opts, true).build(parsed);
  }

  private where(line: number, cause: string): string {
    return this.opts.file === undefined ? cause : `${this.opts.file}:${line}: ${cause}`;
  }
}

class BuildError extends Error {}

/** Parses text into raw commands, or returns tmux's error. */
function runGrammar(text: string, opts: ParseOptions): RawCommand[] | string {
  const lex = new Lexer(text, {
    line: opts.line ?? 1,
    env: opts.env,
    userHome: opts.userHome ?? defaultUserHome,
    ...(opts.file !== undefined ? { file: opts.file } : {}),
  });
  try {
    return new Grammar(lex, opts).parse();
  } catch (e) {
    if (!(e instanceof Abort)) throw e;
    return lex.error ?? "syntax error";
  }
}

function buildAll(raw: RawCommand[], opts: ParseOptions): ParseResult {
  try {
    return { ok: true, commands: new Builder(opts).build(raw) };
  } catch (e) {
    if (!(e instanceof BuildError)) throw e;
    return { ok: false, error: e.message };
  }
}

/** A config file or source-file's text (cmd_parse_from_file): a group per line. */
export function parseFile(text: string, opts: ParseOptions): ParseResult {
  const raw = runGrammar(text, opts);
  if (typeof raw === "string") return { ok: false, error: raw };
  return buildAll(raw, opts);
}

/** One line or string (cmd_parse_from_string): all its commands in one group. */
export function parseString(text: string, opts: ParseOptions): ParseResult {
  if (text === "") return { ok: true, commands: [] };
  return parseFile(text, { ...opts, oneGroup: true });
}

/**
 * An argv already split into words (cmd_parse_from_arguments): a word ";"
 * or ending in ";" ends a command, one ending in "\;" keeps a literal ";".
 */
export function parseArguments(argv: readonly Arg[], opts: Omit<ParseOptions, "env"> & { env?: ParseEnvironment }): ParseResult {
  const line = opts.line ?? 1;
  const raw: RawCommand[] = [];
  let current: RawArg[] = [];
  for (const value of argv) {
    if (typeof value !== "string") {
      current.push({ built: value });
      continue;
    }
    let word = value;
    let end = false;
    if (word.endsWith(";")) {
      word = word.slice(0, -1);
      if (word.endsWith("\\")) word = word.slice(0, -1) + ";";
      else end = true;
    }
    if (!end || word !== "") current.push(word);
    if (end) {
      raw.push({ args: current, line });
      current = [];
    }
  }
  if (current.length !== 0) raw.push({ args: current, line });
  return buildAll(raw, { ...opts, env: opts.env ?? NO_ENV });
}

const NO_ENV: ParseEnvironment = { get: () => undefined, set: () => {} };

/** ~ is HOME then the passwd entry; ~user the passwd entry of that user. */
export function defaultUserHome(user: string): string | undefined {
  if (user === "") {
    try {
      return userInfo().homedir;
    } catch {
      return undefined;
    }
  }
  try {
    const passwd = nodeFs().readFileSync("/etc/passwd", "utf8");
    for (const entry of passwd.split("\n")) {
      const fields = entry.split(":");
      if (fields[0] === user && fields[5] !== undefined) return fields[5];
    }
  } catch {
    return undefined;
  }
  return undefined;
}
