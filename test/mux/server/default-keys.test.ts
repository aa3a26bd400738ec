// The server's key tables at start: tmux 3.3a's default bindings, each parsed and run as
// key_bindings_init does. Those running a command (or copy-mode command) weft lacks are left out;
// every other line of list-keys is tmux's (test/mux/lang/goldens/default-keys/list-keys.out).
// A server loads them from default-keys.json, made once from parsing them; the first test checks
// that file against a parse now.
import { test, expect } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Server } from "../../../src/mux/server/server.ts";
import { COMMANDS } from "../../../src/cli/commands/index.ts";
import { DEFAULT_BINDINGS } from "../../../src/mux/lang/default-bindings.ts";
import { saveKeyTables } from "../../../src/mux/server/default-keys.ts";
import defaultKeys from "../../../src/mux/server/default-keys.json" with { type: "json" };
import { parsedDefaultKeys } from "./parsed-default-keys.ts";

const server = new Server({ socketPath: `/tmp/weft-keys-test-${process.pid}.sock`, commands: COMMANDS, configFiles: [], version: "test" });
const squash = (l: string) => l.replace(/ +/g, " ");

test("the tables a server starts with are those parsing tmux's default bindings makes (else: bun scripts/gen-default-keys.ts)", () => {
  const parsed = parsedDefaultKeys();
  expect(defaultKeys as unknown).toEqual(parsed);
  // And loading them gives the tables the parse gave, groups apart as the parse made them.
  expect(saveKeyTables(server.keys, server.skippedDefaultBindings)).toEqual(parsed);
  const slow = new Server({ socketPath: `/tmp/weft-keys-test-${process.pid}-p.sock`, commands: COMMANDS, configFiles: [], version: "test", parseDefaultBindings: true });
  expect(server.keys.list(server.runner.spec)).toEqual(slow.keys.list(slow.runner.spec));
  const notes = { all: true, prefix: "C-b" };
  expect(server.keys.notes(server.runner.spec, notes)).toEqual(slow.keys.notes(slow.runner.spec, notes));
});

test("each server's bindings get groups of their own, as many as the parse made", () => {
  const groupsOf = (keys: Server["keys"]) => {
    const groups = new Set<number>();
    const walk = (list: readonly { group: number; args: readonly unknown[] }[]) => {
      for (const c of list) {
        groups.add(c.group);
        for (const a of c.args) if (Array.isArray(a)) walk(a);
      }
    };
    for (const name of keys.names()) for (const b of keys.table(name)?.values() ?? []) walk(b.commands);
    return groups;
  };
  const other = new Server({ socketPath: `/tmp/weft-keys-test-${process.pid}-o.sock`, commands: COMMANDS, configFiles: [], version: "test" });
  const mine = groupsOf(server.keys);
  const theirs = groupsOf(other.keys);
  expect(mine.size).toBe(groupsOf(new Server({ socketPath: `/tmp/weft-keys-test-${process.pid}-q.sock`, commands: COMMANDS, configFiles: [], version: "test", parseDefaultBindings: true }).keys).size);
  expect([...mine].filter((g) => theirs.has(g))).toEqual([]);
  expect(mine.has(0)).toBe(false);
});

test("every default binding weft loads is listed as tmux lists it", () => {
  const golden = readFileSync(join(import.meta.dir, "../lang/goldens/default-keys/list-keys.out"), "utf8").trimEnd().split("\n").map(squash);
  const ours = server.keys.list(server.runner.spec).map(squash);
  // Column widths follow the widest key shown, which may be one left out: compare with them squashed.
  for (const line of ours) expect(golden).toContain(line);
  expect(ours.length + server.skippedDefaultBindings.length).toBe(DEFAULT_BINDINGS.length);
  expect(ours.length).toBeGreaterThan(200);
});

test("a default binding is left out only for a command weft lacks, which its parse names", () => {
  const known = new Set(COMMANDS.flatMap((c) => [c.name, ...(c.alias ?? [])]));
  for (const text of server.skippedDefaultBindings) {
    const parsed = server.runner.parseString(text, null);
    if (parsed.ok) {
      // Parsed with weft's table: what it lacks is a copy-mode command (send-keys -X name).
      expect(text).toMatch(/send(-keys)? -X /);
    } else expect(parsed.error).toMatch(/^unknown command: /);
    const missing = /unknown command: (\S+)/.exec(parsed.ok ? "" : parsed.error)?.[1];
    if (missing !== undefined) expect(known.has(missing)).toBe(false);
  }
});
