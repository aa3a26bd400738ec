// The command table's lookup (cmd_find), argument parsing (args_parse's causes) and templates
// (cmd_template_replace), as tmux 3.3a's; the messages are those test/e2e/goldens/command-line.txt
// recorded from tmux itself.
import { test, expect } from "bun:test";
import { buildArgs, findEntry, templateCommands, templateReplace, type CommandEntry } from "../../../src/mux/lang/command.ts";
import { parseString } from "../../../src/mux/lang/cmd-parse.ts";

const entry = (name: string, args: string, more: Partial<CommandEntry> = {}): CommandEntry => ({ name, usage: "[-ab] [-t target]", args, exec() {}, ...more });
const TABLE = [
  entry("display-message", "ac:d:INpt:F:v", { alias: ["display"], maxArgs: 1 }),
  entry("if-shell", "bFt:", { alias: ["if"], minArgs: 2, maxArgs: 3, commandArgs: (i) => i > 0 }),
  entry("select-pane", "t:"),
  entry("select-window", "t:"),
  entry("send-keys", "X"),
];
const lookup = () => undefined;
const error = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  return "";
};

test("cmd_find: aliases, exact names, unique prefixes, ambiguity listed in table order", () => {
  expect(findEntry(TABLE, "display").name).toBe("display-message");
  expect(findEntry(TABLE, "if").name).toBe("if-shell");
  expect(findEntry(TABLE, "select-p").name).toBe("select-pane");
  expect(error(() => findEntry(TABLE, "se"))).toBe("ambiguous command: se, could be: select-pane, select-window, send-keys");
  expect(error(() => findEntry(TABLE, "foo"))).toBe("unknown command: foo");
});

test("args_parse's causes and the usage line for -?", () => {
  const d = TABLE[0] as CommandEntry;
  expect(error(() => buildArgs(d, ["-X"], lookup))).toBe("command display-message: unknown flag -X");
  expect(error(() => buildArgs(d, ["-?"], lookup))).toBe("usage: display-message [-ab] [-t target]");
  expect(error(() => buildArgs(d, ["a", "b"], lookup))).toBe("command display-message: too many arguments (need at most 1)");
  expect(error(() => buildArgs(TABLE[1] as CommandEntry, ["true"], lookup))).toBe("command if-shell: too few arguments (need at least 2)");
  const block = parseString("if true { display-message x }", { env: { get: () => undefined, set() {} } });
  if (!block.ok) throw new Error(block.error);
  const blockArg = block.commands[0]?.args[1] ?? "";
  expect(error(() => buildArgs(d, [blockArg], lookup))).toBe('command display-message: argument 1 must be "string"');
  const a = buildArgs(TABLE[1] as CommandEntry, ["-F", "1", blockArg], lookup);
  expect(a.values[1]).toEqual(blockArg);
  expect(a.positional[1]).toBe("display-message x");
  // A flag that takes a value, last on the line, is set without one (tmux 3.3a).
  expect(buildArgs(d, ["-t"], lookup).flags.get("t")).toBe(true);
  expect(buildArgs(d, ["-pt", "%1", "--", "-x"], lookup)).toMatchObject({ positional: ["-x"] });
});

test("cmd_template_replace: %% once, %N by index, %%% escapes for a quoted template", () => {
  expect(templateReplace("rename-window -- '%%'", "a b", 1)).toBe("rename-window -- 'a b'");
  expect(templateReplace("%% and %%", "x", 1)).toBe("x and %%");
  expect(templateReplace(templateReplace("%1-%2", "a", 1), "b", 2)).toBe("a-b");
  expect(templateReplace('send "%%%"', 'a"b;c$~\\', 1)).toBe('send "a\\"b\\;c\\$\\~\\\\"');
  expect(templateReplace("100%", "x", 1)).toBe("100%");
  const list = parseString("select-pane -t '%%' ; display-message { x %1 }", { env: { get: () => undefined, set() {} } });
  if (!list.ok) throw new Error(list.error);
  const [first, second] = templateCommands(list.commands, ["%3"]);
  expect(first?.args).toEqual(["-t", "%3"]);
  expect(second?.args[0]).toEqual([expect.objectContaining({ name: "x", args: ["%3"] })]);
});
