// The parser, printer and queue against tmux 3.3a's recorded behaviour
// (scripts/goldens/cmd-parse.sh): the same fixture files, fed to tmux and to
// weft, must give the same words, environment, errors, list-keys lines and
// file:line of runtime errors.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArguments, parseFile, parseString, type Arg, type CommandList, type ParsedCommand, type ParseOptions } from "../../../src/mux/lang/cmd-parse.ts";
import { blockToString, escapeArg, printCommandList } from "../../../src/mux/lang/cmd-print.ts";
import { CommandQueue, type CommandStatus, type QueueItem } from "../../../src/mux/lang/cmd-queue.ts";
import { findCommand, lookup } from "./cmd-table.ts";

const GOLDENS = join(import.meta.dir, "goldens");
const read = (dir: string, file: string) => readFileSync(join(GOLDENS, dir, file), "utf8");
const fromHex = (hex: string) => new TextDecoder().decode(Buffer.from(hex, "hex"));
const isUtf8 = (hex: string) => {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(hex, "hex"));
    return true;
  } catch {
    return false;
  }
};

/** The %if formats tmux expanded, as recorded; any other format is a test bug. */
const FORMATS = new Map(
  read("parse", "formats.out").split("\n").filter((l) => l !== "").map((l) => {
    const [hex = "", value = ""] = l.split("\t");
    return [fromHex(hex), value];
  }),
);

function expandFormat(text: string): string {
  const v = FORMATS.get(text);
  if (v === undefined) throw new Error(`format not recorded: ${text}`);
  return v;
}

interface Env {
  vars: Map<string, { value: string; hidden: boolean }>;
  options: ParseOptions;
}

/** The options tmux had: HOME as the golden script sets it, root's passwd entry, the command table. */
function newEnv(file: string): Env {
  const vars = new Map<string, { value: string; hidden: boolean }>([["HOME", { value: "/home/golden", hidden: false }]]);
  return {
    vars,
    options: {
      file,
      env: { get: (n) => vars.get(n)?.value, set: (n, value, hidden) => void vars.set(n, { value, hidden }) },
      expandFormat,
      userHome: (user) => (user === "root" ? "/root" : undefined),
      check: (name) => {
        const found = findCommand(name);
        return typeof found === "string" ? found : undefined;
      },
    },
  };
}

const isSetOption = (cmd: ParsedCommand) => lookup(cmd.name)?.name === "set-option";
const valueString = (a: Arg | undefined) => (a === undefined ? "" : typeof a === "string" ? a : blockToString(a, lookup));

describe("parse goldens: words, environment and errors as tmux parsed them", () => {
  for (const dir of ["parse", "errors"]) {
    for (const conf of readdirSync(join(GOLDENS, dir)).filter((f) => f.endsWith(".conf"))) {
      test(`${dir}/${conf}`, () => {
        const golden = read(dir, conf.replace(/\.conf$/, ".out")).split("\n").filter((l) => l !== "");
        const env = newEnv(conf);
        const result = parseFile(read(dir, conf), env.options);

        const errors = golden.filter((l) => l.startsWith("error ")).map((l) => l.slice(6));
        expect(result.ok ? [] : [result.error]).toEqual(errors);

        // What set -g did with each word, as raw text and as show -g escapes it.
        const options = new Map<string, string>();
        for (const cmd of result.ok ? result.commands : []) {
          if (isSetOption(cmd) && cmd.args[0] === "-g") options.set(valueString(cmd.args[1]), valueString(cmd.args[2]));
        }
        const wanted = new Map<string, string>();
        for (const l of golden) {
          const m = /^opt (\S+) ([0-9a-f]*) (.*)$/.exec(l);
          if (m === null) continue;
          const [, name = "", hex = "", shown = ""] = m;
          wanted.set(name, fromHex(hex));
          if (isUtf8(hex)) expect(`${name} ${escapeArg(options.get(name) ?? "")}`).toBe(`${name} ${shown}`);
        }
        expect(Object.fromEntries(options)).toEqual(Object.fromEntries(wanted));

        const vars = (hidden: boolean) =>
          Object.fromEntries([...env.vars].filter(([n, v]) => n.startsWith("T_") && v.hidden === hidden).map(([n, v]) => [n, v.value]));
        const recorded = (kind: string) =>
          Object.fromEntries(golden.filter((l) => l.startsWith(kind + " ")).map((l) => {
            const [, name = "", hex = ""] = l.split(" ");
            return [name, fromHex(hex)];
          }));
        expect(vars(false)).toEqual(recorded("env"));
        expect(vars(true)).toEqual(recorded("hidden"));
      });
    }
  }
});

/** bind-key's own rule: one block as is, one string parsed as a line, else an argv. */
function bindCommands(args: Arg[]): CommandList {
  const [first] = args;
  if (args.length === 1 && first !== undefined && typeof first !== "string") return first;
  const r = args.length === 1 && typeof first === "string" ? parseString(first, { env: newEnv("").options.env }) : parseArguments(args, {});
  if (!r.ok) throw new Error(r.error);
  return r.commands;
}

describe("list-keys goldens: bindings printed back as tmux prints them", () => {
  for (const conf of readdirSync(join(GOLDENS, "keys")).filter((f) => f.endsWith(".conf"))) {
    test(`keys/${conf}`, () => {
      const golden = read("keys", conf.replace(/\.conf$/, ".out")).split("\n").filter((l) => l !== "");
      const result = parseFile(read("keys", conf), newEnv(conf).options);
      if (!result.ok) throw new Error(result.error);
      const lines = result.commands.map((cmd) => {
        const [, table, key, ...rest] = cmd.args;
        return `bind-key -T ${valueString(table)} ${valueString(key)} ${printCommandList(bindCommands(rest), lookup, true)}`;
      });
      expect(lines).toEqual(golden);
    });
  }
});

/** Runs a lines/ fixture: set-option of a bogus option fails as tmux's does, if-shell -F inserts its block. */
function runLines(commands: CommandList): string[] {
  const causes: string[] = [];
  const queue = new CommandQueue<ParsedCommand>({
    run(item: QueueItem<ParsedCommand>, q): CommandStatus {
      const cmd = item.command;
      const name = lookup(cmd.name)?.name;
      if (name === "if-shell") {
        const block = cmd.args[2];
        if (block !== undefined && typeof block !== "string") q.insertAfter(item, block);
        return "normal";
      }
      const option = valueString(cmd.args[1]);
      if (name === "set-option" && option.startsWith("bogus")) {
        causes.push(`${cmd.file}:${cmd.line}: invalid option: ${option}`);
        return "error";
      }
      return "normal";
    },
  });
  queue.append(commands);
  return causes;
}

describe("runtime goldens: file:line of each failing command, and the group it skips", () => {
  for (const conf of readdirSync(join(GOLDENS, "lines")).filter((f) => f.endsWith(".conf"))) {
    test(`lines/${conf}`, () => {
      const golden = read("lines", conf.replace(/\.conf$/, ".out")).split("\n").filter((l) => l !== "");
      const result = parseFile(read("lines", conf), newEnv(conf).options);
      if (!result.ok) throw new Error(result.error);
      expect(runLines(result.commands)).toEqual(golden);
    });
  }
});
