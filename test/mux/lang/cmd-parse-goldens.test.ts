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
import { checkCommand, lookup } from "./cmd-table.ts";

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
      check: checkCommand,
    },
  };
}

const isSetOption = (cmd: ParsedCommand) => lookup(cmd.name)?.name === "set-option";
const valueString = (a: Arg | undefined) => (a === undefined ? "" : typeof a === "string" ? a : blockToString(a, lookup));

interface Golden {
  errors: string[];
  options: Map<string, string>;
  /** show -g's escaped form, for values that are valid UTF-8. */
  shown: Map<string, string>;
  env: Record<string, string>;
  hidden: Record<string, string>;
}

function readGolden(dir: string, file: string): Golden {
  const lines = read(dir, file).split("\n").filter((l) => l !== "");
  const g: Golden = { errors: [], options: new Map(), shown: new Map(), env: {}, hidden: {} };
  for (const l of lines) {
    const [kind = "", name = "", hex = ""] = l.split(" ");
    if (kind === "error") g.errors.push(l.slice(6));
    if (kind === "env") g.env[name] = fromHex(hex);
    if (kind === "hidden") g.hidden[name] = fromHex(hex);
    const m = /^opt (\S+) ([0-9a-f]*) (.*)$/.exec(l);
    if (m === null) continue;
    g.options.set(m[1] ?? "", fromHex(m[2] ?? ""));
    if (isUtf8(m[2] ?? "")) g.shown.set(m[1] ?? "", m[3] ?? "");
  }
  return g;
}

/** What set -g did with the parsed words; nothing runs when the parse failed. */
function checkOptions(result: ReturnType<typeof parseFile>, golden: Golden): void {
  expect(result.ok ? [] : [result.error]).toEqual(golden.errors);
  const options = new Map<string, string>();
  for (const cmd of result.ok ? result.commands : []) {
    if (isSetOption(cmd) && cmd.args[0] === "-g") options.set(valueString(cmd.args[1]), valueString(cmd.args[2]));
  }
  expect(Object.fromEntries(options)).toEqual(Object.fromEntries(golden.options));
  for (const [name, shown] of golden.shown) expect(`${name} ${escapeArg(options.get(name) ?? "")}`).toBe(`${name} ${shown}`);
}

describe("parse goldens: words, environment and errors as tmux parsed them", () => {
  for (const dir of ["parse", "errors"]) {
    for (const conf of readdirSync(join(GOLDENS, dir)).filter((f) => f.endsWith(".conf"))) {
      test(`${dir}/${conf}`, () => {
        const golden = readGolden(dir, conf.replace(/\.conf$/, ".out"));
        const env = newEnv(conf);
        checkOptions(parseFile(read(dir, conf), env.options), golden);
        const vars = (hidden: boolean) =>
          Object.fromEntries([...env.vars].filter(([n, v]) => n.startsWith("T_") && v.hidden === hidden).map(([n, v]) => [n, v.value]));
        expect(vars(false)).toEqual(golden.env);
        expect(vars(true)).toEqual(golden.hidden);
      });
    }
  }
});

describe("argv goldens: the command line split at ';' as tmux splits it", () => {
  for (const args of readdirSync(join(GOLDENS, "argv")).filter((f) => f.endsWith(".args"))) {
    test(`argv/${args}`, () => {
      const argv = read("argv", args).split("\n");
      if (argv[argv.length - 1] === "") argv.pop();
      const { file: _, ...options } = newEnv("").options;
      checkOptions(parseArguments(argv, options), readGolden("argv", args.replace(/\.args$/, ".out")));
    });
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
