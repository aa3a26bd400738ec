// Commands printed back as tmux 3.3a prints them (arguments.c args_print and
// args_escape, cmd.c cmd_print and cmd_list_print): list-keys, show-options,
// and a { } block turned into the string a command receives.

import type { Arg, CommandList, ParsedCommand } from "./cmd-parse.ts";

/** What printing needs of a command's table entry. */
export interface CommandSpec {
  /** The full name, printed instead of what was typed (display -> display-message). */
  name: string;
  /** getopt-style flags, as tmux's entry: "ab:c" (b takes a value). */
  template: string;
}

export type SpecLookup = (name: string) => CommandSpec | undefined;

// Characters that make tmux double-quote an argument, else single-quote it.
const DOUBLE_QUOTED = " #';${}%";
const SINGLE_QUOTED = " \"";

const C_STYLE: Record<string, string> = {
  "\n": "\\n", "\r": "\\r", "\b": "\\b", "\x07": "\\a", "\v": "\\v", "\t": "\\t", "\f": "\\f",
};

/** vis(3) with VIS_OCTAL|VIS_CSTYLE|VIS_TAB|VIS_NL, plus tmux's \$ before a name. */
function vis(s: string, doubleQuoted: boolean): string {
  let out = "";
  const chars = Array.from(s);
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] ?? "";
    const code = ch.codePointAt(0) ?? 0;
    if (ch === "$") {
      const next = chars[i + 1];
      out += next !== undefined && /^[A-Za-z_{]$/.test(next) ? "\\$" : "$";
    } else if (code >= 0x80 || (code > 0x20 && code < 0x7f) || ch === " ") {
      out += ch === "\\" || (ch === '"' && doubleQuoted) ? "\\" + ch : ch;
    } else {
      out += C_STYLE[ch] ?? "\\" + code.toString(8).padStart(3, "0");
    }
  }
  return out;
}

/** How tmux quotes one argument so that parsing it gives it back. */
export function escapeArg(s: string): string {
  if (s === "") return "''";
  let quotes = "";
  if ([...s].some((c) => DOUBLE_QUOTED.includes(c))) quotes = '"';
  else if ([...s].some((c) => SINGLE_QUOTED.includes(c))) quotes = "'";
  if (s.length === 1 && s !== " " && (quotes !== "" || s === "~")) return "\\" + s;
  const escaped = vis(s, quotes === '"');
  const tilde = escaped.startsWith("~") ? "\\" : "";
  if (quotes === "'") return `'${escaped}'`;
  if (quotes === '"') return `"${tilde}${escaped}"`;
  return tilde + escaped;
}

export interface SplitArgs {
  /** Flags in the order tmux keeps them (sorted by byte), with their values. */
  flags: Map<string, { count: number; values: Arg[] }>;
  values: Arg[];
}

/** Why args_parse refused: tmux's cause, or "usage" where tmux prints the usage line (-?). */
export type SplitError = { cause: string } | { usage: true };

/**
 * args_parse's flag pass: which words are flags and which take values.
 * As in tmux 3.3a, a flag that takes a value but ends the line is set
 * without one, and a "--" ends the flags (and is lost when printed).
 */
export function splitArgs(template: string, args: readonly Arg[]): SplitArgs | SplitError {
  const flags = new Map<string, { count: number; values: Arg[] }>();
  const set = (flag: string, value?: Arg): void => {
    const e = flags.get(flag) ?? { count: 0, values: [] };
    e.count++;
    if (value !== undefined) e.values.push(value);
    flags.set(flag, e);
  };
  let i = 0;
  while (i < args.length) {
    const word = args[i];
    if (typeof word !== "string" || !word.startsWith("-") || word.length === 1) break;
    i++;
    if (word === "--") break;
    for (let j = 1; j < word.length; j++) {
      const flag = word[j] ?? "";
      if (flag === "?") return { usage: true };
      if (!/^[A-Za-z0-9]$/.test(flag)) return { cause: `invalid flag -${flag}` };
      const at = template.indexOf(flag);
      if (at === -1) return { cause: `unknown flag -${flag}` };
      if (template[at + 1] !== ":") {
        set(flag);
        continue;
      }
      if (j + 1 < word.length) set(flag, word.slice(j + 1));
      else if (i === args.length) set(flag);
      else if (typeof args[i] !== "string") return { cause: `-${flag} argument must be a string` };
      else set(flag, args[i++]);
      break;
    }
  }
  const sorted = new Map([...flags].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { flags: sorted, values: args.slice(i) };
}

function printValue(value: Arg, lookup: SpecLookup): string {
  return typeof value === "string" ? escapeArg(value) : `{ ${printCommandList(value, lookup, false)} }`;
}

/** args_print: bare flags first as one -abc, then flags with values, then the rest. */
export function printArgs(template: string, args: readonly Arg[], lookup: SpecLookup): string {
  const split = splitArgs(template, args);
  if (!("flags" in split)) return args.map((a) => printValue(a, lookup)).join(" ");
  let bare = "";
  const parts: string[] = [];
  for (const [flag, e] of split.flags) if (e.values.length === 0) bare += flag.repeat(e.count);
  if (bare !== "") parts.push("-" + bare);
  for (const [flag, e] of split.flags) for (const v of e.values) parts.push(`-${flag} ${printValue(v, lookup)}`);
  for (const v of split.values) parts.push(printValue(v, lookup));
  return parts.join(" ");
}

/** cmd_print: the command's full name and its arguments. */
export function printCommand(cmd: ParsedCommand, lookup: SpecLookup): string {
  const spec = lookup(cmd.name);
  const args = spec === undefined
    ? cmd.args.map((a) => printValue(a, lookup)).join(" ")
    : printArgs(spec.template, cmd.args, lookup);
  const name = spec?.name ?? cmd.name;
  return args === "" ? name : `${name} ${args}`;
}

/**
 * cmd_list_print: commands joined by " ; ", or " ;; " where the group changes;
 * escaped (as list-keys prints) with backslashes: " \; " and " \;\; ".
 */
export function printCommandList(list: CommandList, lookup: SpecLookup, escaped: boolean): string {
  let out = "";
  list.forEach((cmd, i) => {
    out += printCommand(cmd, lookup);
    const next = list[i + 1];
    if (next === undefined) return;
    const sep = next.group !== cmd.group ? ";;" : ";";
    out += escaped ? ` ${sep.replaceAll(";", "\\;")} ` : ` ${sep} `;
  });
  return out;
}

/** The string a command taking a string gets for a { } block (args_value_as_string). */
export function blockToString(list: CommandList, lookup: SpecLookup): string {
  return printCommandList(list, lookup, false);
}
