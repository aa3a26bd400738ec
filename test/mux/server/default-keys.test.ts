// The server's key tables at start: tmux 3.3a's default bindings, each parsed and run as
// key_bindings_init does. Those running a command (or copy-mode command) weft lacks are left out;
// every other line of list-keys is tmux's (test/mux/lang/goldens/default-keys/list-keys.out).
import { test, expect } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Server } from "../../../src/mux/server/server.ts";
import { COMMANDS } from "../../../src/cli/commands/index.ts";
import { DEFAULT_BINDINGS } from "../../../src/mux/lang/default-bindings.ts";

const server = new Server({ socketPath: `/tmp/weft-keys-test-${process.pid}.sock`, commands: COMMANDS, configFiles: [], version: "test" });
const squash = (l: string) => l.replace(/ +/g, " ");

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
