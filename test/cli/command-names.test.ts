// The client's light list of command names (src/cli/command-names.ts) must match the command
// table the server runs, or a client would start (or not start) a server wrongly.
import { expect, test } from "bun:test";
import { COMMANDS } from "../../src/cli/commands/index.ts";
import { COMMAND_NAMES, commandStartsServer } from "../../src/cli/command-names.ts";
import { KeyTables } from "../../src/mux/lang/bindings.ts";

test("COMMAND_NAMES lists every command with its aliases and whether it starts a server", () => {
  const fromTable = COMMANDS.map((c) => [c.name, c.alias ?? [], c.startServer === true]);
  expect(COMMAND_NAMES.map(([n, a, s]) => [n, [...a], s])).toEqual(fromTable);
});

test("new-session, its alias and a unique prefix start a server; other commands and ambiguous prefixes do not", () => {
  expect(commandStartsServer("new-session")).toBe(true);
  expect(commandStartsServer("new")).toBe(true);
  expect(commandStartsServer("new-s")).toBe(true);
  expect(commandStartsServer("new-w")).toBe(false);
  expect(commandStartsServer("ls")).toBe(false);
  expect(commandStartsServer("n")).toBe(false); // new-session, new-window, next-window...
  expect(commandStartsServer("nosuch")).toBe(false);
});

test("every default key binding (prefix and copy-mode tables) runs a command weft has", () => {
  const known = new Set(COMMANDS.flatMap((c) => [c.name, ...(c.alias ?? [])]));
  const tables = new KeyTables();
  const unknown: string[] = [];
  for (const name of ["root", "prefix", "copy-mode", "copy-mode-vi"]) {
    for (const b of tables.table(name)?.values() ?? []) {
      for (const argv of b.commands) if (!known.has(argv[0]!)) unknown.push(`${name} ${b.key}: ${argv[0]}`);
    }
  }
  expect(tables.table("prefix")?.size).toBeGreaterThan(50);
  expect(unknown).toEqual([]);
});
