// Runs the tmux command lines of goldens/set-show.cases against the pure option functions, in the
// same text form scripts/goldens/options.sh records from tmux 3.3a: output, "! error", "[exit 1]".
import { accessSync, constants } from "node:fs";
import { OptionError, Options } from "../../../src/mux/model/options-store.ts";
import {
  createGlobalOptions,
  setOption,
  showOptions,
  type GlobalOptions,
  type OptionCommandContext,
  type OptionFlags,
  type OptionTarget,
  type SetCommand,
  type ShowCommand,
} from "../../../src/mux/model/options-commands.ts";

/** Splits a line as sh does for the quoting the cases use: '...', "..." with \-escapes, \x. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] ?? "";
    if (c === " " || c === "\t") {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      word = (word ?? "") + line.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      word = word ?? "";
      for (i++; i < line.length && line[i] !== '"'; i++) {
        if (line[i] === "\\" && /["\\$`]/.test(line[i + 1] ?? "")) i++;
        word += line[i] ?? "";
      }
    } else if (c === "\\") {
      word = (word ?? "") + (line[++i] ?? "");
    } else word = (word ?? "") + c;
  }
  if (word !== null) words.push(word);
  return words;
}

type Spec = { kind: "set"; command: SetCommand; flags: string } | { kind: "show"; command: ShowCommand; flags: string };

/** The commands' getopt strings, from tmux 3.3a's command table ("t:" takes a value). */
const COMMANDS: Record<string, Spec> = {
  "set-option": { kind: "set", command: "set-option", flags: "aFgopqst:uUw" },
  "set-window-option": { kind: "set", command: "set-window-option", flags: "aFgoqt:u" },
  "set-hook": { kind: "set", command: "set-hook", flags: "agpRt:uw" },
  "show-options": { kind: "show", command: "show-options", flags: "AgHpqst:vw" },
  "show-window-options": { kind: "show", command: "show-window-options", flags: "gvt:" },
  "show-hooks": { kind: "show", command: "show-hooks", flags: "gpt:w" },
};
const ALIASES: Record<string, string> = { set: "set-option", setw: "set-window-option", show: "show-options", showw: "show-window-options" };

function getopt(words: string[], spec: string): { flags: OptionFlags; target?: string; args: string[] } {
  const flags: Record<string, boolean> = {};
  let target: string | undefined;
  let i = 0;
  for (; i < words.length; i++) {
    const w = words[i] ?? "";
    if (w === "--") {
      i++;
      break;
    }
    if (!w.startsWith("-") || w === "-") break;
    for (let j = 1; j < w.length; j++) {
      const f = w[j] ?? "";
      if (spec.includes(`${f}:`)) {
        target = w.slice(j + 1) || words[++i];
        break;
      }
      if (!spec.includes(f)) throw new Error(`unknown flag -${f}`);
      flags[f] = true;
    }
  }
  return { flags, target, args: words.slice(i) };
}

/** Key names the cases use; key parsing itself lives in src/mux/lang. */
const KEYS = new Set(["C-a", "C-b", "C-h", "None"]);
/** The command parser prints commands by their full names. */
const COMMAND_NAMES: Record<string, string> = { display: "display-message", neww: "new-window" };

export const parsers: OptionCommandContext = {
  parseKey: (text) => (KEYS.has(text) ? text : null),
  // Formats live in src/mux/lang; the cases expand only this one.
  expand: (text) => text.replaceAll("#{session_name}", "0"),
  // As tmux's checkshell: an absolute path to an executable that is not tmux itself.
  checkShell: (path) => {
    if (!path.startsWith("/") || path.endsWith("/tmux")) return false;
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  },
  parseCommand: (text) =>
    text
      .split(" ")
      .map((w, i) => (i === 0 ? (COMMAND_NAMES[w] ?? w) : w))
      .join(" "),
};

/** A fresh `tmux -f /dev/null new -d`: session 0 with one window of one pane. */
export class FreshServer {
  readonly globals: GlobalOptions = createGlobalOptions({ shell: "/bin/sh" });
  readonly session = new Options(this.globals.session);
  readonly window = new Options(this.globals.window);
  readonly pane = new Options(this.window);

  private target(t: string | undefined): OptionTarget {
    if (t !== undefined) return { target: t };
    return { session: this.session, window: this.window, pane: this.pane, windowPanes: [this.pane] };
  }

  /** One command line's output as the golden has it. */
  run(line: string): string[] {
    const [name = "", ...rest] = shellWords(line);
    const spec = COMMANDS[ALIASES[name] ?? name];
    if (!spec) throw new Error(`unknown command in case: ${name}`);
    const { flags, target, args } = getopt(rest, spec.flags);
    try {
      if (spec.kind === "set") {
        setOption(this.globals, this.target(target), spec.command, flags, args, parsers);
        return [];
      }
      return showOptions(this.globals, this.target(target), spec.command, flags, args, parsers);
    } catch (err) {
      if (!(err instanceof OptionError)) throw err;
      return [`! ${err.message}`, "[exit 1]"];
    }
  }
}

export interface Case {
  lines: string[];
}

/** Cases are runs of command lines separated by blank lines; # starts a comment line. */
export function readCases(text: string): string[][] {
  const cases: string[][] = [];
  let current: string[] = [];
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) continue;
    if (line === "") {
      if (current.length) cases.push(current);
      current = [];
    } else current.push(line);
  }
  if (current.length) cases.push(current);
  return cases;
}

/** The golden's text for one case: each command as "$ line" followed by what it printed. */
export function runCase(lines: string[]): string {
  const server = new FreshServer();
  return lines.flatMap((line) => [`$ ${line}`, ...server.run(line)]).join("\n");
}
