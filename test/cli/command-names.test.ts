// The client's light list of command names (src/cli/command-names.ts) must match the command
// table the server runs, or a client would start (or not start) a server wrongly.
import { expect, test } from "bun:test";
import { COMMANDS } from "../../src/cli/commands/index.ts";
import { COMMAND_NAMES, commandStartsServer, nameStartsServer } from "../../src/cli/command-names.ts";

test("COMMAND_NAMES lists every command with its aliases and whether it starts a server", () => {
  const fromTable = COMMANDS.map((c) => [c.name, c.alias ?? [], c.startServer === true]);
  expect(COMMAND_NAMES.map(([n, a, s]) => [n, [...a], s])).toEqual(fromTable);
});

test("new-session, its alias and a unique prefix start a server; other commands and ambiguous prefixes do not", () => {
  expect(nameStartsServer("new-session")).toBe(true);
  expect(nameStartsServer("new")).toBe(true);
  expect(nameStartsServer("new-s")).toBe(true);
  expect(nameStartsServer("start")).toBe(true);
  expect(nameStartsServer("new-w")).toBe(false);
  expect(nameStartsServer("ls")).toBe(false);
  expect(nameStartsServer("n")).toBe(false); // new-session, new-window, next-window...
  expect(nameStartsServer("nosuch")).toBe(false);
});

test("a command line starts a server if any of its commands may, split at ; as tmux's", () => {
  expect(commandStartsServer([])).toBe(true);
  expect(commandStartsServer(["has", "-t", "foo"])).toBe(false);
  expect(commandStartsServer(["start;", "has", "-tfoo"])).toBe(true);
  expect(commandStartsServer(["has", ";", "new", "-d"])).toBe(true);
  expect(commandStartsServer(["has", "-t", "new"])).toBe(false);
  expect(commandStartsServer(["display", "a\\;", "new"])).toBe(false);
});

test("nameStartsServer answers every name, alias and prefix as the whole table's search does", () => {
  const search = (name: string): boolean => {
    const exact = COMMAND_NAMES.find(([n, aliases]) => n === name || aliases.includes(name));
    if (exact) return exact[2];
    const pre = COMMAND_NAMES.filter(([n]) => n.startsWith(name));
    return pre.length === 1 && pre[0]![2];
  };
  const words = COMMAND_NAMES.flatMap(([n, aliases]) => [n, ...aliases]).flatMap((w) => [...w].map((_, i) => w.slice(0, i + 1)));
  for (const w of [...words, "", "x", "new-sessionx"]) expect([w, nameStartsServer(w)]).toEqual([w, search(w)]);
  expect(words.filter(nameStartsServer).length).toBeGreaterThan(10);
});
